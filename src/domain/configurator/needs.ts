import type { Configuration } from '../catalog/configuration'
import { type CatalogItem, catalogItem } from '../catalog/items'
import type { Catalog } from '../catalog/schema'
import { type ChoiceField, withChoice } from './url'

/** The field of the car that holds an item of each kind. */
const FIELD_OF: Partial<Record<CatalogItem['kind'], ChoiceField>> = {
  paint: 'paintCode',
  wheel: 'wheelCode',
  interior: 'interiorCode',
  pack: 'packCodes',
  accessory: 'accessoryCodes',
}

/**
 * What an option needs that the car does not have yet (its `requires`, less what is chosen or standard on the
 * version): a tile says it before the option is chosen, and choosing it takes it along.
 *
 * @example
 * missingNeeds(catalog, defaults, 'vegan-leather-sand').map((item) => item.code) // ['comfort-pack'] on Standard Range
 */
export function missingNeeds(catalog: Catalog, configuration: Configuration, code: string): CatalogItem[] {
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  const present = [...Object.values(configuration).flat(), ...(version?.standardPackCodes ?? [])]
  return (catalogItem(catalog, code)?.requires ?? []).flatMap((needed) => {
    const item = present.includes(needed) ? undefined : catalogItem(catalog, needed)
    return item && FIELD_OF[item.kind] ? [item] : []
  })
}

/**
 * The car with a choice made and what it needs taken along, in one action (a pack added, a needed wheel chosen).
 * Taking an extra out leaves the rest as it is: what then lacks its need is for reconcile to revert, with a note.
 *
 * @example
 * withChoiceAndNeeds(catalog, defaults, 'interiorCode', 'vegan-leather-sand').packCodes // ['comfort-pack']
 */
export function withChoiceAndNeeds(
  catalog: Catalog,
  configuration: Configuration,
  field: ChoiceField,
  code: string,
): Configuration {
  let next = withChoice(configuration, field, code)
  if (![next[field]].flat().includes(code)) return next
  // Each need is missing: choosing it sets a single field, or adds it to a list.
  for (const item of missingNeeds(catalog, next, code))
    next = withChoice(next, FIELD_OF[item.kind] as ChoiceField, item.code)
  return next
}
