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

/**
 * Looks up any version or option by code.
 *
 * @example
 * catalogItem(catalog, 'fjord-blue')?.kind // 'paint'
 */
export function catalogItem(catalog: Catalog, code: string): CatalogItem | undefined {
  const version = catalog.versions.find((each) => each.code === code)
  if (version) return { ...version, kind: 'version', excludes: [], requires: [] }
  const kinds = [
    ['paint', catalog.paints],
    ['wheel', catalog.wheels],
    ['interior', catalog.interiors],
    ['pack', catalog.packs],
    ['accessory', catalog.accessories],
  ] as const
  for (const [kind, items] of kinds) {
    for (const item of items) if (item.code === code) return { ...item, kind }
  }
  return undefined
}
