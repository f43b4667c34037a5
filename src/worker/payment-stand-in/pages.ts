/**
 * The stand-in's own pages: its hosted checkout (Stripe Checkout's part: the card form with 3-D Secure, the
 * authorisation page of the redirect methods, the SEPA mandate), and `/dev/stripe`, which says what it is. These
 * pages are the provider's surface: the storefront never sees what is typed here, and the stand-in keeps a card as
 * its brand and last four digits only.
 */
import type { Context } from 'hono'
import { formatMoney } from '../../i18n/formats'
import { WEBHOOK_PATH } from '../payments/settings'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { DECLINE_MESSAGES, TEST_CARDS, TEST_IBANS } from './cards'
import type { SessionObject } from './model'
import { type CheckoutTexts, checkoutLanguage, checkoutTexts, fill } from './texts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

const STYLE = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Thai",sans-serif;margin:0;background:#fff;color:#1a1f36}
a{color:#635bff}code{font-size:.8125rem}.muted{color:#697386;font-size:.875rem}
.banner{margin:0;background:#ffe7a3;color:#5c3b00;padding:.5rem 1rem;font-size:.8125rem;text-align:center}
.pill{display:inline-block;padding:0 .4rem;border-radius:4px;background:#ffde92;color:#5c3b00;font-size:.6875rem;font-weight:700;text-transform:uppercase;letter-spacing:.02em;vertical-align:middle}
.checkout{display:grid;max-width:60rem;margin:0 auto}.summary,.pay{padding:1.5rem 1.25rem}
.merchant{display:flex;align-items:center;gap:.5rem;margin:0 0 1.5rem;font-weight:600}.merchant a{display:inline-flex;align-items:center;gap:.5rem;color:#1a1f36;text-decoration:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.mark{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:50%;background:#0a5c7a;color:#fff;font-size:.875rem}
.payto{margin:0;color:#697386;font-size:1rem;font-weight:500}.amount{margin:.1rem 0 .75rem;font-size:2.25rem;font-weight:650;letter-spacing:-.01em}
.item{display:flex;justify-content:space-between;gap:1rem;padding-top:.75rem;border-top:1px solid #e3e8ee;font-size:.875rem}
h1{font-size:1rem;font-weight:500;margin:0}h2{font-size:1.125rem;margin:0 0 1rem}
label,.label{display:block;margin:1rem 0 .3rem;color:#30313d;font-size:.875rem;font-weight:500}
input{width:100%;padding:.7rem .75rem;border:1px solid #d5dbe1;border-radius:6px;font:inherit;background:#fff;box-shadow:0 1px 1px #0000000d}
input:focus{outline:2px solid #635bff55;border-color:#635bff}input[readonly]{background:#f6f8fa;color:#30313d}
.group input{border-radius:0}.group .first{border-radius:6px 6px 0 0}.group .row{display:flex}.group .row input{margin-top:-1px}
.group .row input:first-child{border-radius:0 0 0 6px}.group .row input:last-child{border-radius:0 0 6px 0;margin-left:-1px}
.brands{float:right;display:flex;gap:.25rem}.brand{padding:0 .3rem;border:1px solid #d5dbe1;border-radius:3px;font-size:.625rem;font-weight:700;color:#1a1f36;line-height:1.4}
button{width:100%;margin-top:1.25rem;padding:.8rem;border:0;border-radius:6px;background:#0a5c7a;color:#fff;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 1px 2px #0003}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #d5dbe1;margin-top:.75rem}
.error{margin:0 0 1rem;background:#fdecea;color:#8a1c12;padding:.6rem .75rem;border-radius:6px;font-size:.9375rem}
details{margin-top:1.25rem;padding:.75rem 1rem;border:1px dashed #d5dbe1;border-radius:6px;font-size:.875rem}summary{cursor:pointer;font-weight:500}
table{border-collapse:collapse;width:100%;font-size:.875rem}td,th{text-align:left;padding:.25rem .5rem .25rem 0;border-bottom:1px solid #e3e8ee}
.foot{display:flex;gap:1rem;justify-content:center;margin-top:2rem;color:#697386;font-size:.8125rem}
.app{display:grid;place-items:center;margin:1rem 0;padding:1.5rem;border-radius:8px;background:#f6f8fa;font-size:1.5rem;font-weight:700}
.home{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}.home h1{font-size:1.5rem;font-weight:650}.home button{width:auto;margin:.5rem .5rem 0 0;padding:.5rem .9rem}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:1.25rem;margin:1rem 0}
@media (min-width:56rem){.checkout{grid-template-columns:1fr 1fr;min-height:calc(100vh - 2.5rem)}.summary{padding:3.5rem 3rem 2rem 1.5rem}
.pay{padding:3.5rem 1.5rem 2rem 3rem;box-shadow:-12px 0 24px -20px #0003}}`

function page(c: Context<AppEnv>, language: string, title: string, body: string, status = 200): Response {
  const nonce = c.get('secureHeadersNonce') ?? ''
  const texts = checkoutTexts(language)
  const document = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><header class="banner"><span class="pill">${escapeHtml(texts.testMode)}</span> ${escapeHtml(texts.banner)}</header>${body}</body></html>`
  return c.html(document, status as 200, { 'cache-control': CachePolicy.noStore, 'x-robots-tag': 'noindex' })
}

const METHOD_TITLES: Record<string, string> = {
  card: 'Card',
  vipps: 'Vipps',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sepa_debit: 'SEPA Direct Debit',
  promptpay: 'PromptPay',
}

function amountOf(session: SessionObject, language = 'en'): string {
  const currency = session.currency.toUpperCase()
  const minor = currency === 'ISK' ? session.amount_total / 100 : session.amount_total
  return formatMoney({ amount: minor, currency: currency as 'EUR' }, language)
}

/** The page's language for a session: its `locale`, else the browser's (Stripe Checkout's rule). */
const languageOf = (c: Context<AppEnv>, session: SessionObject) =>
  checkoutLanguage(session.locale, c.req.header('accept-language') ?? null)

/** The left half: the merchant, the amount and what it is for (Stripe Checkout's order summary). */
function summary(session: SessionObject, texts: CheckoutTexts, language: string): string {
  const back = session.cancel_url
    ? `<p class="merchant"><a href="${escapeHtml(session.cancel_url)}"><span aria-hidden="true">←</span> <span class="sr">${escapeHtml(texts.back)}:</span> <span class="mark" aria-hidden="true">N</span> Nordvolt</a> <span class="pill">${escapeHtml(texts.testMode)}</span></p>`
    : `<p class="merchant"><span class="mark" aria-hidden="true">N</span> Nordvolt</p>`
  const amount = escapeHtml(amountOf(session, language))
  return `<section class="summary">${back}<h1 class="payto">${escapeHtml(texts.payTo)}</h1><p class="amount">${amount}</p>
<p class="item"><span>${escapeHtml(session.line_items_name)}</span><span>${amount}</span></p></section>`
}

const declineText = (message: string, texts: CheckoutTexts) => {
  const code = (Object.keys(DECLINE_MESSAGES) as (keyof typeof DECLINE_MESSAGES)[]).find(
    (key) => DECLINE_MESSAGES[key] === message,
  )
  return code ? texts.declines[code] : message
}

function methodForm(
  session: SessionObject,
  method: string,
  action: string,
  error: string | null,
  texts: CheckoutTexts,
  language: string,
): string {
  const failure = error ? `<p class="error" role="alert">${escapeHtml(declineText(error, texts))}</p>` : ''
  const pay = escapeHtml(fill(texts.pay, { amount: amountOf(session, language) }))
  const email = `<label for="email">${escapeHtml(texts.email)}</label><input id="email" value="${escapeHtml(session.customer_email ?? '')}" readonly>`
  const title = METHOD_TITLES[method] ?? method
  if (method === 'card') {
    const rows = Object.entries(TEST_CARDS)
      .map(
        ([number, card]) =>
          `<tr><td><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.label)}</td></tr>`,
      )
      .join('')
    return `<form method="post" action="${action}">${failure}${email}
<p class="label" id="card-label">${escapeHtml(texts.cardInformation)}<span class="brands" aria-hidden="true"><span class="brand">VISA</span><span class="brand">MC</span><span class="brand">AMEX</span></span></p>
<div class="group" role="group" aria-labelledby="card-label">
<input class="first" id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-label="${escapeHtml(texts.cardNumber)}" required>
<div class="row"><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-label="${escapeHtml(texts.expiry)}" required>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-label="${escapeHtml(texts.cvc)}" required></div></div>
<label for="name">${escapeHtml(texts.nameOnCard)}</label><input id="name" name="name" autocomplete="cc-name" required>
<button type="submit">${pay}</button>
<p class="muted">${escapeHtml(texts.wallets)}</p></form>
<details><summary>${escapeHtml(texts.testCards)}</summary><table>${rows}</table><p class="muted">${escapeHtml(texts.anyExpiry)}</p></details>`
  }
  if (method === 'sepa_debit') {
    const rows = Object.entries(TEST_IBANS)
      .map(([iban, facts]) => `<tr><td><code>${iban}</code></td><td>${escapeHtml(facts.label)}</td></tr>`)
      .join('')
    return `<form method="post" action="${action}">${failure}${email}
<label for="iban">${escapeHtml(texts.iban)}</label><input id="iban" name="iban" autocomplete="off" placeholder="DE00 0000 0000 0000 0000 00" required>
<label for="name">${escapeHtml(texts.accountHolder)}</label><input id="name" name="name" autocomplete="name" required>
<p class="muted">${escapeHtml(texts.mandate)}</p>
<button type="submit">${pay}</button></form>
<details><summary>${escapeHtml(texts.testIbans)}</summary><table>${rows}</table></details>`
  }
  return `<form method="post" action="${action}">${failure}${email}
<p class="app" aria-hidden="true">${escapeHtml(title)}</p>
<p>${escapeHtml(fill(texts.redirectText, { method: title }))}</p>
<button type="submit" name="decision" value="authorize">${escapeHtml(texts.authorize)}</button>
<button type="submit" name="decision" value="fail" class="secondary">${escapeHtml(texts.failPayment)}</button></form>`
}

const footer = (texts: CheckoutTexts) =>
  `<p class="foot"><span>${escapeHtml(texts.poweredBy)}</span><span>Terms</span><span>Privacy</span></p>`

/** The hosted checkout of an open session; a closed one says so and leads back. */
export function checkoutPage(c: Context<AppEnv>, session: SessionObject, error: string | null = null, status = 200) {
  const method = session.allowed_payment_method_types[0] ?? 'card'
  const language = languageOf(c, session)
  const texts = checkoutTexts(language)
  if (session.status !== 'open')
    return page(
      c,
      language,
      'Nordvolt',
      `<main class="checkout">${summary(session, texts, language)}<section class="pay"><div class="card"><p>${escapeHtml(session.status === 'complete' ? texts.closedComplete : texts.closedExpired)}</p>
<p><a href="${escapeHtml(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">${escapeHtml(texts.returnTo)}</a></p></div>${footer(texts)}</section></main>`,
      status,
    )
  const heading = method === 'card' ? texts.cardInformation : (METHOD_TITLES[method] ?? method)
  return page(
    c,
    language,
    `${fill(texts.pay, { amount: amountOf(session, language) })} · Nordvolt`,
    `<main class="checkout">${summary(session, texts, language)}<section class="pay">${method === 'card' ? '' : `<h2>${escapeHtml(heading)}</h2>`}
${methodForm(session, method, `${new URL(c.req.url).pathname.replace(/\/authenticate$/, '')}`, error, texts, language)}${footer(texts)}</section></main>`,
    status,
  )
}

/** The issuer's 3-D Secure challenge (Stripe's test page: complete or fail the authentication). */
export function challengePage(c: Context<AppEnv>, session: SessionObject, token: string) {
  const action = `${new URL(c.req.url).pathname}`
  const language = languageOf(c, session)
  const texts = checkoutTexts(language)
  return page(
    c,
    language,
    texts.challengeTitle,
    `<main class="checkout">${summary(session, texts, language)}<section class="pay"><form method="post" action="${action}" class="card"><h2>${escapeHtml(texts.challengeTitle)}</h2>
<p>${escapeHtml(texts.challengeText)}</p>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" name="decision" value="complete">${escapeHtml(texts.completeAuth)}</button>
<button type="submit" name="decision" value="fail" class="secondary">${escapeHtml(texts.failAuth)}</button></form>${footer(texts)}</section></main>`,
  )
}

/** `/dev/stripe`: what the stand-in is, its keys, its test cards, and its recent checkouts and events. */
export function standInHome(
  c: Context<AppEnv>,
  input: {
    sessions: SessionObject[]
    events: {
      id: string
      type: string
      created: number
      deliveredAt: number | null
      attempts: number
      lastStatus: number | null
    }[]
    mode: string
    origin: string
  },
) {
  const sessions = input.sessions
    .map(
      (s) =>
        `<tr><td><code>${escapeHtml(s.id.slice(0, 20))}…</code></td><td>${escapeHtml(s.metadata.order_number ?? '')}</td><td>${escapeHtml(amountOf(s))}</td><td>${escapeHtml(s.allowed_payment_method_types.join(', '))}</td><td>${s.status}/${s.payment_status}</td></tr>`,
    )
    .join('')
  const events = input.events
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.type)}</td><td>${new Date(e.created).toISOString().slice(11, 19)}</td><td>${e.deliveredAt ? (e.lastStatus === 0 ? 'dropped' : `delivered (${e.lastStatus})`) : `waiting${e.attempts ? `, ${e.attempts} tries, last ${e.lastStatus}` : ''}`}</td></tr>`,
    )
    .join('')
  const modes = ['deliver', 'hold', 'drop']
    .map(
      (m) =>
        `<button type="submit" name="webhooks" value="${m}"${m === input.mode ? ' class="secondary" disabled' : ''}>Webhooks: ${m}</button>`,
    )
    .join('')
  return page(
    c,
    'en',
    'Payment stand-in',
    `<main class="home"><h1>Payment stand-in (Stripe)</h1>
<div class="card"><p>This is a local stand-in for Stripe, the storefront's payment provider, for development and tests. It
answers the part of Stripe's API the storefront calls (Checkout Sessions, Refunds) with Stripe's objects, errors and
idempotency keys, shows its own hosted checkout with Stripe's test cards, and sends webhooks signed with Stripe's
scheme to <code>${escapeHtml(input.origin + WEBHOOK_PATH)}</code>. A production Worker has no such page: there the
storefront talks to Stripe itself. The e-mails about payments and refunds are in the <a href="/dev/mailbox">dev mailbox</a>.</p>
<p class="muted">Secret key <code>sk_test_stand_in_…</code>, webhook secret <code>whsec_stand_in_…</code> (development only).</p></div>
<form method="post" action="/dev/stripe/settings" class="card"><p>Webhooks now: <strong>${escapeHtml(input.mode)}</strong>. Hold keeps
them waiting; drop loses them (the scheduled reconciliation then asks the API).</p>${modes}</form>
<form method="post" action="/dev/stripe/deliver" class="card"><p>Events of later outcomes (a refund settling, a SEPA debit clearing)
wait for their time; send them now:</p><button type="submit">Deliver waiting events now</button></form>
<div class="card"><h2>Checkouts</h2><table><tr><th>Session</th><th>Order</th><th>Amount</th><th>Method</th><th>Status</th></tr>${sessions}</table></div>
<div class="card"><h2>Events</h2><table><tr><th>Type</th><th>At (UTC)</th><th>Delivery</th></tr>${events}</table></div></main>`,
  )
}
