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
  const byCatalog = new WeakMap<Catalog, ReturnType<typeof objectMemo<CountryPriceRules, V>>>()
  return (catalog, rules, key, make) => {
    let memo = byCatalog.get(catalog)
    if (!memo) {
      memo = objectMemo<CountryPriceRules, V>()
      byCatalog.set(catalog, memo)
    }
    return memo(rules, key, make)
  }
}

/**
 * A per-isolate memo of values derived from one cached document (the same object until it expires; a new release is
 * a new object), then by `key`, which must name everything else the value depends on; at most `limit` values per
 * document, the map starting over when full. As `documentMemo`: nothing personal in a key or a value, and a value is
 * shared between requests (marked `shared`): read it, never change it.
 *
 * @example
 * const panels = objectMemo<CountryFinanceProducts, FinanceState | null>(256)
 * panels(finance, key, () => initialFinance(data, products, query))
 */
export function objectMemo<Doc extends object, V>(
  limit = MAX_VALUES,
): (document: Doc, key: string, make: () => V) => V {
  const memo = new WeakMap<Doc, Map<string, V>>()
  return (document, key, make) => {
    let values = memo.get(document)
    if (!values) {
      values = new Map()
      memo.set(document, values)
    }
    if (values.has(key)) return values.get(key) as V
    const value = shared(make())
    if (values.size >= limit) values.clear()
    values.set(key, value)
    return value
  }
}
