// No zod here: the browser's configurator imports this module.
import type { LocalizedText } from './markets'
import type { Catalog, CountryPrices } from './schema'

/** Every item kind a code can name in a catalog. */
export type CatalogItemKind = 'version' | 'paint' | 'wheel' | 'interior' | 'pack' | 'accessory'

/** A catalog item with the rule fields every kind shares (versions have no excludes/requires). */
export interface CatalogItem {
  kind: CatalogItemKind
  code: string
  sort: number
  names: LocalizedText
  prices: CountryPrices
  excludes: readonly string[]
  requires: readonly string[]
  extraLeadWeeks: number
}

const indexes = new WeakMap<Catalog, Map<string, CatalogItem>>()

/**
 * Looks up any version or option by code. The index is built once per catalog object, because the
 * configurator asks for it on every change.
 *
 * @example
 * catalogItem(catalog, 'fjord-blue')?.kind // 'paint'
 */
export function catalogItem(catalog: Catalog, code: string): CatalogItem | undefined {
  let index = indexes.get(catalog)
  if (!index) {
    index = new Map()
    for (const version of catalog.versions) {
      index.set(version.code, { ...version, kind: 'version', excludes: [], requires: [] })
    }
    const kinds = [
      ['paint', catalog.paints],
      ['wheel', catalog.wheels],
      ['interior', catalog.interiors],
      ['pack', catalog.packs],
      ['accessory', catalog.accessories],
    ] as const
    for (const [kind, items] of kinds) for (const item of items) index.set(item.code, { ...item, kind })
    indexes.set(catalog, index)
  }
  return index.get(code)
}
