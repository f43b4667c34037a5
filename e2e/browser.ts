import { type Browser, chromium } from 'playwright-core'

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
