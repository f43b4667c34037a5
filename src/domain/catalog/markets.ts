// No zod here: the browser's configurator imports this module. Schemas live in markets-schema.ts.

/**
 * The countries the storefront sells in, keyed by the catalog, the price rules and the sites table
 * (`src/i18n/sites.ts` builds on this list); GLOBAL is the experience-only site.
 *
 * @example
 * COUNTRY_CODES.includes('NO') // true
 */
export const COUNTRY_CODES = ['GLOBAL', 'NO', 'SE', 'DK', 'NL', 'DE', 'FR', 'BE', 'TH', 'IS', 'LU', 'AT'] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

/**
 * Every locale a name or message must exist in; the sites table and the message catalogs use it.
 *
 * @example
 * LOCALES.length // 13
 */
export const LOCALES = [
  'en-US',
  'nb-NO',
  'sv-SE',
  'da-DK',
  'nl-NL',
  'nl-BE',
  'fr-BE',
  'de-DE',
  'de-AT',
  'fr-FR',
  'fr-LU',
  'th-TH',
  'is-IS',
] as const
export type Locale = (typeof LOCALES)[number]

/** A text in all 13 locales (schema: `LocalizedText` in markets-schema). */
export type LocalizedText = Record<Locale, string>

/** Who buys: a private person or a company (SPEC §3 usage); decides how VAT is shown. */
export type Usage = 'personal' | 'business'

/** A calendar date as `YYYY-MM-DD`; dates stay strings so no time zone can shift a validity boundary. */
export type IsoDate = string

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * Whether a string is a real calendar date as `YYYY-MM-DD` (not 2025-02-30).
 *
 * @example
 * isIsoDate('2025-01-01') // true
 */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  // The day against its month's length, by arithmetic (pricing and slots ask this many times per page).
  const year = Number(value.slice(0, 4))
  const month = Number(value.slice(5, 7))
  const day = Number(value.slice(8, 10))
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31)
}

/**
 * Adds whole days to an ISO date in UTC, so daylight-saving changes never move the result.
 *
 * @example
 * addDays('2025-12-30', 3) // '2026-01-02'
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be whole, got ${days}`)
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`)
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}
