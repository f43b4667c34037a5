/**
 * Payments of an order's amount due today. The storefront never stores, logs or returns a card number: the card
 * form talks to the payment provider, and the order keeps only the outcome. The local test provider below
 * decides an outcome from a well-known test card number and forgets the number at once.
 */

/**
 * The payment state of an order (SPEC §4): unpaid until the amount due today is paid; cancelled when an unpaid
 * order is cancelled; refunded after a cancelled paid order's money went back.
 *
 * @example
 * PAYMENT_STATES[0] // 'unpaid'
 */
export const PAYMENT_STATES = ['unpaid', 'paid', 'cancelled', 'refunded'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/**
 * The message key of a payment state.
 *
 * @example
 * PAYMENT_STATE_KEYS.refunded // 'order.status.refunded'
 */
export const PAYMENT_STATE_KEYS = {
  unpaid: 'order.status.unpaid',
  paid: 'order.status.paid',
  cancelled: 'order.status.paymentCancelled',
  refunded: 'order.status.refunded',
} as const satisfies Record<PaymentState, string>

/**
 * What one payment attempt ended in: the money was taken, the card was declined, or the customer left the
 * payment page. Only `succeeded` moves the order on (event `paymentSucceeded`); the others leave it unpaid.
 *
 * @example
 * const outcome: PaymentOutcome = 'declined'
 */
export type PaymentOutcome = 'succeeded' | 'declined' | 'abandoned'

/**
 * The test cards of the local test provider (the usual provider test numbers).
 *
 * @example
 * TEST_CARDS.succeeded // '4242424242424242'
 */
export const TEST_CARDS = {
  succeeded: '4242424242424242',
  declined: '4000000000000002',
  abandoned: '4000000000009995',
} as const satisfies Record<PaymentOutcome, string>

/**
 * The outcome the local test provider gives a card number: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 9995 is abandoned (the customer leaves the payment page); any other number is
 * declined. Spaces and dashes are ignored. The number is only compared, never stored or logged.
 *
 * @example
 * testCardOutcome('4242 4242 4242 4242') // 'succeeded'
 * testCardOutcome('5555 5555 5555 4444') // 'declined'
 */
export function testCardOutcome(cardNumber: string): PaymentOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '')
  if (digits === TEST_CARDS.succeeded) return 'succeeded'
  if (digits === TEST_CARDS.abandoned) return 'abandoned'
  return 'declined'
}

/**
 * Texts of the payment step: the note shown where online payment is not available yet (SPEC §8).
 *
 * @example
 * PAYMENT_MESSAGE_KEYS.underConstruction // 'order.payment.underConstruction'
 */
export const PAYMENT_MESSAGE_KEYS = {
  underConstruction: 'order.payment.underConstruction',
} as const
