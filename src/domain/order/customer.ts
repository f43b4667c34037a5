/**
 * The customer's side of the order-detail screen: which actions to offer and what to say around them. The rules
 * stay in the state machine (state.ts); this only decides what the screen shows.
 */
import type { Order } from './order'
import { type CustomerEvent, customerActions, isFinal, transition } from './state'

const CUSTOMER_EVENTS: readonly CustomerEvent[] = ['requestCancellation', 'requestRefund', 'withdrawRefund']

/**
 * A customer event from a form or a query string, or null.
 *
 * @example
 * parseCustomerEvent('requestRefund') // 'requestRefund'
 * parseCustomerEvent('markRefunded') // null
 */
export function parseCustomerEvent(value: unknown): CustomerEvent | null {
  return CUSTOMER_EVENTS.find((event) => event === value) ?? null
}

/**
 * The actions the order-detail screen offers: every customer event the order accepts now, and also the
 * cancellation of a lease that can no longer be cancelled online (allocated or delivered, not yet ended), so that the
 * customer who tries is told "Cancel lease failed: please contact our store." (SPEC §8) instead of finding no way
 * to cancel. A purchase order that has shipped offers no cancellation.
 *
 * @example
 * offeredActions(allocatedLease) // ['requestCancellation'] (refused with leaseCancelFailed when confirmed)
 * offeredActions(cancelledPaidOrder) // ['requestRefund']
 */
export function offeredActions(order: Order): CustomerEvent[] {
  const accepted = customerActions(order)
  if (accepted.includes('requestCancellation') || isFinal(order)) return accepted
  const attempt = transition(order, 'requestCancellation', 'customer', order.updatedAt)
  return !attempt.ok && attempt.code === 'leaseCancelFailed' ? ['requestCancellation', ...accepted] : accepted
}

/**
 * The note under a confirmation question: what happens after a cancellation request (an e-mail within five working
 * days) or a refund request (paid within 7–14 days, SPEC §9); none for a withdrawal.
 *
 * @example
 * confirmationNoteKey('requestRefund') // 'order.refund.timing'
 */
export function confirmationNoteKey(event: CustomerEvent): 'order.cancel.confirmNote' | 'order.refund.timing' | null {
  if (event === 'requestRefund') return 'order.refund.timing'
  // Asked before sending: what will happen, not that it was received.
  return event === 'requestCancellation' ? 'order.cancel.confirmNote' : null
}
