/**
 * The stand-in's own pages: its hosted checkout (Stripe Checkout's part: the card form with 3-D Secure, the
 * authorisation page of the redirect methods, the SEPA mandate), and `/dev/stripe`, which says what it is. These
 * pages are the provider's surface: the storefront never sees what is typed here, and the stand-in keeps a card as
 * its brand and last four digits only.
 */
import type { Context } from 'hono'
import { formatMoney } from '../../domain/money'
import { WEBHOOK_PATH } from '../payments/settings'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { TEST_CARDS, TEST_IBANS } from './cards'
import type { SessionObject } from './model'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem}.banner{background:#ffe7a3;padding:.5rem 1rem;font-size:.875rem;text-align:center}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;padding:1.25rem;margin:1rem 0}h1{font-size:1.25rem;margin:.25rem 0}
.amount{font-size:2rem;font-weight:600}.muted{color:#5b6478;font-size:.875rem}label{display:block;margin:.75rem 0 .25rem;font-weight:500}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #c9ced8;border-radius:6px;font:inherit}.row{display:flex;gap:.75rem}.row>div{flex:1}
button{width:100%;margin-top:1rem;padding:.75rem;border:0;border-radius:6px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #c9ced8}.error{background:#fdecea;color:#8a1c12;padding:.6rem;border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:.875rem}td,th{text-align:left;padding:.25rem .5rem .25rem 0;border-bottom:1px solid #e3e6ec}code{font-size:.8125rem}
a{color:#635bff}`

function page(c: Context<AppEnv>, title: string, body: string, status = 200): Response {
  const nonce = c.get('secureHeadersNonce') ?? ''
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><p class="banner">Test mode: the local stand-in for Stripe. No money moves; only Stripe's test cards and accounts work.</p><main>${body}</main></body></html>`
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

function amountOf(session: SessionObject): string {
  const currency = session.currency.toUpperCase()
  const minor = currency === 'ISK' ? session.amount_total / 100 : session.amount_total
  return formatMoney(
    { amount: minor, currency: currency as 'EUR' },
    session.locale && session.locale !== 'auto' ? session.locale : 'en',
  )
}

function heading(session: SessionObject): string {
  return `<p class="muted">Nordvolt · Stripe Checkout (stand-in)</p><h1>${escapeHtml(session.line_items_name)}</h1>
<p class="amount">${escapeHtml(amountOf(session))}</p>`
}

function methodForm(session: SessionObject, method: string, action: string, error: string | null): string {
  const failure = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
  if (method === 'card') {
    const rows = Object.entries(TEST_CARDS)
      .map(
        ([number, card]) =>
          `<tr><td><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.label)}</td></tr>`,
      )
      .join('')
    return `<form method="post" action="${action}" class="card">${failure}
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required>
<button type="submit">Pay ${escapeHtml(amountOf(session))}</button>
<p class="muted">Apple Pay and Google Pay show here where the browser offers them.</p></form>
<details class="card"><summary>Stripe's test cards</summary><table>${rows}</table><p class="muted">Any future expiry, any CVC.</p></details>`
  }
  if (method === 'sepa_debit') {
    const rows = Object.entries(TEST_IBANS)
      .map(([iban, facts]) => `<tr><td><code>${iban}</code></td><td>${escapeHtml(facts.label)}</td></tr>`)
      .join('')
    return `<form method="post" action="${action}" class="card">${failure}
<label for="iban">IBAN</label><input id="iban" name="iban" autocomplete="off" required>
<label for="name">Account holder</label><input id="name" name="name" autocomplete="name" required>
<p class="muted">By providing your IBAN you authorise Nordvolt and Stripe to debit your account (SEPA Direct Debit mandate).</p>
<button type="submit">Pay ${escapeHtml(amountOf(session))}</button></form>
<details class="card"><summary>Stripe's test IBANs</summary><table>${rows}</table></details>`
  }
  return `<form method="post" action="${action}" class="card">${failure}
<p>${escapeHtml(METHOD_TITLES[method] ?? method)} test payment page. In live mode the customer approves the payment in the ${escapeHtml(METHOD_TITLES[method] ?? method)} app.</p>
<button type="submit" name="decision" value="authorize">Authorize test payment</button>
<button type="submit" name="decision" value="fail" class="secondary">Fail test payment</button></form>`
}

/** The hosted checkout of an open session; a closed one says so and leads back. */
export function checkoutPage(c: Context<AppEnv>, session: SessionObject, error: string | null = null, status = 200) {
  const method = session.allowed_payment_method_types[0] ?? 'card'
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back to Nordvolt</a></p>` : ''
  if (session.status !== 'open')
    return page(
      c,
      'Checkout',
      `${heading(session)}<div class="card"><p>This checkout is ${session.status === 'complete' ? 'complete' : 'expired'}.</p>
<p><a href="${escapeHtml(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">Return to Nordvolt</a></p></div>`,
      status,
    )
  return page(
    c,
    `Pay ${amountOf(session)}`,
    `${heading(session)}<p class="muted">${escapeHtml(METHOD_TITLES[method] ?? method)} · ${escapeHtml(session.customer_email ?? '')}</p>
${methodForm(session, method, `${new URL(c.req.url).pathname.replace(/\/authenticate$/, '')}`, error)}${back}`,
    status,
  )
}

/** The issuer's 3-D Secure challenge (Stripe's test page: complete or fail the authentication). */
export function challengePage(c: Context<AppEnv>, session: SessionObject, token: string) {
  const action = `${new URL(c.req.url).pathname}`
  return page(
    c,
    '3D Secure 2 Test Page',
    `${heading(session)}<form method="post" action="${action}" class="card"><h2>3D Secure 2 Test Page</h2>
<p>This is a test page of your card's issuer: confirm that it is you who pays.</p>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" name="decision" value="complete">Complete authentication</button>
<button type="submit" name="decision" value="fail" class="secondary">Fail authentication</button></form>`,
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
    'Payment stand-in',
    `<h1>Payment stand-in (Stripe)</h1>
<div class="card"><p>This is a local stand-in for Stripe, the storefront's payment provider, for development and tests. It
answers the part of Stripe's API the storefront calls (Checkout Sessions, Refunds) with Stripe's objects, errors and
idempotency keys, shows its own hosted checkout with Stripe's test cards, and sends webhooks signed with Stripe's
scheme to <code>${escapeHtml(input.origin + WEBHOOK_PATH)}</code>. A production Worker has no such page: there the
storefront talks to Stripe itself.</p>
<p class="muted">Secret key <code>sk_test_stand_in_…</code>, webhook secret <code>whsec_stand_in_…</code> (development only).</p></div>
<form method="post" action="/dev/stripe/settings" class="card"><p>Webhooks now: <strong>${escapeHtml(input.mode)}</strong>. Hold keeps
them waiting; drop loses them (the scheduled reconciliation then asks the API).</p>${modes}</form>
<form method="post" action="/dev/stripe/deliver" class="card"><p>Events of later outcomes (a refund settling, a SEPA debit clearing)
wait for their time; send them now:</p><button type="submit">Deliver waiting events now</button></form>
<div class="card"><h2>Checkouts</h2><table><tr><th>Session</th><th>Order</th><th>Amount</th><th>Method</th><th>Status</th></tr>${sessions}</table></div>
<div class="card"><h2>Events</h2><table><tr><th>Type</th><th>At (UTC)</th><th>Delivery</th></tr>${events}</table></div>`,
  )
}
