/** ISO 4217 currencies sold in, with their minor-unit exponents (ISK has none in practice). */
export const CURRENCY_EXPONENT = { EUR: 2, NOK: 2, SEK: 2, DKK: 2, THB: 2, ISK: 0 } as const
export type CurrencyCode = keyof typeof CURRENCY_EXPONENT

/** An amount of money in integer minor units of its currency (cents, øre, satang; whole krónur). */
export interface Money {
  amount: number
  currency: CurrencyCode
}

/**
 * Money from minor units; refuses anything that is not a safe integer, so a fraction of a cent can
 * never enter a total unnoticed.
 *
 * @example
 * money(5799000, 'EUR') // €57,990.00
 */
export function money(amount: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be whole minor units, got ${amount}`)
  return { amount, currency }
}
