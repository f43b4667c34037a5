import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import nb from '../locales/nb-NO.json'
import { fillRequired } from '../scripts/fill-form.mjs'
import { axeViolations } from './axe'
import { hydrated, reloadedBy, withBrowser } from './browser'
import { screenshot } from './look'
import { payOnHostedPage } from './pay'

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
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${base}/de/subscription`)
    const cards = await cardInsets(page, '.subscription > .card')
    expect(cards.length).toBe(2)
    expect(cards[1]?.gap).toBeGreaterThanOrEqual(16)
    for (const card of cards) expect([card.above, card.below]).toEqual([0, 0])
    await context.close()
  })
})

/** A visitor of the given width and locale prefix who has answered the cookie banner. */
async function visitor(width: number, prefix = '/de'): Promise<Page> {
  // bypassCSP: the accessibility check injects axe as a script.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  await page.goto(`${base}${prefix}`)
  await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())
  return page
}

/** The address of an order the signed-in customer of `page` has just placed (the car as it comes, in Germany). */
async function placedOrder(page: Page): Promise<string> {
  await page.goto(`${base}/de/configurator/p5`)
  await page.locator('.configurator__save button').click()
  await page.waitForURL(/\/configurator\/overview\//)
  const id = new URL(page.url()).pathname.split('/').pop()
  await page.goto(`${base}/de/configurator/info-submission/${id}`)
  await fillRequired(page.locator('main form[method="post"]').last(), 'layout')
  await reloadedBy(page, () => page.locator('main form[method="post"] button[type="submit"]').last().click())
  await page.waitForURL(/\/order\/result-confirmation\//)
  return page.url().replace('/result-confirmation', '')
}

/** The layout shifts of the page's load so far, as the CLS metric adds them up (shifts after input left out). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value
          resolve(total)
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 200)
      }),
  )

describe('the overview right after saving', () => {
  it('does not move when its countdown home starts, and promises none without JavaScript', async () => {
    const path = '/no/configurator/overview/cfg-e2e?saved=1'
    for (const width of [390, 1366]) {
      const page = await browser.newPage({ viewport: { width, height: 844 } })
      await page.goto(`${base}${path}`)
      await hydrated(page)
      // Counting down: the notice's figure has changed from the one the server wrote.
      await expect
        .poll(() => page.locator('.notice .countdown__live p').textContent(), { timeout: 5000 })
        .not.toContain('10')
      expect(await layoutShifts(page), `${width} px`).toBe(0)
      await screenshot(page, `overview-saved-no-${width}`)
      await page.close()
    }
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto(`${base}${path}`)
    expect(await page.locator('.notice').textContent()).toContain(nb['overview.saved'])
    expect(await page.locator('.countdown__live').isVisible()).toBe(false)
    await screenshot(page, 'overview-saved-no-390-no-js')
    await context.close()
  })
})

describe('the order page', () => {
  it('does not move on a phone when its HTML arrives in pieces: it paints once the order is there up to its timeline', async () => {
    const page = await signedUp(390, `order.paint.${Date.now()}@example.com`)
    const order = new URL(await placedOrder(page)).pathname
    // The order's pages through a server that holds back what follows the order's facts for 600 ms, as a slow
    // line would: the browser has the car and the facts but not yet the next action, which a phone shows above
    // the facts. Cookies are the host's, whatever its port: the customer stays signed in.
    const halting = createServer(async (request, response) => {
      const answer = await fetch(`${base}${request.url}`, {
        headers: { cookie: request.headers.cookie ?? '', 'accept-encoding': 'identity' },
      })
      const body = Buffer.from(await answer.arrayBuffer())
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
      const html = answer.headers.get('content-type')?.startsWith('text/html')
      const at = html ? body.lastIndexOf('<', body.indexOf('next-action', body.indexOf('</head>'))) : -1
      if (at < 0) return response.end(body)
      response.write(body.subarray(0, at))
      await new Promise((resolve) => setTimeout(resolve, 600))
      response.end(body.subarray(at))
    })
    await new Promise<void>((resolve) => halting.listen(0, '127.0.0.1', resolve))
    const { port } = halting.address() as AddressInfo
    try {
      for (const path of [order, order.replace('/order/', '/order/result-confirmation/')]) {
        await page.goto(`http://127.0.0.1:${port}${path}`)
        expect(await page.locator('.next-action').count(), path).toBe(1)
        expect(await layoutShifts(page), path).toBe(0)
      }
    } finally {
      halting.close()
      await page.context().close()
    }
  })

  it('keeps the order number in one piece on a phone, and the payment notice apart from the car', async () => {
    const page = await signedUp(390, `order.layout.${Date.now()}@example.com`)
    const order = await placedOrder(page)
    await page.goto(order)
    // The number is one line: its hyphens are not break points.
    const number = page.locator('h1 .order-detail__number')
    expect(await number.textContent()).toMatch(/^[A-Z]{2}-[A-Z]{2}-\w+$/)
    expect(await number.evaluate((span) => span.getClientRects().length)).toBe(1)
    expect(await page.locator('h1').textContent()).toBe(`Bestellung ${await number.textContent()}`)
    await screenshot(page, 'layout/de-order-detail-390')

    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(order.replace('/order/', '/order/result-confirmation/'))
    await payOnHostedPage(page, 'Erika Mustermann')
    const notice = await page.locator('.order-detail > .form-message').boundingBox()
    const grid = await page.locator('.order-detail__grid').boundingBox()
    expect(notice && grid).toBeTruthy()
    if (notice && grid) expect(grid.y - (notice.y + notice.height)).toBeGreaterThanOrEqual(16)
    await screenshot(page, 'layout/de-order-paid-1366')
    await page.context().close()
  })
})

