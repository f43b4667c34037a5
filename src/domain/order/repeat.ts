/**
 * SPEC §4: submitting an identical configuration twice is refused. Our reading: twice while the first order is still
 * under way. An order that was cancelled (and refunded) or delivered no longer stands in the way of ordering the
 * same car again. The database holds the same rule (migrations/0050_one_open_order_per_car.sql).
 */
import type { OrderStatus } from './state'

/**
 * The statuses in which an order no longer keeps its customer from ordering the same car.
 *
 * @example
 * CLOSED_STATUSES.includes('cancelled') // true
 */
export const CLOSED_STATUSES = [
  'cancelled',
  'refundRequested',
  'refundPending',
  'refunded',
  'requestCancelled',
  'orderCancelled',
  'delivered',
  'orderPaid',
] as const satisfies readonly (OrderStatus | 'refundPending')[]

/**
 * Whether an order in this status keeps its customer from ordering the same car again.
 *
 * @example
 * blocksRepeat('depositPaid') // true
 * blocksRepeat('cancelled') // false
 */
export function blocksRepeat(status: string): boolean {
  return !(CLOSED_STATUSES as readonly string[]).includes(status)
}
