import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import type { Order } from '../domain/order/order'
import { type TransitionResult, transition } from '../domain/order/state'
import { withdraw } from '../domain/order/withdrawal'
import { type Site, today } from '../i18n/sites'
import type { Store } from '../store'

export type WithdrawalOutcome =
  | { ok: true; at: string; notificationIds: string[] }
  /** The period is closed, or the order changed in the meantime: nothing was written. */
  | { ok: false; reason: 'closed' | 'changed' }

/**
 * The refund a withdrawal is owed (Directive 2011/83/EU, Art. 13: every payment, without undue delay, at the latest
 * within 14 days). The single refund function of a withdrawal.
 *
 * SEAM (issue 43): until the payment provider's refund is on main, this takes the existing refund-request path (the
 * order's `requestRefund` event; staff mark it refunded in the console). When the provider refund lands, call it here
 * with its idempotency key; nothing else changes.
 */
export function refundAfterWithdrawal(order: Order, at: string): TransitionResult {
  return transition(order, 'requestRefund', 'customer', at)
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
  const refund = ended.order.payment === 'paid' ? refundAfterWithdrawal(ended.order, at) : null
  const after = refund?.ok ? refund.order : ended.order
  const events = refund?.ok ? [...ended.events, ...refund.events] : ended.events
  const { saved, notificationIds } = await store.orders.update(stored.id, stored.order, after, events, actorId)
  return saved ? { ok: true, at, notificationIds } : { ok: false, reason: 'changed' }
}
