import { priceCar } from '../../app/priced-car'
import type { Usage } from '../../domain/catalog/markets'
import { productsFor } from '../../domain/finance/products'
import type { ConfigurationRecord } from '../../store'
import { loadConfiguration } from '../lookups'
import type { LoadContext } from '../route'

/**
 * A saved configuration priced for this site now (reconciled), with the finance products it can have: for the
 * usage given (the order form's customer type), else the one saved with it.
 */
export async function priceOf(
  ctx: LoadContext,
  configurationId: string,
  deliveryZip: string | null = null,
  forUsage: Usage | null = null,
) {
  const { configuration } = await loadConfiguration({ ...ctx, params: { id: configurationId } })
  return priceConfiguration(ctx, configuration, deliveryZip, forUsage)
}

/** A loaded configuration priced as `priceOf` prices it. */
export async function priceConfiguration(
  ctx: LoadContext,
  configuration: ConfigurationRecord,
  deliveryZip: string | null = null,
  forUsage: Usage | null = null,
) {
  const country = ctx.site.countryCode
  const usage = forUsage ?? configuration.usage
  // A record saved without choices is the default car, as its overview shows it.
  const [priced, finance] = await Promise.all([
    priceCar(ctx.store, ctx.site, {
      modelCode: configuration.modelCode,
      configuration: configuration.choices,
      usage,
      mode: 'reconcile',
      deliveryZip,
    }),
    ctx.store.financeProducts(country),
  ])
  const { configuration: choices, quote, date, catalog } = priced
  const products = finance ? productsFor([finance], country, usage, date) : []
  return { configuration, usage, choices, quote, products, catalog, date }
}
