import type { Money } from '../money'

/** A trade-in estimate as the visitor carries it from page to page (SPEC §3 client state `tradeInCarInfo`). */
export interface TradeInCarInfo {
  /** The valuation's id. */
  id: string
  /** The car's name as the valuation table gives it: "Volvo XC40 Recharge". */
  car: string
  estimate: Money
  /** The last day the estimate is set against a price (30 days from valuing; credit.ts). */
  validUntil?: string
}

/** What is left to pay for a car once a trade-in's estimate is set against its price. */
export interface TradeInBalance {
  /** The price less the estimate, never below zero. */
  toPay: Money
  /** What the estimate exceeds the price by (paid out to the customer), otherwise zero. */
  toReceive: Money
}

/**
 * The balance after a trade-in, in whole minor units: the estimate is a figure in the same currency, so nothing is
 * rounded. Null when the currencies differ (an estimate made on another country's site): no figure is better than
 * a wrong one.
 *
 * @example
 * balanceAfterTradeIn(money(5_299_000, 'EUR'), money(1_234_567, 'EUR'))
 * // { toPay: €40,644.33, toReceive: €0.00 }
 */
export function balanceAfterTradeIn(price: Money, estimate: Money): TradeInBalance | null {
  if (price.currency !== estimate.currency) return null
  const difference = price.amount - estimate.amount
  return {
    toPay: { amount: Math.max(0, difference), currency: price.currency },
    toReceive: { amount: Math.max(0, -difference), currency: price.currency },
  }
}
