import { CURRENCY_EXPONENT, type CurrencyCode, type Money, money } from '../money'

/** The largest amount staff may type: well above any car, well below anything a typo would make plausible. */
export const MAX_WHOLE_AMOUNT = 100_000_000

/**
 * An amount staff type in whole units of the currency (an offer, a trade-in's final value): digits, spaces as
 * thousands separators, no decimals (dots and commas mean different things per language). Null when it is not one,
 * or not between 1 and MAX_WHOLE_AMOUNT.
 *
 * @example
 * parseWholeAmount('49 900', 'EUR') // { amount: 4990000, currency: 'EUR' }
 * parseWholeAmount('49.900', 'EUR') // null
 */
export function parseWholeAmount(text: string, currency: CurrencyCode): Money | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (!/^[1-9]\d{0,8}$/.test(compact)) return null
  const whole = Number(compact)
  if (whole > MAX_WHOLE_AMOUNT) return null
  return money(whole * 10 ** CURRENCY_EXPONENT[currency], currency)
}

/** A money amount as whole units for a form field (rounded down: the fields only take whole units). */
export function wholeUnits(value: Money): string {
  return String(Math.floor(value.amount / 10 ** CURRENCY_EXPONENT[value.currency]))
}
