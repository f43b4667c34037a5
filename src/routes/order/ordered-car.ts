import { type Configuration, defaultConfiguration } from '../../domain/catalog/configuration'
import type { Catalog } from '../../domain/catalog/schema'
import type { LoadContext } from '../route'

/** A car to draw: its model's catalog and its choices. */
export interface OrderedCar {
  catalog: Catalog
  configuration: Configuration
}

/**
 * The car an order was placed for, as configured, to draw on the order's pages. A record saved
 * without choices is the default car (as its overview shows it); null when the record or its
 * catalog is gone, and the page shows no picture.
 */
export async function orderedCar(ctx: LoadContext, configurationId: string): Promise<OrderedCar | null> {
  const record = await ctx.store.findConfiguration(configurationId)
  const catalog = record ? await ctx.store.catalog(record.modelCode) : null
  if (!record || !catalog) return null
  return { catalog, configuration: record.choices ?? defaultConfiguration(catalog, ctx.site.countryCode) }
}
