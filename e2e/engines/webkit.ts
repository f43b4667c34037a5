import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { By, Capabilities, Key, WebDriver, type WebElement } from 'selenium-webdriver'
import { Executor, HttpClient } from 'selenium-webdriver/http'
import type { Cookie, InPage, NativeSide, Tab, VisitorOptions } from './tab'
import { clickAndAwaitNewPage, until } from './tab'

/** The web view alone, in a window as small as a phone's (webkit-browser.py), with the app's native side. */
const BROWSER = join(import.meta.dirname, 'webkit-browser.py')

const KEYS = { Tab: Key.TAB, Enter: Key.ENTER, Space: Key.SPACE } as const

/**
 * A new WebKit visitor: one WebDriver session, which is a new browser process with an empty, ephemeral profile.
 * Without JavaScript the page's scripts are off, while WebDriver's own still run.
 */
export async function webkitVisitor(
  webDriverUrl: string,
  certificate: string,
  options: VisitorOptions = {},
): Promise<{ tab: Tab; native: NativeSide | null }> {
  const args = ['--automation']
  let messages: string | null = null
  if (options.javaScript === false) args.push('--no-page-scripts')
  if (options.app) {
    args.push(`--user-agent=${options.app.userAgent}`)
    if (options.app.bridge) {
      messages = join(mkdtempSync(join(tmpdir(), 'nordvolt-app-')), 'messages.jsonl')
      writeFileSync(messages, '')
      args.push(`--messages=${messages}`)
    }
  }
  const capabilities = new Capabilities({
    'webkitgtk:browserOptions': {
      binary: BROWSER,
      args,
      certificates: [{ host: 'localhost', certificateFile: certificate }],
    },
  })
  const driver = WebDriver.createSession(new Executor(new HttpClient(webDriverUrl)), capabilities)
  const tab = new WebKitTab(driver)
  // A session that cannot take its size is closed: WebKitWebDriver holds one session at a time.
  await tab.setViewport(options.viewport?.width ?? 1366, options.viewport?.height ?? 900).catch(async (error) => {
    await driver.quit().catch(() => {})
    throw error
  })
  const native: NativeSide | null = messages
    ? {
        async messages() {
          const path = messages as string
          return readFileSync(path, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>)
        },
      }
    : null
  return { tab, native }
}

class WebKitTab implements Tab {
  readonly engine = 'webkit' as const
  constructor(private readonly driver: WebDriver) {}

  async goto(url: string): Promise<void> {
    await this.driver.get(url)
  }

  url(): Promise<string> {
    return this.driver.getCurrentUrl()
  }

  /**
   * The first match, scrolled to the middle of the window, as a person scrolls to a control before using it:
   * WebKitWebDriver's own scrolling does not reach into content the page lays out lazily (`content-visibility:
   * auto`, which the footer and the configurator's later steps have), and calls it not interactable.
   */
  private async find(selector: string, text?: string): Promise<WebElement> {
    const element = await this.match(selector, text)
    await this.driver.executeScript((el: Element) => el.scrollIntoView({ block: 'center' }), element)
    return element
  }

  private async match(selector: string, text?: string): Promise<WebElement> {
    if (text === undefined) return this.driver.findElement(By.css(selector))
    const found = (await this.driver.executeScript(
      (css: string, wanted: string) =>
        Array.from(document.querySelectorAll(css)).find((el) => (el.textContent ?? '').includes(wanted)) ?? null,
      selector,
      text,
    )) as WebElement | null
    if (!found) throw new Error(`no ${selector} with the text "${text}"`)
    return found
  }

  async click(selector: string, text?: string): Promise<void> {
    await (await this.find(selector, text)).click()
  }

  async clickToLoad(selector: string, text?: string): Promise<void> {
    const element = await this.match(selector, text)
    const isLink = (await this.driver.executeScript(
      (el: Element) => el instanceof HTMLAnchorElement,
      element,
    )) as boolean
    const again = isLink ? { afterMs: 12_000, describe: () => this.whatIsUnder(selector, text) } : undefined
    return clickAndAwaitNewPage(this, () => this.click(selector, text), 30_000, again)
  }

  /** Where a control is and what the page has at its centre (another element there took its click). */
  private async whatIsUnder(selector: string, text?: string): Promise<string> {
    const element = await this.match(selector, text).catch(() => null)
    if (!element) return `${selector}: gone`
    return (await this.driver.executeScript(async (el: Element) => {
      const box = el.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      const hit = document.elementFromPoint(x, y)
      const name = (node: Element | null) =>
        node
          ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')}`
          : 'nothing'
      // Whether the server answers the link at all (a request it never answers keeps the old page too).
      const answer =
        el instanceof HTMLAnchorElement
          ? await fetch(el.href, { signal: AbortSignal.timeout(5000) }).then(
              (response) => `the link answers ${response.status}`,
              (error: Error) => `the link does not answer: ${error.name}`,
            )
          : ''
      return `at ${Math.round(x)},${Math.round(y)} in ${innerWidth}×${innerHeight} (scrollY ${Math.round(scrollY)}): ${name(hit)}${hit && el.contains(hit) ? ' (the control)' : ''}; ${document.readyState}; ${answer}`
    }, element)) as string
  }

