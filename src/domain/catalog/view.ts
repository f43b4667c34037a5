import { type Configuration, defaultConfiguration } from './configuration'
import type { CountryCode, Locale } from './markets'
import type { Catalog } from './schema'

/** An option as a site shows it: its name in the site's language and its price there. */
export interface SiteOption {
  code: string
  name: string
  /** Minor units in the site's currency; undefined for what is only ever standard. */
  price: number
  sort: number
  excludes: string[]
  requires: string[]
  facts: Record<string, unknown>
}

/** What can be built in one country, named in one language (GET /api/v1/catalog). */
export interface SiteCatalog {
  modelCode: string
  modelName: string
  catalogVersion: string
  currency: string
  leadTimeWeeks: { min: number; max: number }
  modelFacts: Catalog['model']['facts']
  versions: (SiteOption & { standardPackCodes: string[]; allowed: Catalog['versions'][number]['allowed'] })[]
  paints: SiteOption[]
  wheels: SiteOption[]
  interiors: SiteOption[]
  packs: SiteOption[]
  accessories: SiteOption[]
  defaults: Configuration
}

type Priced = { code: string; names: Record<string, string>; sort: number; prices: Partial<Record<string, number>> }

function sitesOption<T extends Priced>(
  items: readonly T[],
  country: CountryCode,
  locale: Locale,
  facts: (item: T) => Record<string, unknown>,
): SiteOption[] {
  return items
    .filter((item) => item.prices[country] !== undefined)
    .sort((a, b) => a.sort - b.sort)
    .map((item) => ({
      code: item.code,
      name: item.names[locale] ?? item.code,
      price: item.prices[country] ?? 0,
      sort: item.sort,
      excludes: 'excludes' in item && Array.isArray(item.excludes) ? (item.excludes as string[]) : [],
      requires: 'requires' in item && Array.isArray(item.requires) ? (item.requires as string[]) : [],
      facts: facts(item),
    }))
}

/**
 * The catalog of one country in one language: only what is sold there, with its prices there,
 * in spec-list order, plus the default configuration. Null when the model is not sold there.
 *
 * @example
 * siteCatalog(catalog, 'NO', 'nb-NO')?.paints.map((p) => p.name)
 */
export function siteCatalog(catalog: Catalog, country: CountryCode, locale: Locale): SiteCatalog | null {
  const market = catalog.markets[country]
  if (!market) return null
  const versions = sitesOption(catalog.versions, country, locale, (v) => ({ ...v.facts }))
  return {
    modelCode: catalog.model.code,
    modelName: catalog.model.name,
    catalogVersion: catalog.version,
    currency: market.currency,
    leadTimeWeeks: market.leadTimeWeeks,
    modelFacts: catalog.model.facts,
    versions: versions.map((option) => {
      const version = catalog.versions.find((v) => v.code === option.code)
      return {
        ...option,
        standardPackCodes: version?.standardPackCodes ?? [],
        allowed: version?.allowed ?? { paintCodes: [], wheelCodes: [], interiorCodes: [], packCodes: [] },
      }
    }),
    paints: sitesOption(catalog.paints, country, locale, (p) => ({ finish: p.finish, colours: p.colours })),
    wheels: sitesOption(catalog.wheels, country, locale, (w) => ({ inches: w.inches, tyreSize: w.tyreSize })),
    interiors: sitesOption(catalog.interiors, country, locale, (i) => ({ material: i.material, colours: i.colours })),
    packs: sitesOption(catalog.packs, country, locale, (p) => ({ contents: p.contents[locale] ?? '' })),
    accessories: sitesOption(catalog.accessories, country, locale, (a) => ({ category: a.category })),
    defaults: defaultConfiguration(catalog, country),
  }
}

/**
 * The catalog as one visitor's browser needs it: texts in the site's language only, prices and
 * market of the site's country only. It keeps the catalog's shape, so the configurator's code reads
 * it unchanged, as long as it reads with this locale and country, which is all a page ever does.
 * Every configurator and overview page ships the catalog for hydration; this is about a fifth of
 * the size of the full one.
 *
 * @example
 * catalogForVisitor(catalog, 'NO', 'nb-NO').paints[0].names // { 'nb-NO': 'Fjordblå' }
 */
export function catalogForVisitor(catalog: Catalog, country: CountryCode, locale: Locale): Catalog {
  // The other locales' texts are left out on purpose: see above.
  const text = <T extends Record<Locale, string>>(texts: T): T => ({ [locale]: texts[locale] }) as T
  const price = (prices: Partial<Record<CountryCode, number>>) =>
    prices[country] === undefined ? {} : { [country]: prices[country] }
  const item = <T extends { names: Record<Locale, string>; prices: Partial<Record<CountryCode, number>> }>(
    entry: T,
  ): T => ({ ...entry, names: text(entry.names), prices: price(entry.prices) })
  const market = catalog.markets[country]
  return {
    ...catalog,
    markets: market ? { [country]: market } : {},
    versions: catalog.versions.map(item),
    paints: catalog.paints.map(item),
    wheels: catalog.wheels.map(item),
    interiors: catalog.interiors.map(item),
    packs: catalog.packs.map((pack) => ({ ...item(pack), contents: text(pack.contents) })),
    accessories: catalog.accessories.map(item),
  }
}
