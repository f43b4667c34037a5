/**
 * How a payment attempt and a refund move: only forward, whatever order the provider's events arrive in, so a late
 * "processing" never undoes "succeeded" and a duplicate changes nothing. Pure.
 */
import type { AttemptStatus, RefundStatus } from './provider'

const ATTEMPT_FROM: Record<AttemptStatus, readonly AttemptStatus[]> = {
  pending: [],
  processing: ['pending'],
  succeeded: ['pending', 'processing'],
  failed: ['pending', 'processing'],
  expired: ['pending'],
}

/**
 * The statuses an attempt may move to `next` from: what a stored attempt must be for the provider's report to change
 * it (the condition of the update, so the database decides).
 *
 * @example
 * attemptMovesFrom('succeeded') // ['pending', 'processing']
 * attemptMovesFrom('processing') // ['pending']: never back from succeeded
 */
export function attemptMovesFrom(next: AttemptStatus): readonly AttemptStatus[] {
  return ATTEMPT_FROM[next]
}

/**
 * A refund of ours: `requested` until the provider has it, then the provider's status.
 *
 * @example
 * const status: StoredRefundStatus = 'requested'
 */
export type StoredRefundStatus = 'requested' | RefundStatus

const REFUND_FROM: Record<StoredRefundStatus, readonly StoredRefundStatus[]> = {
  requested: [],
  pending: ['requested'],
  succeeded: ['requested', 'pending'],
  failed: ['requested', 'pending'],
  canceled: ['requested', 'pending'],
}

/**
 * The statuses a refund may move to `next` from.
 *
 * @example
 * refundMovesFrom('pending') // ['requested']
 */
export function refundMovesFrom(next: StoredRefundStatus): readonly StoredRefundStatus[] {
  return REFUND_FROM[next]
}

/**
 * The idempotency key of a checkout: one per order, amount due and attempt, so 30 clicks on "pay" make one checkout
 * and a new attempt (another method, an expired page) is a new key.
 *
 * @example
 * checkoutKey('ord1', 500000, 1) // 'checkout-ord1-500000-1'
 */
export function checkoutKey(orderId: string, amountDue: number, attempt: number): string {
  return `checkout-${orderId}-${amountDue}-${attempt}`
}

/**
 * The idempotency key of a refund: one per payment and refund attempt (a retry after a failure is a new attempt).
 *
 * @example
 * refundKey('pay1', 2) // 'refund-pay1-2'
 */
export function refundKey(paymentId: string, attempt: number): string {
  return `refund-${paymentId}-${attempt}`
}

/** How long an attempt may stay pending or processing before the scheduled reconciliation asks the provider. */
export const RECONCILE_AFTER_MINUTES = 5
