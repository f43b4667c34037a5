import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import nb from '../locales/nb-NO.json'
import nl from '../locales/nl-NL.json'
import { withBrowser } from './browser'
import { payOnHostedPage } from './pay'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

/** Opens a signed-in-only page: sign-in comes first (forced login) and leads back to it. */
async function signUp(page: Page, url: string, email: string) {
  await page.goto(url)
  await page.waitForURL(/\/auth\?frontRedirect=/)
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await form.locator('input[name="name"]').fill('Anne Test')
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="password"]').fill('a long enough password')
  await form.getByRole('button').click()
}

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
    it(`configures, signs in, fills the form (errors first), pays, follows and cancels${site.prefix === '/nl' ? ', then asks for a refund,' : ''} on ${site.prefix}`, async () => {
      const page = await browser.newPage()
      await page.goto(`${base}${site.prefix}/configurator/p5`)
      await page.locator('.configurator__save button').click()
      await page.waitForURL(/\/configurator\/overview\//)
      // Order: signed-in customers only, so sign-in comes first and leads back to the form.
      const form = await page.locator(`a[href*="/configurator/info-submission/"]`).getAttribute('href')
      await signUp(page, `${base}${form}`, `order.${Date.now()}${site.prefix.slice(1)}@example.com`)
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

      // Pay the deposit on the provider's hosted page (the Stripe stand-in), back to a page that says it is paid.
      await payOnHostedPage(page, 'Anne Test')
      expect(await page.locator('[role="status"]').first().textContent()).toContain(
        site.messages['payment.return.paid'].split('{')[0],
      )
      // Placed is done; the deposit payment is where the order stands now.
      expect(await page.locator('.timeline__step--done').count()).toBeGreaterThanOrEqual(1)
      expect(await page.locator('.timeline').textContent()).toContain(site.messages['order.status.depositPaid'])

      // Request cancellation, confirming first (a confirmation step that needs no JavaScript).
      const orderUrl = page.url().replace('/result-confirmation/', '/').replace(/\?.*$/, '')
      await page.goto(orderUrl)
      await page.locator('a[href*="confirm=requestCancellation"]').click()
      await page.waitForURL(/confirm=requestCancellation/)
      expect(await page.locator('#confirm-title').textContent()).toBe(site.messages['order.confirm.cancelOrder'])
      await page.locator('#confirm button[type="submit"]').click()
      await page.waitForURL(/\/order\/cancel-result\//)
      expect(await page.locator('.page__lead').textContent()).toBe(site.messages['order.cancel.received'])
      if (site.prefix !== '/nl') {
        await page.close()
        return
      }

      // Store staff approve the cancellation; the customer then asks for the deposit back.
      const number =
        (await page.goto(orderUrl).then(() => page.locator('.choices-list dd').first().textContent())) ?? ''
      const staff = await browser.newPage()
      await signUp(staff, `${base}/nl/staff`, `staff.nl.${Date.now()}@e2e.example.com`)
      await staff.waitForURL(/\/nl\/staff$/)
      const row = staff.locator('tr', { has: staff.locator('th', { hasText: number }) })
      // Each change asks first, with a note for the audit log.
      await row.locator('a', { hasText: nl['staff.event.approveCancellation'] }).click()
      await staff.locator('#confirm input[name="note"]').fill('Customer called the store')
      await staff.locator('#confirm button', { hasText: nl['staff.confirm.yes'] }).click()
      await staff.waitForURL(/\/nl\/staff$/)
      await staff.close()

      // The deposit goes back through the provider by itself: on its way, then refunded once Stripe says so.
      await page.goto(orderUrl)
      expect(await page.locator('.timeline').textContent()).toContain(nl['order.status.refundPending'])
      expect(await page.locator('main').textContent()).toContain(nl['payment.refund.pendingNote'])
      await expect
        .poll(
          async () => {
            await page.goto(orderUrl)
            return page.locator('.order-detail__payments').textContent()
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toContain(nl['payment.refundStatus.succeeded'])
      expect(await page.locator('.timeline').textContent()).toContain(nl['order.status.refundCompleted'])
      expect(await page.locator('.order-detail__payments').textContent()).toMatch(/re_test_\w+/)
      await page.close()
    })
  }
})

describe('pre-ordering a car', () => {
  it('shows the pre-order fee and the blind-order incentive, then places and pays the pre-order on /no', async () => {
    const page = await browser.newPage()
    // The blind-order incentive (a business lease rate) is offered to a build for business use only.
    await page.goto(`${base}/no/configurator/p5?usage=business`)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    await page.locator('a[href*="/pre-order/"]').first().click()
    await page.waitForURL(/\/no\/pre-order\/[\w-]+\/p5$/)
    expect(await page.locator('#pre-order-incentive').textContent()).toBe(nb['order.preOrder.incentiveHeading'])
    expect(await page.locator('main').textContent()).toContain(nb['order.preOrder.fee'])
    expect(await page.locator('main').textContent()).toMatch(/3,99\s?%/)

    const form = (await page.locator('a[href*="/pre-order/info-submission/"]').getAttribute('href')) ?? ''
    await signUp(page, `${base}${form}`, `preorder.${Date.now()}@example.com`)
    await page.waitForURL(/\/pre-order\/info-submission\//)
    await page.locator('#order-lastName').fill('Nordmann')
    await page.locator('#order-zip').fill('0150')
    await page.locator('#order-city').fill('Oslo')
    await page.locator('#order-street').fill('Storgata 1')
    await page.locator('#order-email').fill('kari@example.com')
    await page.locator('#order-phone').fill('412 34 567')
    await page.locator('#order-companyName').fill('Nordmann AS')
    await page.locator('#order-companyNumber').fill('923609016')
    await page.locator('#order-companyAddress').fill('Storgata 1, 0150 Oslo')
    await page.locator('#order-terms').check()
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForURL(/\/order\/result-confirmation\//)
    expect(await page.locator('h1').textContent()).toBe(nb['order.preOrder.placed'])

    // Norway: Vipps first, approved in the app (the stand-in's test page).
    expect(await page.locator('.payment-step input[name="method"]').first().getAttribute('value')).toBe('vipps')
    await payOnHostedPage(page, 'Anne Test', { method: 'vipps' })
    const timeline = await page.locator('.timeline').textContent()
    expect(timeline).toContain(nb['order.status.preOrderPlaced'])
    expect(timeline).toContain(nb['order.status.depositPaid'])
    await page.close()
  })
})
