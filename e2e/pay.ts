import type { Page } from 'playwright-core'

/** Stripe's test card that succeeds, as a customer types it on the hosted page. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } as const

/**
 * Pays the amount due from the payment step of an order's confirmation page, as a customer does: chooses the method,
 * goes to the provider's hosted page (the Stripe stand-in), types the card there (or approves the app payment), and
 * comes back to the confirmation page, which says what happened.
 *
 * @example
 * await payOnHostedPage(page, 'Anne Test')
 */
export async function payOnHostedPage(
  page: Page,
  name: string,
  {
    method = 'card',
    card = TEST_CARD,
  }: { method?: string; card?: { number: string; expiry: string; cvc: string } } = {},
): Promise<void> {
  await page.locator(`.payment-step input[name="method"][value="${method}"]`).check()
  await Promise.all([
    page.waitForURL(/\/dev\/stripe\/checkout\/cs_test_\w+$/),
    page.locator('.payment-step button[type="submit"]').click(),
  ])
  if (method === 'card') {
    await page.locator('#number').fill(card.number)
    await page.locator('#expiry').fill(card.expiry)
    await page.locator('#cvc').fill(card.cvc)
    await page.locator('#name').fill(name)
    await page.locator('main form button[type="submit"]').click()
  } else await page.locator('button[name="decision"][value="authorize"]').click()
  await page.waitForURL(/\/order\/result-confirmation\/[\w-]+\?checkout=cs_test_\w+$/)
}
