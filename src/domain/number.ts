import { formatted, numberFormat as localeNumberFormat } from './locale-formats'

/**
 * Rounds a number down (towards negative infinity) to a given count of decimals, without
 * binary floating-point surprises such as `roundDown(1.005, 2)` giving 1.00 because 1.005 is
 * stored as 1.00499…: the value is first shifted as a decimal string.
 *
 * @example
 * roundDown(7.45678, 2) // 7.45
 * roundDown(-1.231, 1) // -1.3
 */
export function roundDown(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a whole number ≥ 0')
  const shifted = Number(`${value}e${decimals}`)
  return Number(`${Math.floor(shifted)}e-${decimals}`)
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

// Building an Intl.NumberFormat costs far more than using one: one per locale and kind, kept for
// the life of the isolate (or page).
const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, kind: 'percent' | 'quantity'): Intl.NumberFormat {
  const key = `${locale}|${kind}`
  let format = numberFormats.get(key)
  if (!format) {
    format = localeNumberFormat(
      locale,
      kind === 'percent'
        ? { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : { maximumFractionDigits: 2 },
    )
    numberFormats.set(key, format)
  }
  return format
}
