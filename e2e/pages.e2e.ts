import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import p5 from '../data/catalog/p5.json'
import de from '../locales/de-DE.json'
import nb from '../locales/nb-NO.json'
import { Catalog } from '../src/domain/catalog/schema'
import { carFigures } from '../src/domain/content/marketing'
import { axeViolations } from './axe'
import { reloadedBy, withBrowser } from './browser'
import { screenshot } from './look'
import { payOnHostedPage } from './pay'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

const WIDTHS = [390, 1366] as const
/** Scripts that run: a page's structured data (JSON-LD) is data for search engines, not code. */
const RUNNING_SCRIPTS = 'script:not([type="application/ld+json"])'

/** A visitor who has answered the cookie banner (it would cover the foot of every page). */
async function visitor(width: number, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, ...options })
  const page = await context.newPage()
  await page.goto(`${base}/de`)
  await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())
  await page.close()
  return context
}

/** How far apart the tops of the header row's visible items are: 0 when they sit in one row. */
function headerRowSpread(page: Page): Promise<number> {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('.header__inner > *'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
    const middles = items.map((r) => r.top + r.height / 2)
    return Math.max(...middles) - Math.min(...middles)
  })
}

/**
 * Saves the car open on the page's configurator and signs a new customer up from its order link, which
 * leads back to the order form (forced login).
 */
