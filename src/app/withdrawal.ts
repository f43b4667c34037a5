import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { logLine } from '../domain/log'
import type { Order } from '../domain/order/order'
import { type TransitionResult, transition } from '../domain/order/state'
import { withdraw } from '../domain/order/withdrawal'
import { type Site, today } from '../i18n/sites'
import type { Store } from '../store'
import { type PaymentDeps, refundPayment } from './payments'

export type WithdrawalOutcome =
  /** `refundDue`: the order was paid, so its refund is to be issued (refundAfterWithdrawal). */
  | { ok: true; at: string; notificationIds: string[]; refundDue: boolean }
  /** The period is closed, or the order changed in the meantime: nothing was written. */
  | { ok: false; reason: 'closed' | 'changed' }

/**
 * The refund request a withdrawal makes: every payment goes back (Directive 2011/83/EU, Art. 13: without undue delay,
 * at the latest within 14 days). The order is `refundRequested` in the same write as the withdrawal.
 */
function requestRefund(order: Order, at: string): TransitionResult {
  return transition(order, 'requestRefund', 'customer', at)
}

/**
 * Issues a withdrawn order's refund through the payment provider, with its own idempotency key (app/payments.ts
 * `refundPayment`). A provider fault is logged, not thrown: the withdrawal is written, and staff see the order as
 * "refund requested" with its refund button.
 *
 * @example
 * if (outcome.ok && outcome.refundDue) await refundAfterWithdrawal(ctx.payments(), id)
 */
export async function refundAfterWithdrawal(deps: PaymentDeps, orderId: string): Promise<void> {
  try {
    await refundPayment(deps, orderId, { reason: 'withdrawal', requestedBy: null })
  } catch (error) {
    console.error(logLine('error', 'withdrawal: the refund could not be issued', { orderId, error }))
  }
}

/**
 * The customer's withdrawal from their order through the online function (Art. 11a): the contract ends at once, what
 * was paid is refunded (refundAfterWithdrawal), and the acknowledgement e-mail with the statement, date and time is
 * queued in the same write (store/orders.ts `withdrawalReceived`).
 *
 * @example
 * const outcome = await withdrawFromContract(ctx.store, ctx.site, { id, order }, userId, new Date())
 */
export async function withdrawFromContract(
  store: Store,
  site: Site,
  stored: { id: string; order: Order },
  actorId: string | null,
  now: Date,
): Promise<WithdrawalOutcome> {
  const at = now.toISOString()
  const ended = withdraw(stored.order, LEGAL_ENTITIES[site.countryCode].withdrawalDays, today(site, now), at)
  if (!ended?.ok) return { ok: false, reason: 'closed' }
  const refund = ended.order.payment === 'paid' ? requestRefund(ended.order, at) : null
  const after = refund?.ok ? refund.order : ended.order
  const events = refund?.ok ? [...ended.events, ...refund.events] : ended.events
  const { saved, notificationIds } = await store.orders.update(stored.id, stored.order, after, events, actorId)
  return saved ? { ok: true, at, notificationIds, refundDue: refund?.ok === true } : { ok: false, reason: 'changed' }
}
