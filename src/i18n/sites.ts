/**
 * The markets table: one row per site, driving routing, locale, currency and formatting.
 * Everything that differs by country or language starts here (DESIGN.md §3).
 */

// The lists of locales and countries are business data: they live in the domain, and the sites
// table below is built from them.
export { COUNTRY_CODES, type CountryCode, LOCALES, type Locale } from '../domain/catalog/markets'

import type { CountryCode, IsoDate, Locale } from '../domain/catalog/markets'
import type { CurrencyCode } from '../domain/money'
import { dateInTimeZone } from './calendar'
/** Each site's currency, one of the domain's currencies with their minor-unit exponents. */
export type Currency = CurrencyCode

export interface Site {
  /** Upper-case country code, or GLOBAL for the unprefixed experience-only site. */
  countryCode: CountryCode
  /** Path prefix of the country without language: '' for global, '/no', '/be'. */
  countryPrefix: string
  /** Path prefix including the language segment when the path carries one: '/be/fr-BE'. */
  prefix: string
  locale: Locale
  /** The language code the SPEC names for the locale (`da` for Danish, else the locale). */
  languageCode: string
  /** Whether the language is part of the path (only the Belgian variants). */
  languageInPath: boolean
  currency: Currency
  /** IANA time zone used for dates shown to visitors of this site. */
  timeZone: string
  /** Global site: configure for experience only, ordering needs a country site. */
  canOrder: boolean
  /** The header shows sign-in and the user menu (SPEC §2: not for DE, FR, TH, BE, LU, AT). */
  showUserMenu: boolean
  /** The account link in the user menu (SPEC §2: hidden for Iceland). */
  showAccountLink: boolean
}

interface CountryRow {
  countryCode: CountryCode
  locales: readonly Locale[]
  currency: Currency
  timeZone: string
}

const COUNTRIES: readonly CountryRow[] = [
  { countryCode: 'GLOBAL', locales: ['en-US'], currency: 'EUR', timeZone: 'Europe/Amsterdam' },
  { countryCode: 'NO', locales: ['nb-NO'], currency: 'NOK', timeZone: 'Europe/Oslo' },
  { countryCode: 'SE', locales: ['sv-SE'], currency: 'SEK', timeZone: 'Europe/Stockholm' },
  { countryCode: 'DK', locales: ['da-DK'], currency: 'DKK', timeZone: 'Europe/Copenhagen' },
  { countryCode: 'NL', locales: ['nl-NL'], currency: 'EUR', timeZone: 'Europe/Amsterdam' },
  { countryCode: 'DE', locales: ['de-DE'], currency: 'EUR', timeZone: 'Europe/Berlin' },
  { countryCode: 'FR', locales: ['fr-FR'], currency: 'EUR', timeZone: 'Europe/Paris' },
  { countryCode: 'BE', locales: ['nl-BE', 'fr-BE'], currency: 'EUR', timeZone: 'Europe/Brussels' },
  { countryCode: 'TH', locales: ['th-TH'], currency: 'THB', timeZone: 'Asia/Bangkok' },
  { countryCode: 'IS', locales: ['is-IS'], currency: 'ISK', timeZone: 'Atlantic/Reykjavik' },
  { countryCode: 'LU', locales: ['fr-LU'], currency: 'EUR', timeZone: 'Europe/Luxembourg' },
  { countryCode: 'AT', locales: ['de-AT'], currency: 'EUR', timeZone: 'Europe/Vienna' },
]

const NO_USER_MENU: ReadonlySet<CountryCode> = new Set(['DE', 'FR', 'TH', 'BE', 'LU', 'AT'])

function siteOf(row: CountryRow, locale: Locale, languageInPath: boolean): Site {
  // A country's path is its code in lower case; the global site has none.
  const countryPrefix = row.countryCode === 'GLOBAL' ? '' : `/${row.countryCode.toLowerCase()}`
  return {
    countryCode: row.countryCode,
    countryPrefix,
    prefix: languageInPath ? `${countryPrefix}/${locale}` : countryPrefix,
    locale,
    languageCode: locale === 'da-DK' ? 'da' : locale,
    languageInPath,
    currency: row.currency,
    timeZone: row.timeZone,
    canOrder: row.countryCode !== 'GLOBAL',
    showUserMenu: !NO_USER_MENU.has(row.countryCode),
    showAccountLink: row.countryCode !== 'IS',
  }
}

/**
 * Every mount point of the storefront: the global site, each country's default site, and the
 * language variants of multilingual countries (/be/nl-BE, /be/fr-BE).
 *
 * @example
 * SITES.map((s) => s.prefix) // ['', '/no', ..., '/be', '/be/nl-BE', '/be/fr-BE', ...]
 */
export const SITES: readonly Site[] = COUNTRIES.flatMap((row) => {
  const base = siteOf(row, row.locales[0] as Locale, false)
  if (row.locales.length === 1) return [base]
  return [base, ...row.locales.map((locale) => siteOf(row, locale, true))]
})

/** The global site (no prefix, en-US). */
export const GLOBAL_SITE: Site = SITES[0] as Site

/** The canonical site of each country: its unprefixed-language variant. */
export const COUNTRY_SITES: readonly Site[] = SITES.filter((s) => !s.languageInPath)

/** The site for an exact prefix ('' for global), or undefined. */
export function siteByPrefix(prefix: string): Site | undefined {
  return SITES.find((s) => s.prefix === prefix)
}

/**
 * The site a path belongs to: the longest prefix that matches a whole leading segment run.
 *
 * @example
 * siteForPath('/be/fr-BE/marketing') // fr-BE site, rest '/marketing'
 */
export function siteForPath(pathname: string): { site: Site; rest: string } {
  let best: Site = GLOBAL_SITE
  for (const site of SITES) {
    if (site.prefix.length <= best.prefix.length) continue
    if (pathname === site.prefix || pathname.startsWith(`${site.prefix}/`)) best = site
  }
  const rest = pathname.slice(best.prefix.length) || '/'
  return { site: best, rest }
}

/** The sites that show the same content in another country or language, for hreflang and the chooser. */
export function alternateSites(): readonly Site[] {
  // Belgium's default site duplicates /be/nl-BE; alternates list the explicit language variants.
  return SITES.filter((s) => !(s.countryCode === 'BE' && !s.languageInPath))
}

/**
 * How each site names itself in the country chooser: country and language in that language, so
 * a visitor finds their own site whatever language the current page is in.
 */
export const SITE_ENDONYMS: Readonly<Record<string, string>> = {
  '': 'Global · English',
  '/no': 'Norge · Norsk',
  '/se': 'Sverige · Svenska',
  '/dk': 'Danmark · Dansk',
  '/nl': 'Nederland · Nederlands',
  '/de': 'Deutschland · Deutsch',
  '/fr': 'France · Français',
  '/be': 'België · Nederlands',
  '/be/nl-BE': 'België · Nederlands',
  '/be/fr-BE': 'Belgique · Français',
  '/th': 'ประเทศไทย · ไทย',
  '/is': 'Ísland · Íslenska',
  '/lu': 'Luxembourg · Français',
  '/at': 'Österreich · Deutsch',
}

/**
 * The site's calendar day now: the date a quote, an order or an offer of this site carries. Bangkok and
 * Reykjavík are on different days from UTC around midnight, and each quote follows its own country.
 *
 * @example
 * today(siteByPrefix('/th') as Site, new Date('2026-11-23T17:30:00Z')) // '2026-11-24'
 */
export function today(site: Pick<Site, 'timeZone'>, now: Date = new Date()): IsoDate {
  return dateInTimeZone(now, site.timeZone)
}
