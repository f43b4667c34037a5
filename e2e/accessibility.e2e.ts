import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { axeViolations } from './axe'
import { reloadedBy, withBrowser } from './browser'

const base = inject('baseUrl')

/** Every route of SPEC §2, with the fixture records of e2e/fixtures.sql. */
const ROUTES = [
  '/',
  '/404',
  '/configurator/p5',
  '/configurator/cfg-e2e',
  '/configurator/info-submission/cfg-e2e',
  '/configurator/overview/cfg-e2e',
  '/configurator/test-drive-submission/cfg-e2e',
  '/configurator/test-drive-submission/quote/cfg-e2e',
  '/grayLogin',
  '/marketing',
  '/order/ord-e2e',
  '/order/cancel-result/ord-e2e',
  '/order/result-confirmation/ord-e2e',
  '/pre-order/cfg-e2e/p5',
  '/pre-order/info-submission/cfg-e2e/p5',
  '/terms-conditions',
  '/accessibility',
  '/test-drive',
  '/test-drive/p5',
  '/test-drive-result',
  '/third-page/ald-privacy',
  '/user-agreement',
  '/policy',
  '/order/unknown-order',
  '/auth',
  '/auth?frontRedirect=%2Fno',
  '/auth/reset',
  '/auth/reset?token=unknown',
  '/auth/confirm-email',
  '/user-center/profile',
  '/quick-delivery',
  '/quick-delivery?colour=pink',
  '/trade-in',
  '/home-charger',
  '/subscription',
]

/** en-US, a locale with long words, and Thai. */
const PREFIXES = ['', '/de', '/th']
const WIDTHS = { desktop: 1280, mobile: 375 }

/** The violations a visitor would be stopped by. */
const seriousViolations = (page: Page) => axeViolations(page, ['serious', 'critical'])

let browser: Browser
withBrowser((launched) => {
  browser = launched
})

describe('axe on every route', () => {
  it('finds violations when there are some (self-check)', async () => {
    const page = await browser.newPage()
    await page.setContent(
      '<html><body><main><input type="text"><p style="color:#ccc;background:#fff">faint</p><a href="/x"></a></main></body></html>',
    )
    const found = (await seriousViolations(page)).join('\n')
    expect(found).toMatch(/label/)
    expect(found).toMatch(/color-contrast/)
    expect(found).toMatch(/link-name/)
    await page.close()
  })

  for (const [name, width] of Object.entries(WIDTHS)) {
    it(`has no serious or critical violations at ${name} width in en-US, de-DE and th-TH`, async () => {
      // axe is injected as a script, which the storefront's CSP would (rightly) refuse.
      const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })
      const page = await context.newPage()
      // A returning visitor who has chosen: the cookie banner, sticky at the foot of the viewport,
      // would otherwise partly cover whichever link sits under it. The banner's own accessibility
      // is checked in consent.e2e.ts.
      await page.goto(`${base}/`)
      await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())
      expect(page.url()).toBe(`${base}/`)
      expect(await page.locator('.consent').count()).toBe(0)
      const findings: string[] = []
      for (const prefix of PREFIXES) {
        for (const route of ROUTES) {
          const path = route === '/' ? prefix || '/' : `${prefix}${route}`
          await page.goto(`${base}${path}`)
          for (const violation of await seriousViolations(page)) findings.push(`${path}: ${violation}`)
        }
      }
      expect(findings).toEqual([])
      await context.close()
    }, 240_000)
  }
})

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, matches: (el: Element) => boolean, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const handle = await page.evaluateHandle(() => document.activeElement)
    const hit = await handle.evaluate(matches)
    if (hit) return
  }
  throw new Error('focus never reached the element')
}

describe('keyboard only', () => {
  it('skips to the content, then reaches the configurator from the header', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl`)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    expect(await page.locator('.skip-link').boundingBox()).not.toBeNull()
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => location.hash)).toBe('#main')
    await page.goto(`${base}/nl`)
    await tabTo(page, (el) => el.getAttribute('href') === '/nl/configurator/p5')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/nl/configurator/p5`)
    await page.close()
  })

  it('opens the country chooser and switches site', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/no/marketing`)
    await tabTo(page, (el) => el.tagName === 'SUMMARY')
    await page.keyboard.press('Enter')
    await tabTo(page, (el) => el.getAttribute('href') === '/dk/marketing')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/dk/marketing`)
    await page.close()
  })

  it('leaves the error page with Return Home', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/se/finns-inte`)
    await tabTo(page, (el) => el.classList.contains('button--primary'))
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/se`)
    await page.close()
  })

  it('shows where the focus is', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/at`)
    await tabTo(page, (el) => el.getAttribute('href') === '/at/marketing')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)
    expect(outline).toBe('solid')
    await page.close()
  })
})
