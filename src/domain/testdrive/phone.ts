/**
 * Phone and e-mail checks of the test-drive form.
 *
 * Phone rule: a number is accepted in the format of the booking country only, written
 * - internationally: `+<calling code>` or `00<calling code>`, then the national significant number (no trunk 0:
 *   `+33 6 12 34 56 78`, not `+33 06 …`), or
 * - nationally: with the trunk prefix 0 where the country dials one (SE NL DE FR BE TH AT: `06 12 34 56 78`),
 *   as the bare number where it does not (NO DK IS LU: `412 34 567`).
 * Spaces and dashes may separate digit groups; nothing else (no brackets, dots or `(0)`). The result is E.164.
 */
import type { CountryCode } from '../catalog/markets'

/** A country with test-drive stores: every country site, not the global one. */
export type StoreCountry = Exclude<CountryCode, 'GLOBAL'>

/**
 * How a country writes phone numbers.
 *
 * @example
 * const fr: PhoneRule = { callingCode: '33', trunkPrefix: '0', nationalNumber: /^[1-9]\d{8}$/, digits: '9',
 *   example: '+33 6 12 34 56 78' }
 */
export interface PhoneRule {
  /** Country calling code without `+`. */
  callingCode: string
  /** The prefix dialled before the national number inside the country, or null where there is none. */
  trunkPrefix: '0' | null
  /** The national significant number: digits after the calling code. */
  nationalNumber: RegExp
  /** The length of the national significant number, for documentation. */
  digits: string
  /** A well-formed example in international format for the invalid-phone message. */
  example: string
}

/**
 * The phone rule per country (E.164 national significant numbers; lengths from the national numbering plans,
 * loosened where a plan has variable lengths).
 *
 * @example
 * PHONE_RULES.DK.callingCode // '45'
 */
export const PHONE_RULES: Record<StoreCountry, PhoneRule> = {
  NO: { callingCode: '47', trunkPrefix: null, nationalNumber: /^[2-9]\d{7}$/, digits: '8', example: '+47 412 34 567' },
  SE: {
    callingCode: '46',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{6,8}$/,
    digits: '7–9',
    example: '+46 70 123 45 67',
  },
  DK: { callingCode: '45', trunkPrefix: null, nationalNumber: /^[2-9]\d{7}$/, digits: '8', example: '+45 20 12 34 56' },
  NL: { callingCode: '31', trunkPrefix: '0', nationalNumber: /^[1-9]\d{8}$/, digits: '9', example: '+31 6 12345678' },
  DE: {
    callingCode: '49',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{5,10}$/,
    digits: '6–11',
    example: '+49 151 23456789',
  },
  FR: {
    callingCode: '33',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{8}$/,
    digits: '9',
    example: '+33 6 12 34 56 78',
  },
  BE: {
    callingCode: '32',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{7,8}$/,
    digits: '8–9',
    example: '+32 470 12 34 56',
  },
  TH: {
    callingCode: '66',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{7,8}$/,
    digits: '8–9',
    example: '+66 81 234 5678',
  },
  IS: { callingCode: '354', trunkPrefix: null, nationalNumber: /^[4-8]\d{6}$/, digits: '7', example: '+354 611 2345' },
  LU: {
    callingCode: '352',
    trunkPrefix: null,
    nationalNumber: /^[2-9]\d{4,10}$/,
    digits: '5–11',
    example: '+352 621 123 456',
  },
  AT: {
    callingCode: '43',
    trunkPrefix: '0',
    nationalNumber: /^[1-9]\d{3,12}$/,
    digits: '4–13',
    example: '+43 664 1234567',
  },
}

/**
 * The countries with test-drive stores, in the order of the sites table.
 *
 * @example
 * STORE_COUNTRIES.includes('IS') // true
 */
export const STORE_COUNTRIES = Object.keys(PHONE_RULES) as StoreCountry[]

/**
 * Whether a country code is one with test-drive stores (the global site has none).
 *
 * @example
 * isStoreCountry('GLOBAL') // false
 */
export function isStoreCountry(value: string): value is StoreCountry {
  return Object.hasOwn(PHONE_RULES, value)
}

/**
 * A phone number in E.164 (`+4741234567`) when it is well formed for the country (see the module rule), else null.
 *
 * @example
 * normalizePhone('FR', '06 12 34 56 78') // '+33612345678'
 */
export function normalizePhone(country: StoreCountry, input: string): string | null {
  const rule = PHONE_RULES[country]
  const text = input.trim()
  if (!/^\+?[\d\s-]+$/.test(text)) return null
  const digits = text.replace(/[\s-]/g, '')
  let national: string
  if (digits.startsWith(`+${rule.callingCode}`)) national = digits.slice(rule.callingCode.length + 1)
  else if (digits.startsWith('+')) return null
  else if (digits.startsWith(`00${rule.callingCode}`)) national = digits.slice(rule.callingCode.length + 2)
  else if (rule.trunkPrefix === null) national = digits
  else if (digits.startsWith(rule.trunkPrefix)) national = digits.slice(rule.trunkPrefix.length)
  else return null
  return rule.nationalNumber.test(national) ? `+${rule.callingCode}${national}` : null
}

/**
 * Whether a phone number is well formed for the country (see the module rule).
 *
 * @example
 * isValidPhone('NO', '412 34 567') // true
 */
export function isValidPhone(country: StoreCountry, input: string): boolean {
  return normalizePhone(country, input) !== null
}

/**
 * The standard e-mail pattern (HTML's `type=email`, with a dot required in the domain).
 *
 * @example
 * EMAIL_PATTERN.test('kari@example.no') // true
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/**
 * Whether an e-mail address matches the standard pattern and fits in 254 characters.
 *
 * @example
 * isValidEmail('kari.nordmann@example.no') // true
 */
export function isValidEmail(input: string): boolean {
  const text = input.trim()
  return text.length <= 254 && EMAIL_PATTERN.test(text)
}
