// Screenshots of the configurator, the order form (empty and with errors), the overview and the order
// confirmation at 390 and 1366 px in German and Thai, for issue 20's before/after comparison:
// `node scripts/screenshots.mjs <baseUrl> <outDir> <prefix> [sites]` (sites: comma-separated prefixes, default de,th).
// Needs a served build with the e2e fixtures (e2e/server.ts does that) and Debian's Chromium.
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'

const [base = 'http://127.0.0.1:8842', out = 'artifacts/screenshots', prefix = 'after', sites = 'de,th'] =
  process.argv.slice(2)
mkdirSync(out, { recursive: true })

/** What a German and a Thai customer would type into the order form. */
const ADDRESS = {
  de: { zip: '10115', city: 'Berlin', street: 'Invalidenstraße 1', phone: '030 12345678' },
  th: { zip: '10110', city: 'กรุงเทพฯ', street: '99 ถนนสุขุมวิท', phone: '081 234 5678' },
  no: { zip: '0150', city: 'Oslo', street: 'Storgata 1', phone: '412 34 567' },
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})

async function shoot(page, name, width) {
  await page.waitForLoadState('load')
  // Scroll through once: parts kept off-screen by `content-visibility: auto` are drawn before the full-page shot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForTimeout(400)
  const file = `${out}/${prefix}-${name}-${width}.png`
  // The first screen as a person sees it (sticky parts where they stay), and the whole page.
  await page.screenshot({ path: file })
  await page.screenshot({ path: file.replace('.png', '-full.png'), fullPage: true })
  console.log(file)
}

for (const code of sites.split(',')) {
  const site = `/${code}`
  for (const width of [390, 1366]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 500 ? 900 : 844 },
      deviceScaleFactor: 1,
    })
    const page = await context.newPage()
    const name = (what) => `${code}-${what}`
    const configurator = `${base}${site}/configurator/p5`
    await page.goto(configurator)
    // Choose cookies once, so the banner does not cover the pages.
    await page.locator('.consent button[value="rejectAll"]').click()
    await page.waitForLoadState('load')
    await page.goto(`${configurator}?paint=fjord-blue`)
    await shoot(page, name('configurator'), width)
    // Save the car: the overview and the order form of a saved build.
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    const id = new URL(page.url()).pathname.split('/').pop()
    await shoot(page, name('overview'), width)
    await page.goto(`${base}${site}/configurator/info-submission/${id}`)
    await page.waitForURL(/\/auth\?frontRedirect=/)
    const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
    await form.locator('input[name="name"]').fill(code === 'th' ? 'สมชาย ใจดี' : 'Erika Mustermann')
    await form.locator('input[name="email"]').fill(`shots.${Date.now()}.${code}.${width}@example.com`)
    await form.locator('input[name="password"]').fill('a long enough password')
    await form.getByRole('button').click()
    await page.waitForURL(/\/configurator\/info-submission\//)
    await shoot(page, name('order-form'), width)
    // On a phone the itemised price is folded under the total: open it once for the picture.
    const toggle = page.locator('.form-car__toggle')
    if (await toggle.isVisible()) {
      await toggle.click()
      await page.screenshot({ path: `${out}/${prefix}-${name('order-form-price-open')}-${width}.png`, fullPage: true })
      await toggle.click()
    }
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForLoadState('load')
    await shoot(page, name('order-form-errors'), width)
    const address = ADDRESS[code] ?? ADDRESS.no
    await page.locator('#order-lastName').fill(code === 'th' ? 'ใจดี' : 'Mustermann')
    await page.locator('#order-zip').fill(address.zip)
    await page.locator('#order-city').fill(address.city)
    await page.locator('#order-street').fill(address.street)
    await page.locator('#order-email').fill('kunde@example.com')
    await page.locator('#order-phone').fill(address.phone)
    for (const box of await page.locator('main form[method="post"] input[type="checkbox"][id^="order-"]').all()) {
      const boxId = (await box.getAttribute('id')) ?? ''
      if (/terms|orderAgreement|privacy/.test(boxId)) await box.check()
    }
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForLoadState('load')
    if (!/\/order\/result-confirmation\//.test(page.url())) {
      console.error(`order not placed on ${site} at ${width}: ${page.url()}`)
      await shoot(page, name('order-form-failed'), width)
    } else await shoot(page, name('order-confirmation'), width)
    await context.close()
  }
}
await browser.close()
