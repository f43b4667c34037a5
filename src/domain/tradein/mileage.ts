/**
 * Odometer readings (SPEC §5: a whole number from 1 to 1000000 without leading zero). Spaces used as thousands
 * separators ("40 000", also the no-break spaces of Nordic and French number formats) are removed first; dots and
 * commas are not, because they mean a decimal point in some of our languages and a thousands separator in others.
 */

/** The highest odometer reading accepted, in kilometres. */
export const MAX_MILEAGE_KM = 1_000_000

const WHOLE_NUMBER = /^[1-9]\d{0,6}$/

/**
 * The mileage in kilometres, or null when it is not a whole number from 1 to 1000000 without leading zero.
 *
 * @example
 * parseMileage('40 000') // 40000
 * parseMileage('040000') // null
 */
export function parseMileage(input: string): number | null {
  const digits = input.replace(/[\s\u00a0\u202f]/g, '')
  if (!WHOLE_NUMBER.test(digits)) return null
  const km = Number(digits)
  return km <= MAX_MILEAGE_KM ? km : null
}
