/**
 * A trade-in estimate set against a car's price and its finance (issue: the valuation lowers the amount financed
 * and the monthly figure). SPEC §9 holds the final price, set at the inspection, for 30 days from it; the online
 * estimate is held as long (our rule: the carried valuation's cookie lasts 30 days too), so an older estimate is not
 * applied and the customer values the car again.
 */
import { addDays, type IsoDate } from '../catalog/markets'
import type { Money } from '../money'

/** Days a trade-in price holds: the final price from the inspection (SPEC §9), and here the estimate from valuing. */
export const TRADE_IN_VALID_DAYS = 30

/**
 * The last day an estimate made on `valuedOn` is applied.
 *
 * @example
 * estimateValidUntil('2026-12-01') // '2026-12-31'
 */
export function estimateValidUntil(valuedOn: IsoDate): IsoDate {
  return addDays(valuedOn, TRADE_IN_VALID_DAYS)
}

/**
 * What of an estimate is set against a price today: all of it up to the price (a larger estimate is paid out, not
 * financed), in the price's currency; 0 when the estimate is in another currency or no longer holds.
 *
 * @example
 * tradeInCredit({ amount: 1_000_000, currency: 'EUR' }, '2026-12-31', { amount: 5_000_000, currency: 'EUR' }, '2026-12-20')
 * // 1_000_000
 */
export function tradeInCredit(estimate: Money, validUntil: IsoDate, price: Money, today: IsoDate): number {
  if (estimate.currency !== price.currency || today > validUntil) return 0
  return Math.max(0, Math.min(estimate.amount, price.amount))
}
