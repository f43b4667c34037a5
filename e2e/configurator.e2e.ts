import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { CAR_VIEWS, type CarView, FEATURE_VIEWS } from '../src/ui/car/look'
import { OPTION_FEATURES } from '../src/ui/configurator/car-look'
import { hydrated, withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

/** The stage's swipe and arrow keys arrive after hydration, as a module of their own (CarStage.tsx). */
const gesturesReady = (page: Page) =>
  expect.poll(() => page.locator('.configurator__stage').getAttribute('data-gestures'), { timeout: 10_000 }).toBe('on')

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
    // The pack by its name: the premium sound system's tile names it too, as what that option needs.
    await page.locator('#choose-packCodes a', { hasText: /^Technologiepakket/ }).click()
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
    await js.locator('#choose-packCodes a', { hasText: /^Technologiepakket/ }).click()
    await expect.poll(() => js.url()).toContain('packs=tech-pack')
    const withJs = await total(js)

    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/nl/configurator/p5`)
    await page.locator('#choose-paintCode a', { hasText: 'Fjordblauw' }).click()
    await page.waitForURL(/paint=fjord-blue/)
    await page.locator('#choose-packCodes a', { hasText: /^Technologiepakket/ }).click()
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

/** The drawing of the configurator's picture in the server's HTML, without its text alternative. */
async function drawing(query: string, view: CarView): Promise<string> {
  const html = await (await fetch(`${base}/nl/configurator/p5?${query}&view=${view}`)).text()
  const svg = /<svg class="car-render"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? ''
  expect(svg, `${query} ${view}`).toContain(`data-view="${view}"`)
  return svg.replace(/<title[\s\S]*?<\/title>/, '')
}

const LONG = 'version=long-range&paint=arctic-white&wheels=aero-18&interior=textile-charcoal'
const STANDARD = 'version=standard-range&paint=arctic-white&wheels=aero-18&interior=textile-charcoal'
const OUTSIDE: CarView[] = ['front', 'side', 'rear']
/** Options the rules only allow with another (the catalog's rules): compared against the car with that one. */
const REQUIRES: Record<string, string> = { 'bike-carrier': 'tow-pack', 'premium-sound': 'tech-pack' }

describe('the picture shows every choice', () => {
  // Each group: the choices to compare, and the views they must show in (paint and wheels outside, the interior inside).
  const groups: { name: string; queries: string[]; views: readonly CarView[] }[] = [
    {
      name: 'paint',
      queries: ['arctic-white', 'graphite-grey', 'fjord-blue', 'aurora-green-black'].map((p) =>
        LONG.replace('paint=arctic-white', `paint=${p}`),
      ),
      views: OUTSIDE,
    },
    {
      name: 'wheels',
      queries: ['aero-18', 'sport-19'].map((w) => LONG.replace('wheels=aero-18', `wheels=${w}`)),
      views: [...OUTSIDE, 'wheel'],
    },
    {
      name: 'interior',
      queries: ['textile-charcoal', 'vegan-leather-sand'].map((i) =>
        LONG.replace('interior=textile-charcoal', `interior=${i}`),
      ),
      views: ['interior'],
    },
  ]
  // Every option that adds something to the picture, against the same car without it.
  for (const [code, features] of Object.entries(OPTION_FEATURES)) {
    const pack = ['comfort-pack', 'tech-pack', 'premium-sound', 'tow-pack'].includes(code)
    const needs = REQUIRES[code]
    const without = needs ? `${STANDARD}&packs=${needs}` : STANDARD
    const withIt = pack
      ? `${STANDARD}&packs=${[needs, code].filter(Boolean).join(',')}`
      : `${without}&accessories=${code}`
    groups.push({
      name: code,
      queries: [without, withIt],
      views: [...new Set(features.flatMap((f) => FEATURE_VIEWS[f]))],
    })
  }

  for (const group of groups) {
    it(`draws each ${group.name} differently in ${group.views.join(', ')}`, async () => {
      for (const view of group.views) {
        const drawn = await Promise.all(group.queries.map((query) => drawing(query, view)))
        expect(new Set(drawn).size, `${group.name} in ${view}`).toBe(group.queries.length)
      }
    })
  }

  it('redraws in the browser exactly what the server draws for the same car, in every view', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // The drawing with its id prefix (that of its first gradient, `<prefix>bg`) taken out: the browser's and the
    // server's React number the picture differently.
    const unprefixed = (markup: string) => {
      const prefix = /id="([^"]+)bg"/.exec(markup)?.[1]
      return prefix ? markup.replaceAll(prefix, 'U') : markup
    }
    const inner = async () => unprefixed(await page.locator('.car-render > g').innerHTML())
    for (const view of CAR_VIEWS) {
      await page.goto(`${base}/nl/configurator/p5?${LONG}&view=${view}`)
      await hydrated(page)
      const before = await inner()
      for (const [step, name] of [
        ['paintCode', 'Fjordblauw'],
        ['wheelCode', '19'],
        ['interiorCode', 'Zand'],
        ['packCodes', 'Technologiepakket'],
      ] as const) {
        const link = page.locator(`#choose-${step} a`, { hasText: name }).first()
        await link.click()
        await expect.poll(() => link.getAttribute('aria-current')).toBe('true')
      }
      // The client's drawing of the new car is the server's drawing of the page at the new address.
      await expect.poll(inner, { timeout: 5000, message: view }).not.toBe(before)
      const server = await (await fetch(page.url())).text()
      const svg = /<svg class="car-render"[\s\S]*?<\/svg>/.exec(server)?.[0] ?? ''
      // Both serialised by the browser, so only the drawing can differ, not how its markup is written.
      const expected = await page.evaluate((markup) => {
        const holder = document.createElement('div')
        holder.innerHTML = markup
        return holder.querySelector('.car-render > g')?.innerHTML ?? ''
      }, svg)
      expect(await inner(), view).toBe(unprefixed(expected))
    }
    await page.close()
  })
})