describe('request result pages', () => {
  it('end the status card with its timeline, without a blank band under it', async () => {
    const page = await visitor(1366)
    await page.goto(`${base}/de/subscription`)
    await fillRequired(page.locator('main form[method="post"]').last(), 'layout')
    await reloadedBy(page, () => page.locator('main form[method="post"] button[type="submit"]').last().click())
    await page.waitForURL(/\/subscription\/result\//)
    const [card] = await cardInsets(page, 'section.card:has(> .timeline)')
    expect(card).toBeTruthy()
    expect(card?.below).toBe(0)
    await page.context().close()
  })
})

describe('the quote once sent', () => {
  it('says what happens next, gives the reference, shows the car and links back to it and to a test drive', async () => {
    const page = await visitor(1366)
    await page.goto(`${base}/de/configurator/p5`)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    await page.goto(`${base}/de/configurator/test-drive-submission/quote/${id}`)
    await fillRequired(page.locator('main form[method="post"]').last(), 'layout')
    await page.locator('main form[method="post"] button[type="submit"]').last().click()
    await page.waitForURL(/test-drive-result\?quote=/)
    const reference = new URL(page.url()).searchParams.get('quote') ?? ''
    const next = page.locator('main .quote-received')
    expect(await next.locator('h2').textContent()).toBe('So geht es weiter')
    expect(await next.textContent()).toMatch(/per E.Mail/)
    expect(await next.textContent()).toContain(`Ihre Referenz: ${reference}`)
    const links = await page
      .locator('main .next-steps a')
      .evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(links).toEqual([`/de/configurator/overview/${id}`, `/de/configurator/test-drive-submission/${id}`])
    expect(await page.locator('main .form-car__picture').getAttribute('src')).toMatch(/^\/car\/p5\/front\.svg\?/)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'layout/de-quote-sent-1366')
    // Another country's page does not show this request.
    await page.goto(`${base}/at/test-drive-result?quote=${reference}`)
    expect(await page.locator('main').textContent()).not.toContain(reference)
    await page.context().close()
  })
})