  async fill(selector: string, value: string): Promise<void> {
    const field = await this.find(selector)
    await field.clear()
    await field.sendKeys(value)
  }

  async check(selector: string): Promise<void> {
    const box = await this.find(selector)
    if (!(await box.isSelected())) await box.click()
  }

  async select(selector: string, value: string): Promise<void> {
    await (await this.find(`${selector} option[value="${value}"]`)).click()
  }

  async text(selector: string): Promise<string | null> {
    const [first] = await this.driver.findElements(By.css(selector))
    return first ? first.getText() : null
  }

  async count(selector: string): Promise<number> {
    return (await this.driver.findElements(By.css(selector))).length
  }

  async visible(selector: string): Promise<boolean> {
    const [first] = await this.driver.findElements(By.css(selector))
    return first ? first.isDisplayed() : false
  }

  // biome-ignore lint/suspicious/noExplicitAny: see InPage
  async evaluate<Args extends any[], Result>(fn: InPage<Args, Result>, ...args: Args): Promise<Awaited<Result>> {
    // An async function's promise is awaited by the script's own callback (the last argument).
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve((${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }))`
    const answer = (await this.driver.executeAsyncScript(script, ...args)) as { value?: Result; error?: string }
    if (answer.error) throw new Error(answer.error)
    return answer.value as Awaited<Result>
  }

  async waitForUrl(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    await until(
      () => this.url(),
      (url) => pattern.test(url),
      timeoutMs,
    )
    await until(
      () => this.driver.executeScript(() => document.readyState) as Promise<string>,
      (state) => state === 'complete',
      timeoutMs,
    )
  }

  async setViewport(width: number, height: number): Promise<void> {
    // The window has the browser's own bars around the page: set it, measure the page, and make up the difference.
    // The page learns its new size a little after the window takes it (later on a loaded machine): measure only once
    // two readings agree and the window's own size is the one asked for.
    const frame = this.driver.manage().window()
    let outer = { width, height }
    for (let round = 0; round < 3; round++) {
      await frame.setRect(outer)
      const [innerWidth, innerHeight] = await this.settledInnerSize(outer)
      if (innerWidth === width && innerHeight === height) return
      outer = { width: outer.width + width - innerWidth, height: outer.height + height - innerHeight }
      if (outer.width < width || outer.height < height) outer = { width, height }
    }
  }

  /** The page's inner size once it follows the window's `outer` size (two equal readings, within about 2 s). */
  private async settledInnerSize(outer: { width: number; height: number }): Promise<[number, number]> {
    let last: number[] = []
    for (let reading = 0; reading < 20; reading++) {
      const rect = await this.driver.manage().window().getRect()
      const inner = (await this.driver.executeScript(() => [window.innerWidth, window.innerHeight])) as number[]
      const settled = rect.width === outer.width && rect.height === outer.height && inner.join() === last.join()
      if (settled && inner.length === 2) return inner as [number, number]
      last = inner
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return [last[0] ?? outer.width, last[1] ?? outer.height]
  }

  async screenshot(): Promise<Buffer> {
    // WebKit's screenshots end at the window: the window is made as tall as the page (a few rounds, since a page laid
    // out in viewport heights grows with it), photographed, and given back its size.
    const { width, height } = await this.driver.manage().window().getRect()
    for (let round = 0; round < 3; round++) {
      const [inner, page] = (await this.driver.executeScript(() => [
        window.innerHeight,
        document.documentElement.scrollHeight,
      ])) as number[]
      if ((page ?? 0) <= (inner ?? 0) || (page ?? 0) > 16_000) break
      await this.driver
        .manage()
        .window()
        .setRect({ width, height: height + (page ?? 0) - (inner ?? 0) })
    }
    // Two frames: the web view paints what the larger window shows before it is photographed.
    await this.evaluate(
      () =>
        new Promise((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))
          setTimeout(() => resolve(false), 500)
        }),
    )
    const shot = await (await this.driver.findElement(By.css('html'))).takeScreenshot()
    await this.driver.manage().window().setRect({ width, height })
    return Buffer.from(shot, 'base64')
  }

  async press(key: 'Tab' | 'Enter' | 'Space'): Promise<void> {
    await this.driver.actions().sendKeys(KEYS[key]).perform()
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.driver.manage().getCookies()).map((c) => ({
      name: c.name,
      value: c.value,
      secure: c.secure,
      httpOnly: c.httpOnly,
    }))
  }

  async close(): Promise<void> {
    await this.driver.quit().catch(() => {
      // The browser process is gone already.
    })
  }
}
