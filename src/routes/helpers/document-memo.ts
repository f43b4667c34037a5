import type { Catalog } from '../../domain/catalog/schema'
import type { CountryPriceRules } from '../../domain/pricing/rules'
import { shared } from '../../domain/shared-values'

/** At most this many values per catalog and rules document; the map starts over when full. */
const MAX_VALUES = 128

/**
 * A per-isolate memo of values derived from a catalog and a price-rules document. The cache hands out the same
 * document objects until they expire, and a data release is a new object, so it is never answered with a value of
 * the old documents; within them, `key` must name everything else the value depends on (country, language, day,
 * car). Nothing personal belongs in a key or a value. A value is shared between requests: read it, never change it.
 *
 * @example
 * const views = documentMemo<ConfiguratorView>()
 * views(basis.catalog, basis.rules, key, () => computeView(basis, requested))
 */
export function documentMemo<V>(): (catalog: Catalog, rules: CountryPriceRules, key: string, make: () => V) => V {
  const memo = new WeakMap<Catalog, WeakMap<CountryPriceRules, Map<string, V>>>()
  return (catalog, rules, key, make) => {
    let byRules = memo.get(catalog)
    if (!byRules) {
      byRules = new WeakMap()
      memo.set(catalog, byRules)
    }
    let values = byRules.get(rules)
    if (!values) {
      values = new Map()
      byRules.set(rules, values)
    }
    if (values.has(key)) return values.get(key) as V
    const value = shared(make())
    if (values.size >= MAX_VALUES) values.clear()
    values.set(key, value)
    return value
  }
}
