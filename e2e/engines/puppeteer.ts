import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import type { Cookie, InPage, NativeSide, Tab, VisitorOptions } from './tab'
import { clickAndAwaitNewPage, until } from './tab'

/** Debian's Firefox ESR. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Firefox ESR, headless, over WebDriver BiDi; `javaScript: false` turns the page's scripts off for the whole run. */
export function launchFirefox(javaScript = true): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    // On a loaded machine the ESR takes more than puppeteer's 30 s to start.
    timeout: 120_000,
    // The ESR has no BiDi command to turn scripts off per page: a browser of its own without them.
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  })
}

/** Debian's Chromium over the DevTools protocol, as the Android app's webview is Chromium. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
    headless: true,
    acceptInsecureCerts: true,
  })
}

/**
 * A new visitor in a browser launched above: a browser context of its own (empty cookies and storage). In the app,
 * a fake native side is injected before the page's first script, as Android's `addJavascriptInterface` makes
 * `window.NordvoltAndroid`; what the page posts reaches this process at once (an exposed function).
 */
export async function puppeteerVisitor(
  browser: Browser,
  engine: 'chromium' | 'firefox',
  options: VisitorOptions = {},
): Promise<{ tab: Tab; native: NativeSide | null }> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  const viewport = options.viewport ?? { width: 1366, height: 900 }
  await page.setViewport(viewport)
  // Chromium turns the page's scripts off per page (Firefox per browser: launchFirefox).
  if (engine === 'chromium' && options.javaScript === false) await page.setJavaScriptEnabled(false)
  let native: NativeSide | null = null
  if (options.app) {
    await page.setUserAgent({ userAgent: options.app.userAgent })
    if (options.app.bridge) {
      const received: Record<string, unknown>[] = []
      await page.exposeFunction('__nativeReceived', (json: string) => {
        received.push(JSON.parse(json) as Record<string, unknown>)
      })
      await page.evaluateOnNewDocument(() => {
        const deliver = (window as unknown as { __nativeReceived(json: string): void }).__nativeReceived
        Object.defineProperty(window, 'NordvoltAndroid', {
          value: { postMessage: (json: string) => deliver(json) },
        })
      })
      native = { messages: async () => [...received] }
    }
  }
  return { tab: new PuppeteerTab(engine, context, page, options.javaScript !== false), native }
}

class PuppeteerTab implements Tab {
  constructor(
    readonly engine: 'chromium' | 'firefox',
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly javaScript: boolean,
  ) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' })
  }

  async url(): Promise<string> {
    return this.page.url()
  }

  /**
   * Puppeteer's locator for a selector (narrowed to the deepest element with the text): it waits until the element
   * is there, visible and still (by the page's animation frames), scrolls it into view and acts on it.
   */
  private locate(selector: string, text?: string) {
    return this.page.locator(text === undefined ? selector : `${selector} ::-p-text(${text})`)
  }

  async click(selector: string, text?: string): Promise<void> {
    if (this.javaScript) return this.locate(selector, text).click()
    // Firefox without the page's scripts answers neither a locator (it waits for an animation frame) nor an input
    // action: the element is activated from the driver's own script, which is all a page without scripts can tell.
    const found = await this.page.evaluate(
      (css, wanted) => {
        const element = Array.from(document.querySelectorAll<HTMLElement>(css)).find(
          (el) => wanted === null || (el.textContent ?? '').includes(wanted),
        )
        element?.click()
        return element !== undefined
      },
      selector,
      text ?? null,
    )
    if (!found) throw new Error(`no ${selector}${text === undefined ? '' : ` with the text "${text}"`}`)
  }

  clickToLoad(selector: string, text?: string): Promise<void> {
    return clickAndAwaitNewPage(this, () => this.click(selector, text))
  }

  async fill(selector: string, value: string): Promise<void> {
    if (this.javaScript) return this.locate(selector).fill(value)
    await this.page.$eval(
      selector,
      (el, entry) => {
        ;(el as HTMLInputElement).value = entry
      },
      value,
    )
  }

  async check(selector: string): Promise<void> {
    const checked = await this.page.$eval(selector, (el) => (el as HTMLInputElement).checked)
    if (!checked) await this.click(selector)
  }

  async select(selector: string, value: string): Promise<void> {
    await this.page.select(selector, value)
  }

  async text(selector: string): Promise<string | null> {
    return this.page.evaluate(
      (css) => (document.querySelector(css) as HTMLElement | null)?.innerText.trim() ?? null,
      selector,
    )
  }

  async count(selector: string): Promise<number> {
    return this.page.evaluate((css) => document.querySelectorAll(css).length, selector)
  }

  async visible(selector: string): Promise<boolean> {
    return this.page.evaluate((css) => {
      const el = document.querySelector(css) as HTMLElement | null
      return el !== null && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
    }, selector)
  }

  // biome-ignore lint/suspicious/noExplicitAny: see InPage
  async evaluate<Args extends any[], Result>(fn: InPage<Args, Result>, ...args: Args): Promise<Awaited<Result>> {
    return (await this.page.evaluate(fn as never, ...args)) as Awaited<Result>
  }

  async waitForUrl(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    await until(
      () => this.url(),
      (url) => pattern.test(url),
      timeoutMs,
    )
    await until(
      () => this.page.evaluate(() => document.readyState).catch(() => 'loading'),
      (state) => state === 'complete',
      timeoutMs,
    )
  }

  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewport({ width, height })
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ fullPage: true }))
  }

  async press(key: 'Tab' | 'Enter' | 'Space'): Promise<void> {
    await this.page.keyboard.press(key === 'Space' ? ' ' : key)
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.context.cookies()).map((c) => ({
      name: c.name,
      value: c.value,
      secure: c.secure,
      httpOnly: c.httpOnly,
    }))
  }

  async close(): Promise<void> {
    await this.context.close()
  }
}
