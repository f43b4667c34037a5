import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import nb from '../locales/nb-NO.json'
import nl from '../locales/nl-NL.json'
import { launchBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const SITES = [
  {
    prefix: '/nl',
    messages: nl,
    zip: '1017 AB',
    city: 'Amsterdam',
    phone: '06 12345678',
    consents: ['terms', 'orderAgreement'],
  },
  {
    prefix: '/no',
    messages: nb,
    zip: '0150',
    city: 'Oslo',
    phone: '412 34 567',
    consents: ['terms', 'orderAgreement'],
  },
] as const

describe('ordering a car', () => {
  for (const site of SITES) {
    it(`configures, signs in, fills the form (errors first), pays, follows and cancels on ${site.prefix}`, async () => {
      const page = await browser.newPage()
      await page.goto(`${base}${site.prefix}/configurator/p5`)
      await page.locator('.configurator__save button').click()
      await page.waitForURL(/\/configurator\/overview\//)
      // Order: signed-in customers only, so sign-in comes first and leads back to the form.
      await page.locator(`a[href*="/configurator/info-submission/"]`).click()
      await page.waitForURL(/\/auth\?frontRedirect=/)
      const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
      await signUp.locator('input[name="name"]').fill('Anne Test')
      await signUp.locator('input[name="email"]').fill(`order.${Date.now()}${site.prefix.slice(1)}@example.com`)
      await signUp.locator('input[name="password"]').fill('a long enough password')
      await signUp.getByRole('button').click()
      await page.waitForURL(/\/configurator\/info-submission\//)

      // Errors first.
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForLoadState()
      expect(await page.locator('.field__error').count()).toBeGreaterThanOrEqual(3)
      await page.locator('#order-lastName').fill('Test')
      await page.locator('#order-zip').fill(site.zip)
      await page.locator('#order-city').fill(site.city)
      await page.locator('#order-street').fill('Hovedgaten 1')
      await page.locator('#order-email').fill('anne@example.com')
      await page.locator('#order-phone').fill(site.phone)
      for (const consent of site.consents) await page.locator(`#order-${consent}`).check()
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForURL(/\/order\/result-confirmation\//)
      expect(await page.locator('h1').textContent()).toBe(site.messages['order.placed.order'])

      // Pay the deposit with the test provider.
      await page.locator('#card').fill('4242 4242 4242 4242')
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForURL(/\/order\/[\w-]+\?paid=1$/)
      expect(await page.locator('[role="status"]').first().textContent()).toBe(site.messages['order.pay.paid'])
      // Placed is done; the deposit payment is where the order stands now.
      expect(await page.locator('.timeline__step--done').count()).toBeGreaterThanOrEqual(1)
      expect(await page.locator('.timeline').textContent()).toContain(site.messages['order.status.depositPaid'])

      // Request cancellation, confirming first.
      await page.locator('main details summary').first().click()
      await page.locator('main details form button').first().click()
      await page.waitForURL(/\/order\/cancel-result\//)
      expect(await page.locator('.page__lead').textContent()).toBe(site.messages['order.cancel.received'])
      await page.close()
    })
  }
})
