import { shared } from './shared-values'

/** At most this many values per document (or pair of documents); the map starts over when full. */
const MAX_VALUES = 128

/**
 * A per-isolate memo of values derived from one cached document (the same object until it expires; a new release is
 * a new object), then by `key`, which must name everything else the value depends on; at most `limit` values per
 * document, the map starting over when full. Nothing personal belongs in a key or a value, and a value is shared
 * between requests (marked `shared`): read it, never change it.
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

/**
 * The same, for values derived from two documents (a catalog and a price-rules document; a store's open slots and
 * the bookings read for them): neither is ever answered with a value of an older object, and `key` names the rest.
 *
 * @example
 * const views = pairMemo<Catalog, CountryPriceRules, ConfiguratorView>()
 * views(basis.catalog, basis.rules, key, () => computeView(basis, requested))
 */
export function pairMemo<First extends object, Second extends object, V>(
  limit = MAX_VALUES,
): (first: First, second: Second, key: string, make: () => V) => V {
  const byFirst = new WeakMap<First, ReturnType<typeof objectMemo<Second, V>>>()
  return (first, second, key, make) => {
    let memo = byFirst.get(first)
    if (!memo) {
      memo = objectMemo<Second, V>(limit)
      byFirst.set(first, memo)
    }
    return memo(second, key, make)
  }
}
