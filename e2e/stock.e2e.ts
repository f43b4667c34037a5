import type { Browser } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import nb from '../locales/nb-NO.json'
import { withBrowser } from './browser'
import { payOnHostedPage } from './pay'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

describe('buying a car from stock', () => {
  it('lists, chooses a car, signs in, fills the form, pays, and the order shows the car on /no', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/no`)
    // The desktop navigation (the phone menu holds the same links, hidden at this width).
    await page.locator(`header nav a[href="/no/quick-delivery"]:visible`).click()
    await page.waitForURL(/\/no\/quick-delivery$/)
    expect(await page.locator('h1').textContent()).toBe(nb['stock.heading'])

    // Cheapest first, with the plain GET form.
    await page.locator('#stock-sort').selectOption('price-asc')
    await page.locator('form.stock-filter button[type="submit"]').click()
    await page.waitForURL(/sort=price-asc/)
    const first = page.locator('li.stock-car').first()
    const title = (await first.locator('h2').textContent()) ?? ''
    const colour = (await first.locator('dd').first().textContent()) ?? ''
    expect(title).toMatch(/^P5 /)
    await first.locator('button[type="submit"]').click()

    // Ordering needs an account: sign-in first, then back to the form with the car on it.
    await page.waitForURL(/\/auth\?frontRedirect=/)
    const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
    await signUp.locator('input[name="name"]').fill('Kari Lager')
    await signUp.locator('input[name="email"]').fill(`stock.${Date.now()}@example.com`)
    await signUp.locator('input[name="password"]').fill('a long enough password')
    await signUp.getByRole('button').click()
    await page.waitForURL(/\/no\/configurator\/info-submission\//)
    expect(await page.locator('#stock-order-title').textContent()).toBe(
      nb['stock.order.heading'].replace('{car}', title),
    )

    await page.locator('#order-lastName').fill('Lager')
    await page.locator('#order-zip').fill('0150')
    await page.locator('#order-city').fill('Oslo')
    await page.locator('#order-street').fill('Karl Johans gate 1')
    await page.locator('#order-email').fill('kari.lager@example.com')
    await page.locator('#order-phone').fill('412 34 567')
    await page.locator('#order-terms').check()
    await page.locator('#order-orderAgreement').check()
    await page.locator('main form[method="post"] button[type="submit"]').last().click()
    await page.waitForURL(/\/order\/result-confirmation\//)
    expect(await page.locator('h1').textContent()).toBe(nb['order.placed.order'])

    await payOnHostedPage(page, 'Anne Test')
    await page.goto(page.url().replace('/result-confirmation/', '/').replace(/\?.*$/, ''))
    expect(await page.locator('#stock-car-title').textContent()).toBe(
      nb['stock.order.detailHeading'].replace('{car}', title),
    )
    expect(await page.locator('main').textContent()).toContain(colour)
    await page.close()
  })
})
