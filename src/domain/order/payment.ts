/**
 * The payment state of an order. The money itself moves at the payment provider (src/domain/payment): the customer
 * pays on its hosted page, so no card number, security code or expiry ever reaches the storefront.
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
 * Texts of the payment step: the note shown where online payment is not available yet (SPEC §8).
 *
 * @example
 * PAYMENT_MESSAGE_KEYS.underConstruction // 'order.payment.underConstruction'
 */
export const PAYMENT_MESSAGE_KEYS = {
  underConstruction: 'order.payment.underConstruction',
} as const
