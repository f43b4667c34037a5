import type { Catalog } from '../../domain/catalog/schema'
import { pairMemo } from '../../domain/memo'
import type { CountryPriceRules } from '../../domain/pricing/rules'

/**
 * A per-isolate memo of values derived from a catalog and a price-rules document. The cache hands out the same
 * document objects until they expire, and a data release is a new object, so it is never answered with a value of
 * the old documents; within them, `key` must name everything else the value depends on (country, language, day,
 * car), at most 128 values per pair of documents (`pairMemo`). Nothing personal belongs in a key or a value. A value
 * is shared between requests: read it, never change it.
 *
 * @example
 * const views = documentMemo<ConfiguratorView>()
 * views(basis.catalog, basis.rules, key, () => computeView(basis, requested))
 */
export function documentMemo<V>(): (catalog: Catalog, rules: CountryPriceRules, key: string, make: () => V) => V {
  return pairMemo<Catalog, CountryPriceRules, V>()
}
