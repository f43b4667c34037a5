import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { hydrated, reloadedBy, withBrowser } from './browser'

/**
 * ePrivacy Article 5(3) (data/legal/rules.json `storage-consent`): nothing is stored in or read from the browser
 * before the visitor allows it, except what the service they asked for strictly needs (the anti-forgery seed,
 * the consent choice itself). The device id and any analytics identifier appear only with analytics consent,
 * and go when it is withdrawn.
 */
const base = inject('baseUrl')
let browser: Browser
withBrowser((launched) => {
  browser = launched
})

const PAGE_TYPES = [
  '',
  '/configurator/p5',
  '/configurator/overview/cfg-e2e',
  '/test-drive/p5',
  '/quick-delivery',
  '/trade-in',
  '/accessibility',
]
const NECESSARY = new Set(['__Host-csrf', '__Host-consent'])

interface Stored {
  localStorage: string[]
  sessionStorage: string[]
  indexedDb: string[]
  scriptCookies: string
}

/** Everything the page's own scripts could have stored, after it hydrated and the visitor scrolled and clicked. */
async function storedBy(page: Page): Promise<Stored> {
  if (await page.locator('html[data-hydrated], script[type="module"]').count()) {
    await page.mouse.wheel(0, 2000)
    await page.waitForTimeout(500)
  }
  return page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDb: (await indexedDB.databases()).map((db) => db.name ?? ''),
    scriptCookies: document.cookie,
  }))
}

const nothing: Stored = { localStorage: [], sessionStorage: [], indexedDb: [], scriptCookies: '' }

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name)
}

async function choose(page: Page, choice: 'rejectAll' | 'acceptAll'): Promise<void> {
  await reloadedBy(page, () => page.locator(`.consent button[value="${choice}"]`).click())
}

describe('storage before and without analytics consent', () => {
  for (const prefix of ['/de', '/th']) {
    it(`stores nothing on any page type of ${prefix} before the visitor chooses`, async () => {
      const context = await browser.newContext()
      const page = await context.newPage()
      for (const path of PAGE_TYPES) {
        await page.goto(`${base}${prefix}${path}`)
        expect(await storedBy(page), `${prefix}${path}`).toEqual(nothing)
      }
      expect((await cookieNames(context)).filter((name) => !NECESSARY.has(name))).toEqual([])
      await context.close()
    }, 60_000)
  }

  it('stores nothing but the choice after "reject all", and no device id with marketing alone', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/fr/configurator/p5`)
    await choose(page, 'rejectAll')
    await hydrated(page)
    expect(await storedBy(page)).toEqual(nothing)
    await page.goto(`${base}/fr/cookie-settings`)
    await page.locator('#consent-marketing').check()
    await reloadedBy(page, () => page.locator('button[value="save"]').click())
    await page.goto(`${base}/fr/configurator/p5`)
    await hydrated(page)
    expect(await storedBy(page)).toEqual(nothing)
    expect((await cookieNames(context)).filter((name) => !NECESSARY.has(name))).toEqual([])
    await context.close()
  }, 60_000)

  it('keeps a car the visitor chose for the tab alone, and brings them back to it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/fr/configurator/p5`)
    await choose(page, 'rejectAll')
    await hydrated(page)
    await page.locator('#choose-paintCode a[href*="paint=fjord-blue"]').click()
    await expect.poll(() => page.url()).toContain('paint=fjord-blue')
    expect(await storedBy(page)).toEqual({ ...nothing, sessionStorage: ['nordvolt.build'] })
    await page.goto(`${base}/fr`)
    await page.goto(`${base}/fr/configurator/p5`)
    await expect.poll(() => page.url()).toContain('paint=fjord-blue')
    const otherTab = await context.newPage()
    await otherTab.goto(`${base}/fr/configurator/p5`)
    expect(otherTab.url()).not.toContain('paint=')
    await context.close()
  }, 60_000)
})

describe('storage with analytics consent', () => {
  it('keeps the device id only while analytics is allowed', async () => {
    const context = await browser.newContext()
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    )
    const page = await context.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await choose(page, 'acceptAll')
    await hydrated(page)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('nordvolt.deviceId')), { timeout: 5000 })
      .toMatch(/^[0-9a-f-]{36}$/)
    // Withdrawn on the settings page: the answer's Clear-Site-Data removes it.
    await page.goto(`${base}/nl/cookie-settings`)
    await page.locator('#consent-analytics').uncheck()
    await reloadedBy(page, () => page.locator('button[value="save"]').click())
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([])
    await context.close()
  }, 60_000)
})
