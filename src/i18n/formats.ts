import { CURRENCY_EXPONENT, type CurrencyCode, type Money } from '../domain/money'
import { memo } from '../lib/memo'
import { formatted, numberFormat as localeNumberFormat } from './locale-formats'

// How money, rates and quantities are written in a locale: every figure a customer reads goes through here (or
// dates.ts), so the server's text can be handed to the browser (`formatted`, locale-formats.ts).

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

// Building an Intl.NumberFormat costs far more than using one, and a price page formats dozens of amounts: one
// formatter per locale and currency (or kind), kept for the life of the isolate (or page).
const formats = memo<[], Intl.NumberFormat>(Number.POSITIVE_INFINITY, { share: false })

function moneyFormat(locale: string, currency: CurrencyCode): Intl.NumberFormat {
  return formats([], `${locale}|${currency}`, () => {
    const exponent = CURRENCY_EXPONENT[currency]
    return localeNumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    })
  })
}

/**
 * A rate shown as a percentage with two decimals, or dashes when it is unknown. The rate is a
 * fraction (0.0399 → "3.99%"), formatted for the locale; rounding is half-up on the third decimal.
 *
 * @example
 * formatRate(0.0399, 'en-US') // '3.99%'
 * formatRate(null, 'en-US') // '--'
 */
export function formatRate(rate: number | null | undefined, locale: string): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '--'
  return formatted(`rate|${locale}|${rate}`, () => numberFormat(locale, 'percent').format(rate))
}

/**
 * A quantity with the locale's grouping and decimal mark, to at most two decimals (kilometres a year, kWh per
 * 100 km). A message's plain `{value}` would write a number as JavaScript does ('17.7' on a German page).
 *
 * @example
 * formatQuantity(15000, 'nb-NO') // '15 000'
 * formatQuantity(17.7, 'de-DE') // '17,7'
 */
export function formatQuantity(value: number, locale: string): string {
  return formatted(`quantity|${locale}|${value}`, () => numberFormat(locale, 'quantity').format(value))
}

function numberFormat(locale: string, kind: 'percent' | 'quantity'): Intl.NumberFormat {
  return formats([], `${locale}|${kind}`, () =>
    localeNumberFormat(
      locale,
      kind === 'percent'
        ? { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : { maximumFractionDigits: 2 },
    ),
  )
}
