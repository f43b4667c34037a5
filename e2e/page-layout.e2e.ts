import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { axeViolations } from './axe'
import { reloadedBy, withBrowser } from './browser'
import { screenshot } from './look'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

/** A German visitor of the given width who has answered the cookie banner and signed up. */
async function signedUp(width: number, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  await page.goto(`${base}/de/auth`)
  await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await form.locator('input[name="name"]').fill('Erika Mustermann')
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="password"]').fill('a long enough password')
  await reloadedBy(page, () => form.getByRole('button').click())
  return page
}

/**
 * Each card's blank space above its first line and below its last beyond its padding, and the
 * space between each card and the one before it (null for the first).
 */
function cardInsets(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((cards) =>
    cards.map((card, i) => {
      const box = card.getBoundingClientRect()
      const style = getComputedStyle(card)
      const inner = Array.from(card.children).map((child) => child.getBoundingClientRect())
      const first = inner[0]
      const last = inner[inner.length - 1]
      const previous = cards[i - 1]?.getBoundingClientRect() ?? null
      return {
        width: Math.round(box.width),
        above: Math.round(
          (first?.top ?? box.top) -
            box.top -
            Number.parseFloat(style.paddingTop) -
            Number.parseFloat(style.borderTopWidth),
        ),
        below: Math.round(
          box.bottom -
            (last?.bottom ?? box.bottom) -
            Number.parseFloat(style.paddingBottom) -
            Number.parseFloat(style.borderBottomWidth),
        ),
        gap: previous ? Math.round(box.top - previous.bottom) : null,
      }
    }),
  )
}

describe('the account page', () => {
  it('is one column of cards of one width, apart from each other, each without a blank band inside', async () => {
    const page = await signedUp(1366, `layout.${Date.now()}@example.com`)
    await page.goto(`${base}/de/user-center/profile`)
    const cards = await cardInsets(page, '.profile > .card')
    // The unconfirmed-address notice, the details, and the lists (builds, orders, quotes, valuations, test drives, requests).
    expect(cards.length).toBeGreaterThanOrEqual(6)
    expect(new Set(cards.map((card) => card.width)).size).toBe(1)
    for (const card of cards) {
      expect(card.above).toBe(0)
      expect(card.below).toBe(0)
      if (card.gap !== null) expect(card.gap).toBeGreaterThanOrEqual(16)
    }
    const nextSteps = await page.locator('.profile > .next-steps').boundingBox()
    const lastCard = await page.locator('.profile > .card').last().boundingBox()
    expect((nextSteps?.y ?? 0) - ((lastCard?.y ?? 0) + (lastCard?.height ?? 0))).toBeGreaterThanOrEqual(16)
    await screenshot(page, 'layout/de-profile-1366')
    await page.context().close()
  })
})

describe('the subscription page', () => {
  it('keeps the offer and its form apart, each without a blank band inside', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${base}/de/subscription`)
    const cards = await cardInsets(page, '.page > .card')
    expect(cards.length).toBe(2)
    expect(cards[1]?.gap).toBeGreaterThanOrEqual(16)
    for (const card of cards) expect([card.above, card.below]).toEqual([0, 0])
    await context.close()
  })
})

describe('the pre-order page on a phone', () => {
  it('keeps its two actions apart when they stack', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${base}/de/configurator/p5`)
    await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    const id = new URL(page.url()).pathname.split('/').pop()
    await page.goto(`${base}/de/pre-order/${id}/p5`)
    const [first, second] = await page
      .locator('main .form-with-car__form a.button')
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
      )
    expect(first && second).toBeTruthy()
    if (first && second) expect(second.top - first.bottom).toBeGreaterThanOrEqual(8)
    await context.close()
  })
})

describe('the staff console on a phone', () => {
  it('keeps its tables inside the screen: they scroll sideways, the page does not', async () => {
    const page = await signedUp(390, `staff.de.layout${Date.now()}@e2e.example.com`)
    await page.goto(`${base}/de/staff`)
    expect(await page.locator('table.staff').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // Each table ends inside the screen; a wider one scrolls, so its last column can be reached.
    const tables = await page.locator('table.staff').evaluateAll((all) =>
      all.map((table) => ({
        right: table.getBoundingClientRect().right,
        scrolls: table.scrollWidth > table.clientWidth,
        reachable: table.scrollWidth <= table.clientWidth || getComputedStyle(table).overflowX === 'auto',
      })),
    )
    for (const table of tables) {
      expect(table.right).toBeLessThanOrEqual(390)
      expect(table.reachable).toBe(true)
    }
    expect(tables.some((table) => table.scrolls)).toBe(true)
    const headings = await page
      .locator('table.staff th')
      .first()
      .evaluate((th) => getComputedStyle(th).textAlign)
    expect(['start', 'left']).toContain(headings)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'layout/de-staff-390')
    await page.context().close()
  })
})
