// No zod here: the browser's configurator imports it.
import type { Configuration, ReconcileNote } from '../catalog/configuration'
import { type DeliveryWindow, deliveryWindow } from '../catalog/delivery'
import type { CountryCode, IsoDate } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import type { PriceQuote } from '../pricing/engine'
import { pricedCar } from '../pricing/priced-car'
import type { CountryPriceRules } from '../pricing/rules'
import type { ConfiguratorState } from './url'

/** What the configurator's view is computed from: the model's catalog and the country's rules on a day. */
export interface ViewBasis {
  catalog: Catalog
  rules: CountryPriceRules
  country: CountryCode
  today: IsoDate
  /** The state before the requested one (a saved configuration, or the defaults), for reconcile's choices. */
  previous: Configuration
}

/** The configurator's view of a car: the buildable configuration, what changed and why, its price and delivery. */
export interface ConfiguratorView {
  state: ConfiguratorState
  notes: ReconcileNote[]
  quote: PriceQuote
  delivery: DeliveryWindow
}

/**
 * The buildable car closest to what was asked for, with its price and delivery window: the same
 * pure computation on the server (once per request, in the route's load) and, after every tap, in the browser.
 *
 * @example
 * computeView(basis, { configuration, usage: 'personal' }).quote.totalInclVat // 44_990_000
 */
export function computeView(
  basis: ViewBasis,
  requested: ConfiguratorState,
  previous: Configuration = basis.previous,
): ConfiguratorView {
  const { configuration, notes, quote } = pricedCar(basis, basis.country, {
    modelCode: basis.catalog.model.code,
    configuration: requested.configuration,
    usage: requested.usage,
    date: basis.today,
    mode: 'reconcile',
    previous,
  })
  const state = { configuration, usage: requested.usage }
  return { state, notes, quote, delivery: deliveryWindow(basis.catalog, basis.country, configuration, basis.today) }
}
