// Screenshots of the configurator, the overview and the forms at 390 and 1366 px in Norwegian, for
// issue 20's before/after comparison: `node scripts/screenshots.mjs <baseUrl> <outDir> <prefix>`.
// Needs a served build with the e2e fixtures (e2e/server.ts does that) and Debian's Chromium.
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'

const [base = 'http://127.0.0.1:8842', out = 'artifacts/screenshots', prefix = 'after'] = process.argv.slice(2)
const site = '/no'
mkdirSync(out, { recursive: true })

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

for (const width of [390, 1366]) {
  const context = await browser.newContext({
    viewport: { width, height: width > 500 ? 900 : 844 },
    deviceScaleFactor: 1,
  })
  const page = await context.newPage()
  const configurator = `${base}${site}/configurator/p5`
  await page.goto(configurator)
  // Choose cookies once, so the banner does not cover the pages.
  await page.locator('.consent button[value="rejectAll"]').click()
  await page.waitForLoadState('load')
  await page.goto(configurator)
  await shoot(page, 'configurator', width)
  await page.goto(`${configurator}?paint=fjord-blue&view=side`)
  await shoot(page, 'configurator-paint', width)
  await page.goto(`${configurator}?wheels=sport-19&version=long-range&view=wheel#choose-wheelCode`)
  await shoot(page, 'configurator-wheels', width)
  await page.goto(`${configurator}?version=long-range&interior=vegan-leather-sand&view=interior`)
  await shoot(page, 'configurator-interior', width)
  // Save the car: the overview and every form of a saved build.
  await page.goto(configurator)
  await page.locator('.configurator__save button').click()
  await page.waitForURL(/\/configurator\/overview\//)
  const id = new URL(page.url()).pathname.split('/').pop()
  await shoot(page, 'overview', width)
  await page.goto(`${base}${site}/test-drive/p5`)
  await shoot(page, 'test-drive', width)
  await page.goto(`${base}${site}/configurator/test-drive-submission/${id}`)
  await shoot(page, 'test-drive-configured', width)
  await page.goto(`${base}${site}/configurator/test-drive-submission/quote/${id}`)
  await shoot(page, 'quote', width)
  await page.locator('main form[method="post"] button[type="submit"]').click()
  await page.waitForLoadState('load')
  await shoot(page, 'quote-errors', width)
  await page.goto(`${base}${site}/pre-order/${id}/p5`)
  await shoot(page, 'pre-order', width)
  // Signed-in forms: sign up first (forced login leads back).
  await page.goto(`${base}${site}/configurator/info-submission/${id}`)
  await page.waitForURL(/\/auth\?frontRedirect=/)
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await form.locator('input[name="name"]').fill('Kari Nordmann')
  await form.locator('input[name="email"]').fill(`shots.${Date.now()}.${width}@example.com`)
  await form.locator('input[name="password"]').fill('a long enough password')
  await form.getByRole('button').click()
  await page.waitForURL(/\/configurator\/info-submission\//)
  await shoot(page, 'order-form', width)
  await page.locator('main form[method="post"] button[type="submit"]').click()
  await page.waitForLoadState('load')
  await shoot(page, 'order-form-errors', width)
  await page.goto(`${base}${site}/pre-order/info-submission/${id}/p5`)
  await shoot(page, 'pre-order-form', width)
  await context.close()
}
await browser.close()
