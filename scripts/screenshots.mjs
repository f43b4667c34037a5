// Screenshots of every page type of the storefront at 390 and 1366 px, in German (a few in Thai),
// with an index.html that lists them: issue 20's before/after record.
//
//   npm run screenshots                      (against http://127.0.0.1:$PORT, default 8787)
//   SCREENSHOTS_BASE=http://127.0.0.1:8861 SCREENSHOTS_DIR=/tmp/shots npm run screenshots
//
// Needs a served build with the browser tests' fixtures (npm run build, then db:setup and serve with
// PERSIST_TO=.wrangler/e2e-state EXTRA_SQL=e2e/fixtures.sql, as e2e/server.ts does) and Debian's
// Chromium. Each page is taken on its own: one that fails (an older build without it, say) is listed
// in the index as missing and the rest go on. Signs up a customer and a German staff account.
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { fillRequired } from './fill-form.mjs'

const base = process.env.SCREENSHOTS_BASE ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`
const out = process.env.SCREENSHOTS_DIR ?? 'artifacts/screenshots'
const widths = (process.env.SCREENSHOTS_WIDTHS ?? '390,1366').split(',').map(Number)
mkdirSync(out, { recursive: true })

/** A browser context of the given width; CSP bypassed only for the screenshot's own style rule. */
const newContext = (width) =>
  browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, deviceScaleFactor: 1, bypassCSP: true })

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
})

/** One row per page type and width: { name, width, url, files, error }. */
const shots = []

async function shoot(page, name, width) {
  await page.waitForLoadState('load')
  // Scroll through once: parts kept off-screen by `content-visibility: auto` or lazy images are drawn.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    window.scrollTo(0, 0)
  })
  // A full-page shot is taken beyond the viewport, where `content-visibility: auto` would leave parts
  // (the footer) blank although a person scrolling sees them.
  await page.addStyleTag({ content: '* { content-visibility: visible !important }' })
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
  const file = `${name}-${width}.png`
  // The first screen as a person sees it (sticky parts where they stay), and the whole page.
  await page.screenshot({ path: `${out}/${file}` })
  await page.screenshot({ path: `${out}/${name}-${width}-full.png`, fullPage: true })
  shots.push({ name, width, url: page.url().replace(base, ''), files: [file, `${name}-${width}-full.png`] })
  console.log(`${out}/${file}`)
}

/** Takes one page; a failure is recorded and does not stop the others. */
async function take(page, name, width, steps) {
  try {
    await steps()
    await shoot(page, name, width)
  } catch (error) {
    shots.push({ name, width, url: page.url().replace(base, ''), files: [], error: String(error).split('\n')[0] })
    console.warn(`${name} ${width}: ${String(error).split('\n')[0]}`)
  }
}

/** Answers the cookie banner once, so it does not cover the pages. */
async function chooseCookies(page, url) {
  await page.goto(url)
  const reject = page.locator('.consent button[value="rejectAll"]')
  if (await reject.count()) {
    await Promise.all([page.waitForEvent('framenavigated'), reject.click()])
    await page.waitForLoadState('load')
  }
}

const mainForm = (page) =>
  page.locator('main form[method="post"]').filter({ has: page.locator('button[type="submit"]') })

async function submit(page) {
  const form = mainForm(page).last()
  await Promise.all([page.waitForEvent('framenavigated'), form.locator('button[type="submit"]').last().click()])
  await page.waitForLoadState('load')
}

async function signUp(page, url, email) {
  await page.goto(url)
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await form.locator('input[name="name"]').fill('Erika Mustermann')
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="password"]').fill('a long enough password')
  await Promise.all([page.waitForEvent('framenavigated'), form.getByRole('button').click()])
  await page.waitForLoadState('load')
}

for (const width of widths) {
  const context = await newContext(width)
  const page = await context.newPage()
  const de = `${base}/de`
  await chooseCookies(page, de)

  // Pages anyone can open.
  const open = [
    ['de-home', ''],
    ['de-marketing', '/marketing'],
    ['de-configurator', '/configurator/p5'],
    ['de-configurator-interior', '/configurator/p5?view=interior'],
    ['de-test-drive', '/test-drive/p5'],
    ['de-quick-delivery', '/quick-delivery'],
    ['de-trade-in', '/trade-in'],
    ['de-home-charger', '/home-charger'],
    ['de-subscription', '/subscription'],
    ['de-legal-terms', '/terms-conditions'],
    ['de-legal-policy', '/policy'],
    ['de-content-ald-privacy', '/third-page/ald-privacy'],
    ['de-sign-in', '/auth'],
    ['de-gray-login', '/grayLogin'],
    ['de-cookie-settings', '/cookie-settings'],
    ['de-error-404', '/no-such-page'],
    ['de-error-no-record', '/configurator/overview/no-such-build'],
  ]
  for (const [name, path] of open) await take(page, name, width, () => page.goto(`${de}${path}`))

  // A saved build: its overview and the forms about it.
  let id = ''
  await take(page, 'de-overview', width, async () => {
    await page.goto(`${de}/configurator/p5`)
    await Promise.all([
      page.waitForURL(/\/configurator\/overview\//),
      page.locator('.configurator__save button').click(),
    ])
    id = new URL(page.url()).pathname.split('/').pop()
  })
  await take(page, 'de-test-drive-configured', width, () => page.goto(`${de}/configurator/test-drive-submission/${id}`))
  await take(page, 'de-quote', width, () => page.goto(`${de}/configurator/test-drive-submission/quote/${id}`))
  await take(page, 'de-quote-errors', width, () => submit(page))
  await take(page, 'de-quote-sent', width, async () => {
    await page.goto(`${de}/configurator/test-drive-submission/quote/${id}`)
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
  })
  await take(page, 'de-pre-order', width, () => page.goto(`${de}/pre-order/${id}/p5`))
  await take(page, 'de-test-drive-result', width, async () => {
    await page.goto(`${de}/test-drive/p5`)
    const slot = page.locator('main input[type="radio"]').first()
    if (await slot.count()) await slot.check()
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
  })
  await take(page, 'de-trade-in-result', width, async () => {
    await page.goto(`${de}/trade-in`)
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
  })
  await take(page, 'de-home-charger-result', width, async () => {
    await page.goto(`${de}/home-charger`)
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
  })

  // Signed in: forced login on the order form leads back to it.
  await take(page, 'de-order-form', width, () =>
    signUp(page, `${de}/configurator/info-submission/${id}`, `shots.${Date.now()}.${width}@example.com`),
  )
  await take(page, 'de-order-form-errors', width, () => submit(page))
  await take(page, 'de-pre-order-form', width, () => page.goto(`${de}/pre-order/info-submission/${id}/p5`))
  let order = ''
  await take(page, 'de-order-confirmation', width, async () => {
    await page.goto(`${de}/configurator/info-submission/${id}`)
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
    if (!/\/order\/result-confirmation\//.test(page.url())) throw new Error(`order not placed: ${page.url()}`)
    order = page.url().replace('/result-confirmation', '')
  })
  await take(page, 'de-order-detail', width, () => page.goto(order))
  // Paying: the provider's hosted page (the Stripe stand-in outside production), then back.
  await take(page, 'de-hosted-checkout', width, async () => {
    await page.goto(order.replace('/order/', '/order/result-confirmation/'))
    await page.locator('.payment-step input[name="method"][value="card"]').check()
    await Promise.all([page.waitForURL(/\/dev\/stripe\/checkout\//), page.locator('.payment-step button').click()])
  })
  await take(page, 'de-order-paid', width, async () => {
    await page.locator('#number').fill('4242 4242 4242 4242')
    await page.locator('#expiry').fill('12 / 34')
    await page.locator('#cvc').fill('123')
    await page.locator('#name').fill('Erika Mustermann')
    await Promise.all([page.waitForURL(/\?checkout=/), page.locator('main form button[type="submit"]').click()])
    await page.waitForLoadState('load')
  })
  await take(page, 'de-profile', width, () => page.goto(`${de}/user-center/profile`))
  await take(page, 'de-privacy', width, () => page.goto(`${de}/user-center/privacy`))
  await take(page, 'de-password-change', width, () => page.goto(`${de}/user-center/password`))
  await take(page, 'de-subscription-result', width, async () => {
    await page.goto(`${de}/subscription`)
    await fillRequired(mainForm(page).last(), 'shots')
    await submit(page)
  })
  await context.close()

  // Store staff: a separate account.
  const staffContext = await newContext(width)
  const staffPage = await staffContext.newPage()
  await chooseCookies(staffPage, de)
  await take(staffPage, 'de-staff', width, async () => {
    await signUp(staffPage, `${de}/auth`, `staff.de.shots${Date.now()}@e2e.example.com`)
    await staffPage.goto(`${de}/staff`)
  })
  await staffContext.close()

  // Thai: the script's own face and line breaking on a few page types.
  const thaiContext = await newContext(width)
  const thai = await thaiContext.newPage()
  await chooseCookies(thai, `${base}/th`)
  for (const [name, path] of [
    ['th-home', ''],
    ['th-configurator', '/configurator/p5'],
    ['th-test-drive', '/test-drive/p5'],
    ['th-quick-delivery', '/quick-delivery'],
    ['th-legal-terms', '/terms-conditions'],
  ]) {
    await take(thai, name, width, () => thai.goto(`${base}/th${path}`))
  }
  await thaiContext.close()
  // Icelandic: þ, ð and æ in the home stage.
  const isContext = await newContext(width)
  const icelandic = await isContext.newPage()
  await chooseCookies(icelandic, `${base}/is`)
  await take(icelandic, 'is-home', width, () => icelandic.goto(`${base}/is`))
  await take(icelandic, 'is-configurator', width, () => icelandic.goto(`${base}/is/configurator/p5`))
  await isContext.close()
}
await browser.close()

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
const rows = shots
  .toSorted((a, b) => a.name.localeCompare(b.name) || a.width - b.width)
  .map(
    (s) =>
      `<tr><td>${escapeHtml(s.name)}</td><td>${s.width}</td><td><code>${escapeHtml(s.url)}</code></td><td>${
        s.error
          ? `missing: ${escapeHtml(s.error)}`
          : s.files.map((f) => `<a href="${f}"><img src="${f}" alt="${escapeHtml(f)}" width="160"></a>`).join(' ')
      }</td></tr>`,
  )
  .join('\n')
writeFileSync(
  `${out}/index.html`,
  `<!doctype html><meta charset="utf-8"><title>Screenshots ${escapeHtml(base)}</title>
<style>body{font:14px system-ui;margin:2rem}td{padding:4px 8px;vertical-align:top;border-bottom:1px solid #ddd}img{border:1px solid #ccc}</style>
<h1>Screenshots</h1><p>${escapeHtml(base)}, ${new Date().toISOString()}: ${shots.filter((s) => !s.error).length} taken, ${
    shots.filter((s) => s.error).length
  } missing.</p>
<table><tr><th>page</th><th>width</th><th>address</th><th>first screen, whole page</th></tr>
${rows}
</table>
`,
)
console.log(
  `${out}/index.html: ${shots.filter((s) => !s.error).length} taken, ${shots.filter((s) => s.error).length} missing`,
)
