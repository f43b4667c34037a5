import type { Catalog } from '../../domain/catalog/schema'
import type { ConfiguratorState } from '../../domain/configurator/url'
import { type ConfiguratorView, computeView, type ViewBasis } from '../../domain/configurator/view'
import type { CountryPriceRules } from '../../domain/pricing/rules'

/** At most this many cars per catalog view and rules document; the map starts over when full. */
const MAX_VIEWS = 128

/**
 * Views computed in this isolate: per site's catalog view and price-rules document (the cached documents are the
 * same objects until they expire, and a new document is a new object, so a data release is never answered with an
 * old view), then per country, day, requested car and previous car. Each site's default car and a few dozen
 * popular builds are most requests. Nothing personal is in the key or the view: a car, its usage and a day.
 */
const computed = new WeakMap<Catalog, WeakMap<CountryPriceRules, Map<string, ConfiguratorView>>>()

/**
 * `computeView(basis, requested)`, computed once per isolate for the same car, documents and day. The view is
 * shared between requests: read it, never change it.
 *
 * @example
 * const shown = viewOnce(basis, requested) // the same object for the next request of this car today
 */
export function viewOnce(basis: ViewBasis, requested: ConfiguratorState): ConfiguratorView {
  let byRules = computed.get(basis.catalog)
  if (!byRules) {
    byRules = new WeakMap()
    computed.set(basis.catalog, byRules)
  }
  let views = byRules.get(basis.rules)
  if (!views) {
    views = new Map()
    byRules.set(basis.rules, views)
  }
  const key = JSON.stringify([basis.country, basis.today, requested.usage, requested.configuration, basis.previous])
  let view = views.get(key)
  if (!view) {
    view = computeView(basis, requested)
    if (views.size >= MAX_VIEWS) views.clear()
    views.set(key, view)
  }
  return view
}
