import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'

/**
 * Debian's Chromium, headless, with nothing that reaches the network by itself. Playwright gives
 * every launch a fresh, empty profile.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
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