describe('changing the view', () => {
  it('swipes between the views on a phone, with the choices kept in view under the stage', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    // Cookies chosen first: while the banner covers the lower screen, the stage scrolls with the page instead.
    await page.goto(`${base}/nl`)
    await page.locator('.consent button[value="rejectAll"]').click()
    await page.waitForLoadState()
    await page.goto(`${base}/nl/configurator/p5`)
    await hydrated(page)
    await gesturesReady(page)
    const picture = page.locator('.car-render')
    const box = await picture.boundingBox()
    if (!box) throw new Error('no picture')
    const cdp = await context.newCDPSession(page)
    const swipe = async (from: number, to: number) => {
      const y = box.y + box.height / 2
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] })
      for (let step = 1; step <= 5; step++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from + ((to - from) * step) / 5, y }],
        })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    const before = await picture.boundingBox()
    // To the left: the next view; to the right: back again.
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2)
    await expect.poll(() => picture.getAttribute('data-view')).toBe('side')
    await expect.poll(() => page.url()).toContain('view=side')
    expect(await picture.boundingBox()).toEqual(before)
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8)
    await expect.poll(() => picture.getAttribute('data-view')).toBe('front')
    // A vertical move scrolls the page and leaves the view alone; the stage stays at the top, the choices below it.
    await page.evaluate(() => document.getElementById('choose-interiorCode')?.scrollIntoView())
    const stage = await page.locator('.configurator__stage').boundingBox()
    const step = await page.locator('#choose-interiorCode').boundingBox()
    expect(stage?.y).toBe(0)
    expect(step?.y ?? 0).toBeGreaterThanOrEqual((stage?.y ?? 0) + (stage?.height ?? 0) - 1)
    expect(await picture.getAttribute('data-view')).toBe('front')
    await context.close()
  })

  it('moves through the views with the arrow keys, on phone and desktop alike, without moving the layout', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const page = await browser.newPage({ viewport })
      await page.goto(`${base}/nl/configurator/p5`)
      await hydrated(page)
      await gesturesReady(page)
      // Measured from the top of the page: the focus may scroll it, and the stage is sticky.
      const boxes = async () => {
        await page.evaluate(() => window.scrollTo(0, 0))
        return Promise.all(
          ['.configurator__stage', '.car-render', 'nav.car-views', '.configurator__steps'].map((s) =>
            page.locator(s).boundingBox(),
          ),
        )
      }
      const before = await boxes()
      await page.locator('nav.car-views a[aria-current="true"]').focus()
      for (const view of [...CAR_VIEWS.slice(1), CAR_VIEWS[0]]) {
        await page.keyboard.press('ArrowRight')
        await expect.poll(() => page.locator('.car-render').getAttribute('data-view')).toBe(view)
        // The focus follows the current view, so the next arrow goes on from there.
        expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.view)).toBe(view)
        expect(await boxes(), `${viewport.width} ${view}`).toEqual(before)
      }
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => page.locator('.car-render').getAttribute('data-view')).toBe('wheel')
      await page.close()
    }
  })
})

describe('the build for the visit', () => {
  it('follows the visitor: header, other sites and test drive keep it, and a configurator opened bare restores it', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/be/fr-BE/configurator/p5`)
    await hydrated(page)
    await page.locator('#choose-versionCode a').nth(1).click()
    await page.locator('#choose-paintCode a', { hasText: 'Bleu fjord' }).click()
    await expect.poll(() => page.url()).toContain('paint=fjord-blue')
    const build = 'version=long-range&paint=fjord-blue'
    const href = (selector: string) => page.locator(selector).first().getAttribute('href')
    await expect.poll(() => href('header nav a[href*="/test-drive/"]')).toContain(build)
    expect(await href('.chooser__list a[hreflang="nl-BE"]')).toContain(`/be/nl-BE/configurator/p5?${build}`)
    await page.goto(new URL((await href('header nav a[href*="/test-drive/"]')) ?? '', base).href)
    expect(await page.locator('.form-car, main').first().textContent()).toContain('Bleu fjord')
    // From a page about no car, the header's configurator link opens the model alone: the build comes back.
    await page.goto(`${base}/be/fr-BE`)
    await page.goto(new URL((await href('header nav a')) ?? '', base).href)
    await expect.poll(() => page.url()).toContain(build)
    expect(await page.locator('#choose-paintCode a[aria-current="true"]').textContent()).toContain('Bleu fjord')
    await page.close()
  })
})
