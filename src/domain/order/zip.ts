/**
 * National postcode formats, without zod: the personal form's postcode field asks for the keypad its country's
 * postcodes need (ui/PersonalFields), and the order validation (./personal) checks and normalises them.
 */
import type { StoreCountry } from '../testdrive/phone'

/**
 * A national postcode format: the pattern of the trimmed input and its canonical spelling.
 *
 * @example
 * ZIP_RULES.SE.normalise('12345') // '123 45'
 */
export interface ZipRule {
  pattern: RegExp
  normalise: (zip: string) => string
  example: string
}

const asIs = (zip: string) => zip
/**
 * Postcode formats per country: NO DK BE AT 4 digits, LU 4 digits (optionally written `L-1234`, stored
 * without the prefix), SE 3 + 2 digits (stored `123 45`), NL 4 digits + 2 letters (stored `1234 AB`),
 * DE FR TH 5 digits, IS 3 digits.
 *
 * @example
 * ZIP_RULES.NL.pattern.test('1012 ab') // true
 */
export const ZIP_RULES: Record<StoreCountry, ZipRule> = {
  NO: { pattern: /^\d{4}$/, normalise: asIs, example: '0150' },
  SE: { pattern: /^\d{3} ?\d{2}$/, normalise: (zip) => `${zip.slice(0, 3)} ${zip.slice(-2)}`, example: '111 52' },
  DK: { pattern: /^\d{4}$/, normalise: asIs, example: '1050' },
  NL: {
    pattern: /^\d{4} ?[A-Za-z]{2}$/,
    normalise: (zip) => `${zip.slice(0, 4)} ${zip.slice(-2).toUpperCase()}`,
    example: '1012 AB',
  },
  DE: { pattern: /^\d{5}$/, normalise: asIs, example: '10115' },
  FR: { pattern: /^\d{5}$/, normalise: asIs, example: '75001' },
  BE: { pattern: /^\d{4}$/, normalise: asIs, example: '1000' },
  TH: { pattern: /^\d{5}$/, normalise: asIs, example: '10110' },
  IS: { pattern: /^\d{3}$/, normalise: asIs, example: '101' },
  LU: { pattern: /^(?:[Ll]-)?\d{4}$/, normalise: (zip) => zip.slice(-4), example: '1009' },
  AT: { pattern: /^\d{4}$/, normalise: asIs, example: '1010' },
}

/**
 * A postcode in the country's canonical spelling, or null when it is not in the country's format.
 *
 * @example
 * normalizeZip('NL', ' 1012ab ') // '1012 AB'
 * normalizeZip('DE', '1011') // null
 */
export function normalizeZip(country: StoreCountry, input: string): string | null {
  const rule = ZIP_RULES[country]
  const zip = input.trim()
  return rule.pattern.test(zip) ? rule.normalise(zip) : null
}

/**
 * Whether the country's postcodes may be typed as digits alone, on the number keypad: every country's but the
 * Netherlands' (`1234 AB`). Sweden's `111 52` is taken as `11152` too, Luxembourg's `L-1234` as `1234`.
 *
 * @example
 * zipTakesDigitsOnly('SE') // true
 * zipTakesDigitsOnly('NL') // false
 */
export function zipTakesDigitsOnly(country: StoreCountry): boolean {
  const rule = ZIP_RULES[country]
  return rule.pattern.test(rule.example.replace(/\D/g, ''))
}
