import type { Engine } from './engines'

/** A script run in the page: a function of serialisable arguments with a serialisable answer. */
// biome-ignore lint/suspicious/noExplicitAny: the page's functions take any serialisable arguments
export type InPage<Args extends any[], Result> = (...args: Args) => Result

export interface Cookie {
  name: string
  value: string
  secure?: boolean
  httpOnly?: boolean
}

/**
 * One tab of one visitor, the same operations in every engine: WebKit through W3C WebDriver (WebKitWebDriver),
 * Firefox through WebDriver BiDi and Chromium through the DevTools protocol (both puppeteer-core). Clicks and typing
 * are the engine's own input events, not scripted ones, so a control covered by a bar cannot be clicked either.
 * A selector is CSS; `text` narrows it to the first match whose text contains it.
 */
export interface Tab {
  readonly engine: Engine
  /** Loads an address and waits for its load event. */
  goto(url: string): Promise<void>
  url(): Promise<string>
  click(selector: string, text?: string): Promise<void>
  /**
   * Clicks a link or a form's button and waits until a new page has loaded in place of this one (the address may be
   * the same: a form shown again with its errors).
   */
  clickToLoad(selector: string, text?: string): Promise<void>
  /** Replaces a field's entry by typing, as a person would. */
  fill(selector: string, value: string): Promise<void>
  /** Ticks a checkbox or a radio button (by clicking it) unless it is ticked already. */
  check(selector: string): Promise<void>
  /** Chooses an option of a `<select>` by its value. */
  select(selector: string, value: string): Promise<void>
  /** The visible text of the first match, or null when there is none. */
  text(selector: string): Promise<string | null>
  count(selector: string): Promise<number>
  visible(selector: string): Promise<boolean>
  // biome-ignore lint/suspicious/noExplicitAny: see InPage
  evaluate<Args extends any[], Result>(fn: InPage<Args, Result>, ...args: Args): Promise<Awaited<Result>>
  /** Waits until the address matches (a navigation committed) and the new page has loaded. */
  waitForUrl(pattern: RegExp, timeoutMs?: number): Promise<void>
  /** Sets the size of the page's viewport (not of the window around it). */
  setViewport(width: number, height: number): Promise<void>
  /** A screenshot of the whole page, as PNG bytes. */
  screenshot(): Promise<Buffer>
  press(key: 'Tab' | 'Enter' | 'Space'): Promise<void>
  cookies(): Promise<Cookie[]>
  close(): Promise<void>
}

/** What a new visitor's tab starts with. */
export interface VisitorOptions {
  javaScript?: boolean
  viewport?: { width: number; height: number }
  /** The app's webview: its user agent, and a fake native side that records what the page sends it. */
  app?: AppOptions
}

export interface AppOptions {
  userAgent: string
  /** Whether the page finds a native bridge (false: the app without one, which must work the same). */
  bridge: boolean
}

/** What the fake native side of the app has received from the page, in order. */
export interface NativeSide {
  messages(): Promise<Record<string, unknown>[]>
}

/** A link clicked that has not loaded its page yet: why not, and a second click (a link is a GET: safe to repeat). */
export interface ClickAgain {
  afterMs: number
  /** What the page shows where the click went, for the log. */
  describe(): Promise<string>
}

/**
 * `Tab.clickToLoad` on top of an engine's click: the old document is marked, and the new one has no mark. With
 * `again`, a click that has not led anywhere after `again.afterMs` is logged with what was under it and repeated once,
 * as a person clicks a link again that did nothing (a WebKit run on a loaded machine once lost a link's click twice).
 */
export async function clickAndAwaitNewPage(
  tab: Tab,
  click: () => Promise<void>,
  timeoutMs = 30_000,
  again?: ClickAgain,
): Promise<void> {
  const mark = `page-${Math.random()}`
  await tab.evaluate((value: string) => {
    ;(window as unknown as { __tabMark?: string }).__tabMark = value
  }, mark)
  await click()
  const read = () =>
    tab
      .evaluate(() => [(window as unknown as { __tabMark?: string }).__tabMark ?? '', document.readyState])
      .catch(() => [mark, 'loading'])
  const loaded = ([seen, state]: string[]) => seen !== mark && state === 'complete'
  if (again) {
    const first = await until(read, loaded, again.afterMs).catch(() => null)
    if (first) return
    const [seen] = await read()
    if (seen === mark) {
      console.warn(
        `clickToLoad: no new page ${again.afterMs} ms after the click; clicking again. ${await again.describe()}`,
      )
      await click().catch((error: unknown) => console.warn(`clickToLoad: the second click failed: ${String(error)}`))
    }
  }
  try {
    await until(read, loaded, timeoutMs - (again?.afterMs ?? 0))
  } catch (error) {
    throw again ? new Error(`${(error as Error).message}; after two clicks: ${await again.describe()}`) : error
  }
}

/** Polls `read` until `accept` holds (or the time is up, then fails with the last value). */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T = await read()
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    last = await read()
  }
  return last
}
