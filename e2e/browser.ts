import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'

/**
 * Debian's Chromium, headless, with nothing that reaches the network by itself. Playwright gives
 * every launch a fresh, empty profile.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
}

/**
 * Runs `act`, which sends a form that answers with the page it was sent from, and waits until that
 * new page has loaded. `waitForURL` cannot tell: the address already matches before the form is
 * sent, so it returns at once and the test would read the old page.
 */
export async function reloadedBy(page: Page, act: () => Promise<unknown>): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
  await act()
  await navigated
  await page.waitForLoadState('load')
}

/**
 * One browser for a test file: launched before its tests, closed after them; `use` receives it.
 *
 * @example
 * let browser: Browser
 * withBrowser((launched) => { browser = launched })
 */
export function withBrowser(use: (browser: Browser) => void): void {
  let launched: Browser | undefined
  beforeAll(async () => {
    launched = await launchBrowser()
    use(launched)
  })
  afterAll(async () => {
    await launched?.close()
  })
}

/**
 * Resolves once the page's client entry has hydrated it (`<html data-hydrated>`). Polls with evaluate: Playwright's
 * waitForFunction compiles its predicate with eval, which the storefront's CSP rightly refuses.
 */
export const hydrated = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated), { timeout: 10_000 }).toBe('true')