async function orderFormOfNewCustomer(page: Page, name: string, email: string): Promise<void> {
  await page.locator('.configurator__save button').click()
  await page.waitForURL(/\/configurator\/overview\//)
  await orderFormAsNewCustomer(page, name, email)
}

/** From the overview, signs a new customer up by its order link and lands on the order form. */
async function orderFormAsNewCustomer(page: Page, name: string, email: string): Promise<void> {
  const form = await page.locator('a[href*="/configurator/info-submission/"]').getAttribute('href')
  await page.goto(`${base}${form}`)
  const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await signUp.locator('input[name="name"]').fill(name)
  await signUp.locator('input[name="email"]').fill(email)
  await signUp.locator('input[name="password"]').fill('a long enough password')
  await signUp.getByRole('button').click()
  await page.waitForURL(/\/configurator\/info-submission\//)
}

const PAGE_TYPES = [
  '/',
  '/marketing',
  '/configurator/p5',
  '/configurator/overview/cfg-e2e',
  '/test-drive/p5',
  '/quick-delivery',
  '/trade-in',
  '/home-charger',
  '/terms-conditions',
  '/accessibility',
  '/auth',
  '/no-such-page',
]

describe('the header', () => {
  for (const width of [320, ...WIDTHS]) {
    it(`is one row on every page type at ${width} px (German; Norwegian and Icelandic with the sign-in link)`, async () => {
      const context = await visitor(width)
      const page = await context.newPage()
      const findings: string[] = []
      for (const prefix of ['/de', '/no', '/is']) {
        for (const path of PAGE_TYPES) {
          await page.goto(`${base}${prefix}${path === '/' ? '' : path}`)
          const spread = await headerRowSpread(page)
          if (spread > 4) findings.push(`${prefix}${path}: header items ${spread}px apart vertically`)
          const header = await page.locator('header.header').boundingBox()
          if (!header || header.height > 72) findings.push(`${prefix}${path}: header ${header?.height}px tall`)
          if (!header || header.width > width) findings.push(`${prefix}${path}: header wider than the window`)
        }
      }
      expect(findings).toEqual([])
      // Phones get the menu button, desktops the navigation row.
      await page.goto(`${base}/de`)
      expect(await page.locator('.header__menu summary').isVisible()).toBe(width < 751)
      expect(await page.locator('.header__nav').isVisible()).toBe(width > 750)
      await context.close()
    }, 120_000)
  }

  it('opens its menu on a phone without JavaScript, and its links work', async () => {
    const context = await visitor(390, { javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/de`)
    const testDrive = page.locator('.header__menu-panel a', { hasText: de['header.nav.testDrive'] })
    expect(await testDrive.isVisible()).toBe(false)
    const button = page.locator('.header__menu summary')
    expect((await button.textContent())?.trim()).toBe(de['header.menu'])
    await button.click()
    expect(await testDrive.isVisible()).toBe(true)
    expect(await page.locator('.header__menu-panel a').count()).toBe(4)
    await screenshot(page, 'pages/de-header-menu-no-js-390')
    await testDrive.click()
    await page.waitForURL(`${base}/de/test-drive`)
    await context.close()
  })

  it('opens its menu with the keyboard and takes the visitor on from it', async () => {
    const context = await visitor(390)
    const page = await context.newPage()
    await page.goto(`${base}/no`)
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab')
      if (await page.evaluate(() => document.activeElement?.matches('.header__menu summary'))) break
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(nb['header.menu'])
    await page.keyboard.press('Enter')
    expect(await page.locator('.header__menu').getAttribute('open')).not.toBeNull()
    // The account's sign-in link moved into the menu on a phone.
    expect(await page.locator('.header__menu-account a', { hasText: nb['header.signIn'] }).isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/no/configurator/p5')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/no/configurator/p5`)
    await context.close()
  })

  it('has no axe violations with the menu open, and no motion when the visitor asks for none', async () => {
    const context = await visitor(390, { reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto(`${base}/de`)
    await page.locator('.header__menu summary').click()
    expect(await axeViolations(page)).toEqual([])
    const durations = await page.evaluate(() => [
      getComputedStyle(document.querySelector('.header__menu-panel') as Element).animationDuration,
      getComputedStyle(document.querySelector('.button') as Element).transitionDuration,
    ])
    expect(durations.every((d) => d.split(',').every((each) => Number.parseFloat(each) === 0))).toBe(true)
    await context.close()
  })
})

describe('the home stage', () => {
  const figures = carFigures(Catalog.parse(p5))

  for (const width of WIDTHS) {
    it(`shows the car, its three key figures and two actions in the first screen at ${width} px, without JavaScript or layout shift`, async () => {
      const context = await visitor(width)
      const page = await context.newPage()
      await page.goto(`${base}/de`)
      const car = page.locator('.stage--home svg.car-render[role="img"]')
      const box = await car.boundingBox()
      expect(box?.height).toBeGreaterThan(width === 390 ? 180 : 380)
      expect(await car.locator('title').textContent()).toContain('P5')
      const number = (value: number) => new Intl.NumberFormat('de-DE').format(value)
      expect(await page.locator('.key-figures dd').allTextContents()).toEqual([
        de['page.home.figures.rangeValue'].replace('{km}', number(figures.rangeKm.max)),
        de['page.home.figures.chargingValue'].replace('{minutes}', number(figures.fastCharging.minutes)),
        de['marketing.cargoValue'].replace('{litres}', number(figures.cargoLitres)),
      ])
      const actions = page.locator('.stage__actions a')
      expect(await actions.allTextContents()).toEqual([de['page.home.cta.configure'], de['page.home.cta.testDrive']])
      // The car and the figures are in the first screen on a desktop; on a phone the car is.
      const figuresBox = await page.locator('.key-figures').boundingBox()
      expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThan(900)
      if (width === 1366) expect((figuresBox?.y ?? 900) + (figuresBox?.height ?? 0)).toBeLessThan(900)
      // Four sections, each with a picture of the car that loads when it comes near.
      const pictures = page.locator('.home-section img.car-image')
      expect(await pictures.count()).toBe(4)
      expect(await pictures.first().getAttribute('loading')).toBe('lazy')
      expect(await pictures.first().getAttribute('src')).toMatch(/^\/car\/p5\/side\.svg\?/)
      expect(await page.locator(RUNNING_SCRIPTS).count()).toBe(0)
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value
            }).observe({ type: 'layout-shift', buffered: true })
            setTimeout(() => resolve(total), 500)
          }),
      )
      expect(shift).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    })
  }

  it('puts the car on a stage on the marketing page too', async () => {
    const context = await visitor(390)
    const page = await context.newPage()
    await page.goto(`${base}/de/marketing`)
    expect(await page.locator('.stage svg.car-render[data-view="side"]').isVisible()).toBe(true)
    expect(await page.locator(RUNNING_SCRIPTS).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('the order detail', () => {
  /** The markers of the timeline's steps, as drawn: one string per step. */
  const markers = (page: Page) =>
    page.locator('.timeline__step').evaluateAll((steps) =>
      steps.map((step) => {
        const style = getComputedStyle(step, '::before')
        return `${style.backgroundColor} ${style.backgroundImage.slice(0, 20)} ${style.borderTopColor}`
      }),
    )

  it('shows the car, the next action first and a timeline of done, current and upcoming steps', async () => {
    const context = await visitor(1366)
    const page = await context.newPage()
    await page.goto(`${base}/no/configurator/p5`)
    await orderFormOfNewCustomer(page, 'Kari Nordmann', `pages.${Date.now()}@example.com`)
    const fields = { lastName: 'Nordmann', zip: '0150', city: 'Oslo', street: 'Storgata 1', phone: '412 34 567' }
    for (const [name, value] of Object.entries(fields)) await page.locator(`#order-${name}`).fill(value)
    await page.locator('#order-email').fill('kari@example.com')
    for (const consent of ['terms', 'orderAgreement']) await page.locator(`#order-${consent}`).check()
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForURL(/\/order\/result-confirmation\//)
    const orderUrl = page.url().replace('/result-confirmation', '')

    // Placed, not paid: paying is the next action; the first step is current, the rest upcoming.
    await page.goto(orderUrl)
    expect(await page.locator('.order-detail__car svg.car-render[role="img"]').isVisible()).toBe(true)
    const pay = page.locator('.next-action a.button--primary')
    expect(await pay.getAttribute('href')).toMatch(/\/no\/order\/result-confirmation\//)
    const payBox = await pay.boundingBox()
    expect((payBox?.y ?? 900) + (payBox?.height ?? 0)).toBeLessThan(900)
    const steps = page.locator('ol.timeline > li.timeline__step')
    expect(await steps.count()).toBe(7)
    expect(await steps.nth(0).getAttribute('aria-current')).toBe('step')
    expect(await steps.nth(0).locator('.timeline__state').textContent()).toBe(nb['order.timeline.current'])
    expect(await steps.nth(1).locator('.timeline__state').textContent()).toBe(nb['order.timeline.upcoming'])
    await screenshot(page, 'pages/no-order-placed-1366')

    // Paid: placed is done, the deposit is current, contract signing is what comes next.
    await page.goto(`${base}${await pay.getAttribute('href')}`)
    await payOnHostedPage(page, 'Kari Nordmann')
    await page.goto(orderUrl)
    const states = await steps.evaluateAll((items) =>
      items.map((item) => [
        item.className.replace('timeline__step timeline__step--', ''),
        item.querySelector('.timeline__state')?.textContent,
      ]),
    )
    expect(states).toEqual([
      ['done', nb['order.timeline.done']],
      ['current', nb['order.timeline.current']],
      ...Array.from({ length: 5 }, () => ['pending', nb['order.timeline.upcoming']]),
    ])
    const [done, current, upcoming] = await markers(page)
    expect(new Set([done, current, upcoming]).size).toBe(3)
    expect(await page.locator('.next-action').textContent()).toContain(nb['order.status.contractSigned'])
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await headerRowSpread(page)).toBeLessThanOrEqual(4)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'pages/no-order-paid-390')
    await context.close()
  }, 60_000)
})

describe('the overview, the order form and the confirmation', () => {
  it('folds the order form’s price on a phone (also without JavaScript), shows it beside the form on a desktop, and confirms with the car and the timeline', async () => {
    const context = await visitor(1366)
    const page = await context.newPage()
    await page.goto(`${base}/de/configurator/p5?paint=fjord-blue`)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)

    // The overview: the car on the stage and the first action within the first screen; no axe findings.
    expect(await page.locator('.overview__stage svg.car-render[role="img"]').isVisible()).toBe(true)
    const primary = await page.locator('.next-steps .button--primary').boundingBox()
    expect((primary?.y ?? 900) + (primary?.height ?? 0)).toBeLessThan(900)
    expect(await axeViolations(page)).toEqual([])

    await orderFormAsNewCustomer(page, 'Erika Mustermann', `designs.${Date.now()}@example.com`)

    // Desktop: the itemised price beside the form, open, without a toggle.
    const breakdown = page.locator('.form-car__details table.price-breakdown')
    const toggle = page.locator('.form-car__toggle')
    expect(await breakdown.isVisible()).toBe(true)
    expect(await toggle.isVisible()).toBe(false)
    expect(await axeViolations(page)).toEqual([])

    // Phone: the total stays in view, the breakdown is folded under it until its toggle opens it.
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.locator('.form-car__amount').isVisible()).toBe(true)
    expect(await breakdown.isVisible()).toBe(false)
    expect(await toggle.innerText()).toBe(de['configurator.price.details'])
    expect(await toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(false)
    const firstField = await page.locator('main form[method="post"] input:not([type="hidden"])').first().boundingBox()
    expect((firstField?.y ?? 0) + (firstField?.height ?? 0)).toBeLessThan(844)
    await toggle.click()
    expect(await breakdown.isVisible()).toBe(true)
    expect(await toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    // The same without JavaScript.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    })
    const plain = await noScript.newPage()
    await plain.goto(page.url())
    expect(await plain.locator('.form-car__details table.price-breakdown').isVisible()).toBe(false)
    await plain.locator('.form-car__toggle').click()
    expect(await plain.locator('.form-car__details table.price-breakdown').isVisible()).toBe(true)
    await noScript.close()

    // Order, then the confirmation: the number, the car, paying next and the timeline with its current step.
    await page.setViewportSize({ width: 1366, height: 900 })
    const fields = {
      lastName: 'Mustermann',
      zip: '10115',
      city: 'Berlin',
      street: 'Invalidenstraße 1',
      phone: '030 12345678',
    }
    for (const [name, value] of Object.entries(fields)) await page.locator(`#order-${name}`).fill(value)
    await page.locator('#order-email').fill('erika@example.com')
    for (const box of await page.locator('main form[method="post"] input[type="checkbox"][id^="order-"]').all())
      if (/terms|orderAgreement/.test((await box.getAttribute('id')) ?? '')) await box.check()
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForURL(/\/order\/result-confirmation\//)
    const id = new URL(page.url()).pathname.split('/').pop()
    expect(await page.locator('h1').textContent()).toBe(de['order.placed.order'])
    expect(await page.locator('.page__lead').textContent()).toMatch(/NV-DE-[A-Z0-9]+/)
    expect(await page.locator('.order-detail__car svg.car-render[role="img"]').isVisible()).toBe(true)
    const steps = page.locator('ol.timeline > li.timeline__step')
    expect(await steps.count()).toBe(7)
    expect(await steps.nth(0).getAttribute('aria-current')).toBe('step')
    expect(await steps.nth(0).locator('.timeline__state').textContent()).toBe(de['order.timeline.current'])
    expect(await page.locator('.order-confirmation__link a').getAttribute('href')).toBe(`/de/order/${id}`)
    expect(await axeViolations(page)).toEqual([])
    // Phone: the car, then paying, then the facts and the timeline.
    await page.setViewportSize({ width: 390, height: 844 })
    const [car, pay, timeline] = await Promise.all(
      ['.order-detail__car', 'form.next-action', '.order-detail__timeline'].map((s) => page.locator(s).boundingBox()),
    )
    expect(car?.y ?? 0).toBeLessThan(pay?.y ?? 0)
    expect(pay?.y ?? 0).toBeLessThan(timeline?.y ?? 0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 90_000)
})
