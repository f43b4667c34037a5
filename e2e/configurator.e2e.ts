import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const hydrated = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated), { timeout: 10_000 }).toBe('true')

/** The total the price API gives for the car the page's address describes. */
async function apiTotal(page: Page, site: string): Promise<string> {
  const query = new URL(page.url()).searchParams
  const configuration = {
    modelCode: 'p5',
    versionCode: query.get('version'),
    paintCode: query.get('paint'),
    wheelCode: query.get('wheels'),
    interiorCode: query.get('interior'),
    packCodes: (query.get('packs') ?? '').split(',').filter(Boolean),
    accessoryCodes: (query.get('accessories') ?? '').split(',').filter(Boolean),
  }
  return page.evaluate(
    async ({ site, configuration }) => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string }
      const res = await fetch('/api/v1/price-quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, language: 'nl-NL' },
        body: JSON.stringify({ site, usage: 'personal', configuration }),
      })
      return ((await res.json()) as { totals: { inclVat: { formatted: string } } }).totals.inclVat.formatted
    },
    { site, configuration },
  )
}

const total = (page: Page) => page.locator('.price-bar__amount').textContent()

describe('configuring a car on /nl', () => {
  it('with JavaScript: a tap re-prices at once, without loading a page, matching the API', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await hydrated(page)
    const before = await total(page)
    // A marker on the window survives only if no page is loaded.
    await page.evaluate(() => Object.assign(window, { stillHere: true }))
    await page.locator('#choose-paintCode a', { hasText: 'Fjordblauw' }).click()
    await expect.poll(() => total(page)).not.toBe(before)
    await page.locator('#choose-packCodes a', { hasText: 'Technologiepakket' }).click()
    await expect.poll(() => page.url()).toContain('packs=tech-pack')
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    expect(await total(page)).toBe(await apiTotal(page, '/nl'))
    await page.close()
  })

  it('with JavaScript: choosing business turns the whole page net of VAT, and says so', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await hydrated(page)
    const firstCard = () => page.locator('#choose-versionCode .choice__price').first().textContent()
    expect(await firstCard()).toBe('€\u00a047.990,00')
    await page.locator('#step-usage ~ nav a', { hasText: 'Zakelijk' }).click()
    // 47 990.00 / 1.21 = 39 661.16 on the card; 40 659.96 net on the road in the bar and the summary.
    await expect.poll(firstCard).toBe('€\u00a039.661,16')
    expect(await total(page)).toBe('€\u00a040.659,96')
    expect(await page.locator('.price-summary__total').textContent()).toBe('€\u00a040.659,96')
    expect(await page.locator('.configurator__basis').textContent()).toBe('Prijzen exclusief btw')
    expect(await page.locator('.price-breakdown caption').textContent()).toBe('Prijzen exclusief btw')
    // The lease's monthly price is headlined before VAT too, in the panel and in the bar alike.
    await page.goto(`${base}/nl/configurator/p5?usage=business`)
    await hydrated(page)
    const panel = (await page.locator('.finance__monthly').textContent()) ?? ''
    expect(panel).toMatch(/ per maand excl\. btw$/)
    expect(await page.locator('.price-bar__monthly').textContent()).toContain(panel.replace(' excl. btw', ''))
    await page.close()
  })

  it('without JavaScript: the same choices through links reach the same price', async () => {
    const js = await browser.newPage()
    await js.goto(`${base}/nl/configurator/p5`)
    await hydrated(js)
    await js.locator('#choose-paintCode a', { hasText: 'Fjordblauw' }).click()
    await js.locator('#choose-packCodes a', { hasText: 'Technologiepakket' }).click()
    await expect.poll(() => js.url()).toContain('packs=tech-pack')
    const withJs = await total(js)

    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await page.locator('#choose-paintCode a', { hasText: 'Fjordblauw' }).click()
    await page.waitForURL(/paint=fjord-blue/)
    await page.locator('#choose-packCodes a', { hasText: 'Technologiepakket' }).click()
    await page.waitForURL(/packs=tech-pack/)
    expect(await total(page)).toBe(withJs)
    expect(await page.locator('#choose-paintCode a[aria-current="true"]').textContent()).toContain('Fjordblauw')
    await context.close()
    await js.close()
  })

  it('by keyboard alone', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await hydrated(page)
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      const text = await page.evaluate(() => document.activeElement?.textContent ?? '')
      if (text.includes('Grafietgrijs')) break
    }
    await page.keyboard.press('Enter')
    await expect.poll(() => page.url()).toContain('paint=graphite-grey')
    expect(await page.locator('#choose-paintCode a[aria-current="true"]').textContent()).toContain('Grafietgrijs')
    await page.close()
  })

  it('keeps the price in view on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } })
    await page.goto(`${base}/nl/configurator/p5`)
    await page.locator('#choose-accessoryCodes').scrollIntoViewIfNeeded()
    const bar = await page.locator('.price-bar').boundingBox()
    expect(bar).not.toBeNull()
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(740 + 1)
    expect(bar?.y ?? 0).toBeGreaterThan(400)
    await page.close()
  })

  it('draws a different picture for a different paint, without moving the layout', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${base}/nl/configurator/p5?paint=arctic-white`)
    await hydrated(page)
    const picture = page.locator('.car-render')
    // Where the picture sits in the page, measured from the top: the click may scroll past the cookie banner, and
    // the picture is sticky on a desktop, so a scrolled page moves it without moving the layout.
    const inPage = async () => {
      await page.evaluate(() => window.scrollTo(0, 0))
      return picture.boundingBox()
    }
    const blueLink = page.locator('#choose-paintCode a', { hasText: 'Fjordblauw' })
    // Scrolled to the choice first (the scroll padding keeps it clear of the cookie banner), so the click
    // itself scrolls nothing and the sticky picture is compared at the same scroll position.
    await blueLink.scrollIntoViewIfNeeded()
    const white = await picture.screenshot()
    const box = await inPage()
    await blueLink.click()
    await expect.poll(() => page.url()).toContain('paint=fjord-blue')
    const blue = await picture.screenshot()
    expect(Buffer.compare(white, blue)).not.toBe(0)
    expect(await inPage()).toEqual(box)
    expect(await picture.locator('title').textContent()).toContain('Fjordblauw')
    await page.close()
  })

  it('switches the view by keyboard, each with its own picture and text, without moving the layout', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${base}/nl/configurator/p5?paint=aurora-green-black&packs=tow-pack&accessories=bike-carrier`)
    await hydrated(page)
    // The drawing code arrives after hydration, on its own.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/car.js'))),
      )
      .toBe(true)
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number }
      w.shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value
      }).observe({ type: 'layout-shift' })
    })
    const picture = page.locator('.car-render')
    const links = page.locator('nav.car-views a')
    // Measured from the top of the page (the stage is sticky on a wide screen, so scrolling moves it).
    const boxes = async () => {
      await page.evaluate(() => window.scrollTo(0, 0))
      return Promise.all(
        [picture, page.locator('nav.car-views'), page.locator('.configurator__steps')].map((l) => l.boundingBox()),
      )
    }
    const before = await boxes()
    const views = ['front', 'side', 'rear', 'interior', 'wheel']
    expect(await links.count()).toBe(views.length)
    const shots: Buffer[] = []
    const titles = new Set<string>()
    for (const view of [...views.slice(1), 'front']) {
      await links.nth(views.indexOf(view)).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => picture.getAttribute('data-view')).toBe(view)
      await expect.poll(() => page.url()).toContain(view === 'front' ? 'paint=' : `view=${view}`)
      const shot = await picture.screenshot()
      expect(
        shots.some((other) => Buffer.compare(other, shot) === 0),
        view,
      ).toBe(false)
      shots.push(shot)
      titles.add((await picture.locator('title').textContent()) ?? '')
      expect(await boxes(), view).toEqual(before)
    }
    expect(titles.size).toBe(views.length)
    expect([...titles].join(' ')).toContain('Fietsendrager voor de trekhaak')
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0)
    await page.close()
  })

  it('saves the car and opens its overview, where the countdown can be stopped', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await hydrated(page)
    await page.locator('#choose-paintCode a', { hasText: 'Fjordblauw' }).click()
    await expect.poll(() => page.url()).toContain('paint=fjord-blue')
    const configured = await total(page)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/nl\/configurator\/overview\/[\w-]{12}\?saved=1(&finance=\w+)?$/)
    await hydrated(page)
    await page.locator('.notice button').click()
    await page.waitForTimeout(1200)
    expect(page.url()).toContain('/overview/')
    expect(await page.locator('.price-summary__total').textContent()).toBe(configured)
    expect(await page.locator('#share-url').inputValue()).toMatch(/\/nl\/configurator\/[\w-]{12}$/)
    await page.close()
  })
})