describe('form details', () => {
  it('gives fieldsets a hairline, the design radius and a bold legend', async () => {
    const page = await visitor(390)
    await page.goto(`${base}/de/home-charger`)
    const style = await page
      .locator('main fieldset')
      .first()
      .evaluate((fieldset) => {
        const own = getComputedStyle(fieldset)
        const legend = fieldset.querySelector('legend')
        return {
          border: own.borderTopColor,
          radius: own.borderTopLeftRadius,
          legendWeight: legend ? Number(getComputedStyle(legend).fontWeight) : 0,
        }
      })
    expect(style).toEqual({ border: 'rgb(213, 221, 226)', radius: '10px', legendWeight: 650 })
    await page.context().close()
  })

  it("links the trade-in plate hint to its field and keeps it inside the field's group", async () => {
    const page = await visitor(390)
    await page.goto(`${base}/de/trade-in`)
    const plate = page.locator('#tradein-plate')
    const described = (await plate.getAttribute('aria-describedby')) ?? ''
    const hint = page.locator('#tradein-plate-hint')
    expect(described.split(' ')).toContain('tradein-plate-hint')
    expect(await hint.textContent()).toMatch(/Zum Beispiel .+/)
    expect(await hint.evaluate((p) => p.parentElement?.contains(document.querySelector('#tradein-plate')))).toBe(true)
    await page.context().close()
  })

  it('sets wrapped card headings tight in Latin scripts and with room for Thai marks', async () => {
    for (const [prefix, min, max] of [
      ['/de', 1.15, 1.25],
      ['/th', 1.4, 1.6],
    ] as const) {
      const page = await visitor(390, prefix)
      await page.goto(`${base}${prefix}/quick-delivery`)
      const ratio = await page
        .locator('.card__title')
        .first()
        .evaluate(
          (h) => Number.parseFloat(getComputedStyle(h).lineHeight) / Number.parseFloat(getComputedStyle(h).fontSize),
        )
      expect(ratio).toBeGreaterThanOrEqual(min)
      expect(ratio).toBeLessThanOrEqual(max)
      await page.context().close()
    }
  })

  it('keeps "10–80%" of the Icelandic charging figure on one line on a phone', async () => {
    const page = await visitor(390, '/is')
    await page.goto(`${base}/is`)
    const lines = await page.locator('.key-figures dt').evaluateAll((terms) =>
      terms
        .filter((dt) => /10/.test(dt.textContent ?? ''))
        .map((dt) => {
          const text = dt.firstChild as Text
          const value = text.data
          const range = document.createRange()
          range.setStart(text, value.indexOf('10'))
          range.setEnd(text, value.indexOf('%') + 1)
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
        }),
    )
    expect(lines).toEqual([1])
    await page.context().close()
  })
})

