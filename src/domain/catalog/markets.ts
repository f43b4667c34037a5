import { z } from 'zod'

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
 * Parses a country code from data or a request.
 *
 * @example
 * CountryCodeSchema.parse('DK') // 'DK'
 */
export const CountryCodeSchema = z.enum(COUNTRY_CODES)

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

/**
 * A text in all 13 locales; a missing locale is a data error, not a silent English fallback.
 *
 * @example
 * LocalizedText.parse({ 'en-US': 'Fjord Blue', 'nb-NO': 'Fjordblå', ... })
 */
export const LocalizedText = z.strictObject(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().min(1)])) as Record<Locale, z.ZodString>,
)
export type LocalizedText = z.infer<typeof LocalizedText>

/**
 * Who buys: a private person or a company (SPEC §3 usage); decides how VAT is shown.
 *
 * @example
 * UsageSchema.parse('business')
 */
export const UsageSchema = z.enum(['personal', 'business'])
export type Usage = z.infer<typeof UsageSchema>

/**
 * A calendar date as `YYYY-MM-DD`; dates stay strings so no time zone can shift a validity boundary.
 *
 * @example
 * IsoDate.parse('2025-01-01')
 */
export const IsoDate = z.iso.date()
export type IsoDate = z.infer<typeof IsoDate>

/**
 * Adds whole days to an ISO date in UTC, so daylight-saving changes never move the result.
 *
 * @example
 * addDays('2025-12-30', 3) // '2026-01-02'
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be whole, got ${days}`)
  const parsed = IsoDate.parse(date)
  const ms = Date.parse(`${parsed}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}
