import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Page } from 'playwright-core'
import enUS from '../locales/en-US.json'

/** Where every page's screenshot is written, for a person to look through (CI keeps it as an artifact). */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS ?? join(process.cwd(), 'e2e-screenshots')

/** The phone and desktop widths every page is looked at. */
export const WIDTHS = [320, 390, 1366] as const

/** Writes a full-page screenshot under SCREENSHOT_DIR (e.g. `nl/order-form-error-390.png`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage: true })
}

/**
 * What a person would see wrong on the page as it is: a page wider than the window, text squeezed
 * into fewer pixels than a word needs (more lines than it has words), and a `{placeholder}` or a
 * message key left in the visible text. Runs in the page (any engine's harness passes it as a script), given the
 * catalog's keys; answers one line per finding.
 */
export function findingsInPage(keys: string[]): string[] {
  const findings: string[] = []
  const html = document.documentElement
  if (html.scrollWidth > window.innerWidth + 1) {
    // Name the widest element that sticks out, so the finding says where to look.
    let widest = ''
    let right = window.innerWidth
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect()
      if (r.right > right + 1 && r.width > 0) {
        right = r.right
        widest = `${el.tagName.toLowerCase()}.${el.className}`
      }
    }
    findings.push(`page is ${html.scrollWidth}px wide in a ${window.innerWidth}px window (${widest})`)
  }
  const segmenter = new Intl.Segmenter(html.lang || 'en', { granularity: 'word' })
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim()
    const parent = node.parentElement
    if (!parent || text.length < 2 || parent.closest('script, style, noscript, [hidden], option')) continue
    const style = getComputedStyle(parent)
    if (style.visibility === 'hidden' || style.display === 'none') continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0)
    if (rects.length === 0) continue
    const lines = new Set(rects.map((r) => Math.round(r.bottom))).size
    const words = Array.from(segmenter.segment(text)).filter((s) => s.isWordLike).length
    if (lines > Math.max(words, 1) + 1)
      findings.push(`"${text.slice(0, 40)}" is squeezed: ${words} words on ${lines} lines`)
  }
  const visible = document.body.innerText
  for (const match of visible.matchAll(/\{[a-zA-Z][\w]*\}/g)) findings.push(`raw placeholder ${match[0]}`)
  const tokens = new Set(visible.split(/[\s,;:()“”"'«»]+/).map((t) => t.replace(/[.!?]+$/, '')))
  for (const key of keys) if (tokens.has(key)) findings.push(`raw message key ${key}`)
  return findings
}

/** The message keys a page must never show (the source catalog's). */
export const MESSAGE_KEYS = Object.keys(enUS)

/** `findingsInPage` for a Playwright page. */
export async function lookAtPage(page: Page): Promise<string[]> {
  return page.evaluate(findingsInPage, MESSAGE_KEYS)
}

/**
 * Tabs through the page and reports every stop whose focused element is hidden behind a sticky or fixed
 * element (WCAG 2.4.11, and 2.4.12: no part of it): a bar that is not its own ancestor overlaps it and is painted
 * over it (what the browser shows at the overlap's middle is the bar's). A focus that scrolls the page while it
 * stays in a bar (the bar moves with the scroll) is reported too.
 */
export async function focusCoveredStops(page: Page, stops = 40): Promise<string[]> {
  const findings: string[] = []
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  for (let i = 0; i < stops; i++) {
    const scrolledBefore = await page.evaluate(() => window.scrollY)
    await page.keyboard.press('Tab')
    const finding = await page.evaluate(coveredFocusInPage, scrolledBefore)
    if (finding && !findings.includes(finding)) findings.push(finding)
  }
  return findings
}

/**
 * In the page: the finding for the element that has the focus now (see `focusCoveredStops`), or null; `scrolledBefore`
 * is the page's scroll position before the focus moved; `coverAllowed`, the share of its height a bar may cover.
 */
export function coveredFocusInPage(scrolledBefore: number, coverAllowed = 0): string | null {
  const focused = document.activeElement as HTMLElement | null
  if (!focused || focused === document.body) return null
  const r = focused.getBoundingClientRect()
  if (r.width === 0 && r.height === 0) return null
  const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? focused.id).trim().slice(0, 40)
  // A control in a bar that stays in view needs no scrolling: a scroll would not bring it closer.
  for (let up = focused.parentElement; up; up = up.parentElement) {
    const position = getComputedStyle(up).position
    if ((position === 'sticky' || position === 'fixed') && window.scrollY !== scrolledBefore)
      return `${focused.tagName.toLowerCase()} "${name}" in ${up.tagName.toLowerCase()}.${up.className} scrolled the page ${Math.round(window.scrollY - scrolledBefore)}px`
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    const position = getComputedStyle(el).position
    if ((position !== 'sticky' && position !== 'fixed') || el.contains(focused)) continue
    const bar = el.getBoundingClientRect()
    // A sticky element covers only where it is stuck over content: any overlap of more than a sliver.
    const overlapX = Math.min(r.right, bar.right) - Math.max(r.left, bar.left)
    const overlapY = Math.min(r.bottom, bar.bottom) - Math.max(r.top, bar.top)
    const over = document.elementFromPoint(
      Math.max(r.left, bar.left) + overlapX / 2,
      Math.max(r.top, bar.top) + overlapY / 2,
    )
    const covers = overlapX > 2 && overlapY > Math.max(2, coverAllowed * r.height)
    if (covers && over !== null && el.contains(over) && !focused.contains(over)) {
      return `${focused.tagName.toLowerCase()} "${name}" is ${Math.round(overlapY)}px under ${el.tagName.toLowerCase()}.${el.className}`
    }
  }
  return null
}