describe('form pages on a desktop', () => {
  it('use the width: the car beside the trade-in and home-charger forms, the offer beside its form, sign-in beside sign-up, the filters in one bar', async () => {
    const page = await visitor(1366)
    for (const path of ['/trade-in', '/home-charger']) {
      await page.goto(`${base}/de${path}`)
      const form = await page.locator('main form.card').boundingBox()
      const car = page.locator('main .form-beside-car__car img')
      await car.scrollIntoViewIfNeeded()
      const picture = await car.boundingBox()
      expect(form && picture).toBeTruthy()
      if (form && picture) {
        expect(picture.x).toBeGreaterThanOrEqual(form.x + form.width + 24)
        expect(picture.width).toBeGreaterThanOrEqual(320)
      }
      expect(await car.getAttribute('alt')).toMatch(/^P5 /)
      expect(await car.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
      expect(await axeViolations(page)).toEqual([])
    }
    await page.goto(`${base}/de/subscription`)
    const [offer, form] = await Promise.all([
      page.locator('.subscription > .card:not(.form)').boundingBox(),
      page.locator('.subscription > .form').boundingBox(),
    ])
    if (!offer || !form) throw new Error('no offer or form')
    expect(offer.x).toBeGreaterThanOrEqual(form.x + form.width + 24)
    await page.goto(`${base}/de/auth`)
    const forms = await page
      .locator('.auth > .form')
      .evaluateAll((all) => all.map((f) => ({ x: f.getBoundingClientRect().x, top: f.getBoundingClientRect().top })))
    expect(forms.length).toBe(2)
    expect(forms[1]?.top).toBe(forms[0]?.top)
    expect((forms[1]?.x ?? 0) - (forms[0]?.x ?? 0)).toBeGreaterThan(400)
    await page.goto(`${base}/de/quick-delivery`)
    const filter = await page.locator('.stock-filter').boundingBox()
    // One row: the sort, the two filters and the button side by side, their bottoms on one line.
    const bottoms = await page
      .locator('.stock-filter > *')
      .evaluateAll((all) => all.map((f) => f.getBoundingClientRect().bottom))
    expect(filter?.width).toBeGreaterThan(1000)
    expect(bottoms.length).toBe(4)
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(4)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('keep one column on a phone, without the picture', async () => {
    const page = await visitor(390)
    await page.goto(`${base}/de/trade-in`)
    expect(await page.locator('main .form-beside-car__car').isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.context().close()
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

describe('the staff console on a desktop', () => {
  it('gives every action button of a table one width', async () => {
    const page = await signedUp(1366, `staff.de.buttons${Date.now()}@e2e.example.com`)
    await page.goto(`${base}/de/staff`)
    const widths = await page
      .locator('table.staff')
      .evaluateAll((tables) =>
        tables.map((table) =>
          Array.from(table.querySelectorAll('.staff__actions > .button')).map((b) =>
            Math.round(b.getBoundingClientRect().width),
          ),
        ),
      )
    // The order from the order test above and the subscription request from the result-page test.
    expect(widths.filter((table) => table.length > 1).length).toBeGreaterThanOrEqual(1)
    for (const table of widths) expect(new Set(table).size).toBeLessThanOrEqual(1)
    await screenshot(page, 'layout/de-staff-1366')
    await page.context().close()
  })
})

/** The left edge of the content of the header, of the main column and of the footer (their boxes less their padding). */
const contentEdges = (page: Page) =>
  page.evaluate(() =>
    ['.header__inner', 'main', '.footer__inner'].map((selector) => {
      const box = document.querySelector(selector)
      if (!box) return null
      return Math.round(box.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(box).paddingLeft))
    }),
  )

describe('the configurator, its overview and the order form', () => {
  it('start on the header’s and footer’s left edge on a desktop; the order form’s boxes sit on their labels’ first line', async () => {
    const page = await signedUp(1366, `layout.edges.${Date.now()}@example.com`)
    await page.goto(`${base}/de/configurator/p5`)
    const heading = await page.evaluate(() => document.querySelector('h1')?.getBoundingClientRect().left)
    expect(await contentEdges(page), 'configurator').toEqual(Array(3).fill(Math.round(heading ?? 0)))
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    const [header] = await contentEdges(page)
    expect(header).toBeGreaterThan(100)
    expect(await contentEdges(page), 'overview').toEqual([header, header, header])
    await page.goto(page.url().replace('/overview/', '/info-submission/'))
    expect(await contentEdges(page), 'order form').toEqual([header, header, header])

    // The order/reservation switch is as wide as its two choices, not as the column.
    const fit = await page
      .locator('main nav.segmented')
      .first()
      .evaluate((nav) => ({
        nav: nav.getBoundingClientRect().width,
        choices: Array.from(nav.children).reduce((sum, a) => sum + a.getBoundingClientRect().width, 0),
      }))
    expect(fit.nav - fit.choices).toBeLessThanOrEqual(2)

    // Each radio button and check box is centred on its label's first line (within 2 px), however many lines follow.
    const offsets = await page.locator('main form input:is([type="radio"], [type="checkbox"])').evaluateAll((boxes) =>
      boxes
        .filter((box) => box.getBoundingClientRect().height > 0)
        .map((box) => {
          const input = box as HTMLInputElement
          const label = input.closest('label') ?? input.labels?.[0]
          if (!label) return { name: input.name, offset: Number.NaN }
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT)
          let first: DOMRect | undefined
          for (let text = walker.nextNode(); text && !first; text = walker.nextNode()) {
            if (!text.textContent?.trim()) continue
            const range = document.createRange()
            range.selectNodeContents(text)
            first = Array.from(range.getClientRects()).find((line) => line.width > 0)
          }
          const own = input.getBoundingClientRect()
          const lineCentre = first ? (first.top + first.bottom) / 2 : Number.NaN
          return { name: `${input.name}=${input.value}`, offset: Math.round((own.top + own.bottom) / 2 - lineCentre) }
        }),
    )
    expect(offsets.map((box) => box.name)).toEqual(expect.arrayContaining(['usage=personal', 'usage=business']))
    for (const box of offsets) expect(Math.abs(box.offset), box.name).toBeLessThanOrEqual(2)
    await screenshot(page, 'layout/de-order-form-1366')
    await page.setViewportSize({ width: 390, height: 900 })
    await screenshot(page, 'layout/de-order-form-390')
    await page.context().close()
  })
})

describe('the configurator on a phone', () => {
  it('keeps each car view reached by Tab whole and in view, clear of the sticky stage and of its strip’s edges', async () => {
    for (const [prefix, width] of [
      ['/is', 390],
      ['/de', 390],
      ['/is', 320],
    ] as const) {
      const page = await visitor(width, prefix)
      await page.goto(`${base}${prefix}/configurator/p5`)
      await hydrated(page)
      // Down the page, the stage stuck at the top; then by Tab through its views.
      await page.evaluate(() => window.scrollTo(0, 600))
      const views = page.locator('nav.car-views a')
      await views.first().focus()
      for (let i = 0; i < (await views.count()); i++) {
        if (i > 0) await page.keyboard.press('Tab')
        const seen = await page.evaluate(() => {
          const view = document.activeElement as HTMLElement
          const box = view.getBoundingClientRect()
          // Its centre and, inward of the pill's rounded ends, each of its edges.
          const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2]
          const points = [
            [x, y],
            [box.left + 6, y],
            [box.right - 6, y],
            [x, box.top + 3],
            [x, box.bottom - 3],
          ]
          return {
            view: view.textContent,
            inView: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight,
            covered: points.filter(([x, y]) => {
              const hit = document.elementFromPoint(x ?? 0, y ?? 0)
              return !(hit && view.contains(hit))
            }).length,
          }
        })
        expect(seen, `${prefix} ${width} px`).toEqual({ view: seen.view, inView: true, covered: 0 })
      }
      if (width === 390) await screenshot(page, `layout/${prefix.slice(1)}-configurator-views-390`)
      await page.context().close()
    }
  })

  it('shows which strips scroll sideways and lets the keyboard scroll them', async () => {
    for (const [prefix, width] of [
      ['/de', 390],
      ['/is', 390],
      ['/is', 320],
    ] as const) {
      const page = await visitor(width, prefix)
      await page.goto(`${base}${prefix}/configurator/p5`)
      let scrolling = 0
      for (const strip of ['nav.car-views', '.finance .compare__scroll', '.compare > .compare__scroll']) {
        const element = page.locator(strip)
        await element.scrollIntoViewIfNeeded()
        // Below the first screen the comparison is laid out once near the viewport (content-visibility).
        await expect.poll(() => element.evaluate((e) => e.scrollWidth > 0)).toBe(true)
        const found = await element.evaluate((e) => {
          const style = getComputedStyle(e)
          return {
            scrolls: e.scrollWidth > e.clientWidth + 1,
            // Shadows fixed to the box under covers that move with the content.
            cue:
              style.backgroundAttachment.includes('local') &&
              (style.backgroundImage.match(/gradient/g) ?? []).length >= 4,
            keyboard: e.tabIndex >= 0 || e.querySelector('a[href], button, [tabindex="0"]') !== null,
          }
        })
        if (!found.scrolls) continue
        scrolling++
        expect(found, `${prefix} ${width} px ${strip}`).toEqual({ scrolls: true, cue: true, keyboard: true })
      }
      expect(scrolling, `${prefix} ${width} px`).toBeGreaterThan(0)
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await axeViolations(page), `${prefix} ${width} px`).toEqual([])
      await page.context().close()
    }
  })
})
