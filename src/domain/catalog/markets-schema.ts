import { z } from 'zod'
import { COUNTRY_CODES, LOCALES, type Locale } from './markets'

/**
 * Parses a country code from data or a request.
 *
 * @example
 * CountryCodeSchema.parse('DK') // 'DK'
 */
export const CountryCodeSchema = z.enum(COUNTRY_CODES)

/**
 * A text in all 13 locales; a missing locale is a data error, not a silent English fallback.
 *
 * @example
 * LocalizedText.parse({ 'en-US': 'Fjord Blue', 'nb-NO': 'Fjordblå', ... })
 */
export const LocalizedText = z.strictObject(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().min(1)])) as Record<Locale, z.ZodString>,
)

/**
 * Who buys: a private person or a company (SPEC §3 usage); decides how VAT is shown.
 *
 * @example
 * UsageSchema.parse('business')
 */
export const UsageSchema = z.enum(['personal', 'business'])

/**
 * A calendar date as `YYYY-MM-DD`; dates stay strings so no time zone can shift a validity boundary.
 *
 * @example
 * IsoDate.parse('2025-01-01')
 */
export const IsoDate = z.iso.date()
