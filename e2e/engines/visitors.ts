import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Browser } from 'puppeteer-core'
import { afterAll, afterEach, inject } from 'vitest'
import { coveredFocusInPage, findingsInPage, MESSAGE_KEYS, SCREENSHOT_DIR } from '../look'
import { TEST_CARD } from '../pay'
import type { Engine } from './engines'
import { launchChromium, launchFirefox, puppeteerVisitor } from './puppeteer'
import type { NativeSide, Tab, VisitorOptions } from './tab'
import { webkitVisitor } from './webkit'

export interface Visitor {
  tab: Tab
  /** The app's fake native side (VisitorOptions.app with a bridge), else null. */
  native: NativeSide | null
}

/**
 * New visitors in one engine for a test file: each gets a fresh profile (cookies, storage). A test's visitors are
 * closed after it (WebKitWebDriver drives one session at a time); browsers are launched on first use and closed
 * after the file's tests.
 *
 * @example
 * const visit = visitorsOf('webkit')
 * const { tab } = await visit({ viewport: { width: 390, height: 800 } })
 */
export function visitorsOf(engine: Engine): (options?: VisitorOptions) => Promise<Visitor> {
  const browsers = new Map<string, Promise<Browser>>()
  const tabs: Tab[] = []
  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.close().catch(() => {})
  })
  afterAll(async () => {
    for (const browser of browsers.values()) await (await browser).close()
  })
  const browser = (kind: string, launch: () => Promise<Browser>) => {
    let launched = browsers.get(kind)
    if (!launched) {
      // A launch that failed is tried again by the next test rather than failing every test after it.
      launched = launch().catch((error: unknown) => {
        browsers.delete(kind)
        throw error
      })
      browsers.set(kind, launched)
    }
    return launched
  }
  return async (options = {}) => {
    let visitor: Visitor
    if (engine === 'webkit') visitor = await webkitVisitor(inject('webDriverUrl'), inject('certificate'), options)
    else if (engine === 'firefox') {
      const javaScript = options.javaScript !== false
      visitor = await puppeteerVisitor(
        await browser(javaScript ? 'js' : 'no-js', () => launchFirefox(javaScript)),
        'firefox',
        options,
      )
    } else visitor = await puppeteerVisitor(await browser('js', launchChromium), 'chromium', options)
    tabs.push(visitor.tab)
    return visitor
  }
}

/** The address of the server the engine is tested against: HTTPS for WebKit and Firefox. */
export function baseFor(engine: Engine): string {
  return engine === 'chromium' ? inject('baseUrl') : inject('secureBaseUrl')
}

/** What a person would see wrong on the page (look.ts), at the tab's current width. */
export function lookAt(tab: Tab): Promise<string[]> {
  return tab.evaluate(findingsInPage, MESSAGE_KEYS)
}

/**
 * Writes the tab's whole page to `e2e-screenshots/<engine>/<name>.png`, scrolled to the top first: a sticky part (the
 * configurator's car) is drawn where the scroll keeps it, and would stand elsewhere in a picture of the whole page.
 */
export async function screenshotOf(tab: Tab, name: string): Promise<void> {
  const path = join(SCREENSHOT_DIR, tab.engine, `${name}.png`)
  mkdirSync(dirname(path), { recursive: true })
  await tab.evaluate(() => window.scrollTo(0, 0))
  writeFileSync(path, await tab.screenshot())
}

/**
 * Tabs through the page from the top and reports every stop hidden under a sticky bar (look.ts). WebKit, focusing a
 * control inside a stuck sticky bar, scrolls to where the bar would be without sticking (Safari does the same; the
 * control stays in view and uncovered): there only a covered stop is reported, not that scroll. Firefox scrolls to a
 * focused control only when none of it is in view (Gecko's focus scroll, WhenToScroll::IfNotVisible, whatever the
 * scroll padding): there a stop is reported when a bar covers more than half of it (WCAG 2.2 SC 2.4.11 asks for
 * less: not entirely hidden).
 */
export async function focusCoveredIn(tab: Tab, stops: number): Promise<string[]> {
  const findings: string[] = []
  await tab.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  for (let i = 0; i < stops; i++) {
    const scrolledBefore = await tab.evaluate(() => window.scrollY)
    await tab.press('Tab')
    const finding = await tab.evaluate(coveredFocusInPage, scrolledBefore, tab.engine === 'firefox' ? 0.5 : 0)
    if (!finding || findings.includes(finding)) continue
    if (tab.engine === 'webkit' && / in [\w.-]+ scrolled the page /.test(finding)) continue
    findings.push(finding)
  }
  return findings
}

/**
 * Pays the amount due from an order's confirmation page as a customer does (e2e/pay.ts, in any engine): by card on
 * the provider's hosted page (the Stripe stand-in), then back to the confirmation page, which says what happened.
 */
export async function payOnHostedPage(tab: Tab, name: string): Promise<void> {
  await tab.check('.payment-step input[name="method"][value="card"]')
  await tab.clickToLoad('.payment-step button[type="submit"]')
  await tab.waitForUrl(/\/dev\/stripe\/checkout\/cs_test_\w+$/)
  await tab.fill('#number', TEST_CARD.number)
  await tab.fill('#expiry', TEST_CARD.expiry)
  await tab.fill('#cvc', TEST_CARD.cvc)
  await tab.fill('#name', name)
  await tab.clickToLoad('main form button[type="submit"]')
  await tab.waitForUrl(/\/order\/result-confirmation\/[\w-]+\?checkout=cs_test_\w+$/)
}
