import type { CountryCode } from '../../domain/catalog/markets'
import type { Catalog } from '../../domain/catalog/schema'
import { catalogForVisitor } from '../../domain/catalog/view'
import type { ConfiguratorState } from '../../domain/configurator/url'
import { type ConfiguratorView, computeView, type ViewBasis } from '../../domain/configurator/view'
import type { CountryPriceRules } from '../../domain/pricing/rules'
import { rulesInForceOn } from '../../domain/pricing/valid-on'
import type { Locale } from '../../i18n/sites'
import { memo } from '../../lib/memo'

const visitorCatalogs = memo<[Catalog], Catalog>()

/**
 * `catalogForVisitor`, made once per catalog document, country and language: the configurator and a build's
 * overview ship it, and its JSON is written once per isolate because it is shared.
 *
 * @example
 * visitorCatalog(catalog, 'SE', 'sv-SE') === visitorCatalog(catalog, 'SE', 'sv-SE') // true
 */
export function visitorCatalog(catalog: Catalog, country: CountryCode, locale: Locale): Catalog {
  return visitorCatalogs([catalog], `${country}|${locale}`, () => catalogForVisitor(catalog, country, locale))
}

const rulesByDay = memo<[CountryPriceRules], CountryPriceRules>(2)

/**
 * `rulesInForceOn`, the same object per rules document and day, so the views below keep their key all day.
 *
 * @example
 * rulesInForce(rules, '2026-11-27') === rulesInForce(rules, '2026-11-27') // true
 */
export function rulesInForce(rules: CountryPriceRules, day: string): CountryPriceRules {
  return rulesByDay([rules], day, () => rulesInForceOn(rules, day))
}

/** Views computed in this isolate: each site's default car and a few dozen popular builds are most requests. */
const views = memo<[Catalog, CountryPriceRules], ConfiguratorView>()

/**
 * `computeView(basis, requested)`, computed once per isolate for the same car, documents and day (a new catalog or
 * rules document is computed anew). The view is shared between requests: read it, never change it.
 *
 * @example
 * const shown = viewOnce(basis, requested) // the same object for the next request of this car today
 */
export function viewOnce(basis: ViewBasis, requested: ConfiguratorState): ConfiguratorView {
  const key = JSON.stringify([basis.country, basis.today, requested.usage, requested.configuration, basis.previous])
  return views([basis.catalog, basis.rules], key, () => computeView(basis, requested))
}
