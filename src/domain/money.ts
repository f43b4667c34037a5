import { formatted, numberFormat } from './locale-formats'

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

/**
 * Formats money for a locale through Intl, showing exactly the currency's minor digits.
 *
 * @example
 * formatMoney(money(119800, 'EUR'), 'nl-NL') // '€ 1.198,00'
 */
export function formatMoney(value: Money, locale: string): string {
  return formatted(`money|${locale}|${value.currency}|${value.amount}`, () =>
    moneyFormat(locale, value.currency).format(value.amount / 10 ** CURRENCY_EXPONENT[value.currency]),
  )
}

/**
 * Formats money taken off a price (a trade-in credit, a discount) the way the locale writes a
 * deduction: the locale's own pattern for a negative amount, with the sign moved in front of the
 * whole figure and written as a real minus sign (U+2212). Intl alone puts it inside the figure in some
 * locales ("€ -19.700,00" in Dutch); the parts come from `formatToParts`, so currency, digits and
 * spacing stay the locale's. The amount is the size of the deduction (its sign is ignored).
 *
 * @example
 * formatDeduction(money(1_970_000, 'EUR'), 'nl-NL') // '− € 19.700,00'
 * formatDeduction(money(1_970_000, 'EUR'), 'de-DE') // '−19.700,00 €'
 */
export function formatDeduction(value: Money, locale: string): string {
  const size = Math.abs(value.amount)
  if (size === 0) return formatMoney({ amount: 0, currency: value.currency }, locale)
  return formatted(`deduction|${locale}|${value.currency}|${size}`, () => deduction(size, value.currency, locale))
}

function deduction(size: number, currency: CurrencyCode, locale: string): string {
  const parts = moneyFormat(locale, currency).formatToParts(-size / 10 ** CURRENCY_EXPONENT[currency])
  const sign = parts.findIndex((part) => part.type === 'minusSign')
  const figure = parts
    .filter((_, index) => index !== sign)
    .map((part) => part.value)
    .join('')
    .trim()
  // Where the locale wrote the sign after the currency, keep the figure apart from the leading sign.
  return sign > 0 ? `\u2212\u00a0${figure}` : `\u2212${figure}`
}

// Building an Intl.NumberFormat costs far more than using one, and a price page formats dozens of
// amounts: one formatter per locale and currency, kept for the life of the isolate (or page).
const moneyFormats = new Map<string, Intl.NumberFormat>()

function moneyFormat(locale: string, currency: CurrencyCode): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const exponent = CURRENCY_EXPONENT[currency]
    format = numberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    })
    moneyFormats.set(key, format)
  }
  return format
}
