/**
 * The right of withdrawal from a distance contract (Directive 2011/83/EU, Art. 9 and 11a; data/legal/rules.json
 * `withdrawal-function`): open from the order until `days` days after the day the customer takes possession of the
 * car. A lease is withdrawn from with its lessor, not here.
 */
import { addDays, type IsoDate } from '../catalog/markets'
import type { Order } from './order'
import { type TransitionResult, transition } from './state'

export interface WithdrawalPeriod {
  open: boolean
  /** The last day of the period once the car is delivered; null before delivery (it runs from delivery). */
  until: IsoDate | null
}

/**
 * Whether the customer can withdraw from the order today, and until when.
 *
 * @example
 * withdrawalPeriod(paidOrder, 14, '2026-12-01') // { open: true, until: null }
 * withdrawalPeriod(deliveredOn('2026-11-20'), 14, '2026-12-04') // { open: true, until: '2026-12-04' }
 * withdrawalPeriod(deliveredOn('2026-11-20'), 14, '2026-12-05') // { open: false, until: '2026-12-04' }
 */
export function withdrawalPeriod(order: Order, days: number, today: IsoDate): WithdrawalPeriod {
  if (order.flow === 'lease' || !transition(order, 'withdraw', 'customer', order.updatedAt).ok) {
    return { open: false, until: null }
  }
  const delivered = order.dates.delivered
  if (!delivered) return { open: true, until: null }
  const until = addDays(delivered.slice(0, 10), days)
  return { open: today <= until, until }
}

/**
 * The withdrawal itself: the order ends at once (a paid one stays `paid` until it is refunded, refundAfterWithdrawal in
 * src/app/withdrawal.ts). Null when the period is closed.
 *
 * @example
 * withdraw(paidOrder, 14, '2026-12-01', at)?.order.status // 'cancelled'
 */
export function withdraw(order: Order, days: number, today: IsoDate, at: string): TransitionResult | null {
  if (!withdrawalPeriod(order, days, today).open) return null
  const ended = transition(order, 'withdraw', 'customer', at)
  return ended.ok ? ended : null
}
