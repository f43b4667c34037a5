import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { hydrated, withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

interface Startup {
  /** Number and date formats built: which kind, and whether the page had hydrated by then. */
  formats: { kind: string; hydrated: boolean }[]
  /** Changes to the car picture's drawing (the parser's included, until a test resets the count). */
  redraws: number
}

/**
 * Opens a page that counts, from its first script on, the number and date formats it builds and the times its car picture is redrawn.
 */
async function openCounting(path: string): Promise<Page> {
  const page = await browser.newPage()
  await page.addInitScript(() => {
    const startup: Startup = { formats: [], redraws: 0 }
    Object.assign(window, { startup })
    for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[kind]
      Intl[kind] = new Proxy(Original, {
        construct(target, args) {
          startup.formats.push({ kind, hydrated: document.documentElement.dataset.hydrated === 'true' })
          return Reflect.construct(target, args)
        },
      }) as never
    }
    new MutationObserver((records) => {
      startup.redraws += records.filter(
        (r) => r.target instanceof SVGGElement && r.target.closest('.car-render'),
      ).length
    }).observe(document, { childList: true, subtree: true })
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${base}${path}`)
  await hydrated(page)
  expect(errors).toEqual([])
  return page
}

const startupOf = (page: Page) => page.evaluate(() => (window as unknown as { startup: Startup }).startup)

describe('starting a page that hydrates', () => {
  // A page's first number or date format is costly to build (src/domain/locale-formats.ts): hydration reuses the server's figures.
  it.each([
    '/de/configurator/p5',
    '/no/configurator/p5?version=performance',
    '/th/configurator/p5',
    '/se/test-drive/p5',
  ])('%s hydrates with the server’s figures: no formatter built', async (path) => {
    const page = await openCounting(path)
    // Long enough for the car's drawing code, fetched once the browser is idle, to have arrived.
    await page.waitForTimeout(1500)
    const startup = await startupOf(page)
    expect(startup.formats).toEqual([])
    await page.close()
  })

  it('leaves the server’s car picture alone, and builds formatters and redraws only once the customer chooses', async () => {
    const page = await openCounting('/de/configurator/p5')
    // Counted from hydration on (the parser's own insertions before it are not redraws).
    await page.evaluate(() => {
      ;(window as unknown as { startup: Startup }).startup.redraws = 0
    })
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/car.js'))),
      )
      .toBe(true)
    await page.waitForTimeout(500)
    expect((await startupOf(page)).redraws).toBe(0)
    const price = page.locator('.price-bar__amount')
    const before = await price.textContent()
    await page.locator('#choose-paintCode a').nth(1).click()
    await expect.poll(() => price.textContent()).not.toBe(before)
    const after = await startupOf(page)
    // Pricing the new paint needed figures the server did not show: the page built its first format only now.
    expect(after.formats.length).toBeGreaterThan(0)
    expect(after.formats.every((f) => f.hydrated)).toBe(true)
    expect(after.redraws).toBeGreaterThan(0)
    await page.close()
  })
})

describe('a page coming alive', () => {
  // A control that moves under the pointer when the page hydrates takes a click meant for another: a Save clicked as
  // the finance panel grew a button above it once landed on the comparison table.
  it.each([
    '/de/configurator/p5',
    '/nl/configurator/p5?finance=privateLease',
    '/no/configurator/p5',
    '/nl/configurator/overview/cfg-e2e',
    '/se/test-drive/p5',
  ])('%s keeps every control where the server put it', async (path) => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const controls = Array.from(document.querySelectorAll('main :is(a, button, input, select, textarea)'))
        Object.assign(window, { serverControls: controls.map((el) => [el, el.getBoundingClientRect().top]) })
      })
    })
    await page.goto(`${base}${path}`)
    await hydrated(page)
    // The finance figures and the car's drawing code arrive once the browser is idle.
    await page.waitForTimeout(1500)
    // Each control the server sent, where it is now if it moved (a control only JavaScript offers may join them).
    const { count, moved } = await page.evaluate(() => {
      const controls = (window as unknown as { serverControls: [Element, number][] }).serverControls
      const name = (el: Element) => `${el.tagName.toLowerCase()} “${el.textContent?.trim().slice(0, 30)}”`
      return {
        count: controls.length,
        moved: controls.flatMap(([el, top]) => {
          if (!el.isConnected) return [`${name(el)}: replaced`]
          const now = el.getBoundingClientRect().top
          return Math.abs(now - top) > 1 ? [`${name(el)}: ${Math.round(top)} → ${Math.round(now)} px`] : []
        }),
      }
    })
    expect(count).toBeGreaterThan(5)
    expect(moved).toEqual([])
    await page.close()
  })
})

describe('the first paint', () => {
  // Lighthouse's simulated LCP counts every script that arrived before the observed paint: when the hydration code
  // (about 75 kB gzip) won that race, the configurator's LCP doubled (1.0 → 2.0 s at 4× CPU on a slow network).
  it.each(['/no/configurator/p5', '/se/test-drive/p5', '/nl/configurator/overview/cfg-e2e'])(
    '%s is painted from its HTML before the page asks for any script',
    async (path) => {
      const page = await browser.newPage()
      await page.goto(`${base}${path}`)
      await hydrated(page)
      const { painted, requested } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        requested: performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => r.startTime),
      }))
      expect(painted).not.toBeNull()
      expect(requested.length).toBeGreaterThan(0)
      expect(Math.min(...requested)).toBeGreaterThanOrEqual(painted as number)
      await page.close()
    },
  )
})

describe('a crash in the browser', () => {
  it('shows the error page in the page’s language, with its way home, and reports the crash', async () => {
    const page = await browser.newPage()
    // A drawing code that fails: the crash comes with the first choice that redraws the car.
    await page.route('**/assets/car.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export function drawCar() { throw new Error("e2e: the drawing failed") }',
      }),
    )
    const reports: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) reports.push(request.postData() ?? '')
    })
    await page.goto(`${base}/de/configurator/p5`)
    await hydrated(page)
    await page.locator('#choose-paintCode a', { hasText: 'Fjordblau' }).click()
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 })
      .toBe('Ups, da ist etwas schiefgelaufen.')
    await expect.poll(() => reports.some((report) => report.includes('e2e: the drawing failed'))).toBe(true)
    // The way home stays, with its countdown.
    expect(await page.getByRole('link', { name: /\(\d\)/ }).getAttribute('href')).toMatch(/\/de$/)
    await page.close()
  })
})

describe('a first visit’s first screen', () => {
  it('paints the cookie banner with the page, on a slow phone too: its text is the first screen’s largest', async () => {
    for (const path of ['/no/configurator/p5', '/de/marketing', '/se/test-drive/p5']) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
      const cdp = await page.context().newCDPSession(page)
      // Lighthouse's mobile CPU: with the banner last in the document it was painted 0.4–1.1 s after the first paint.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.addInitScript(() => {
        const seen: { at: number; id: string }[] = []
        Object.assign(window, { largestPaints: seen })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
            seen.push({ at: entry.startTime, id: entry.element?.id ?? '' })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      })
      await page.goto(`${base}${path}`)
      await page.waitForTimeout(1500)
      const { first, largest } = await page.evaluate(() => ({
        first: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        largest: (window as unknown as { largestPaints: { at: number; id: string }[] }).largestPaints.at(-1),
      }))
      expect(largest?.id, path).toBe('consent-text')
      expect(largest?.at, path).toBe(first)
      await page.close()
    }
  })
})
