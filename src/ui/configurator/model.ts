import type { ReconcileNote } from '../../domain/catalog/configuration'
import { type DeliveryWindow, deliveryWindow } from '../../domain/catalog/delivery'
import type { CountryCode, IsoDate, Usage } from '../../domain/catalog/markets'
import type { Catalog } from '../../domain/catalog/schema'
import type { ChoiceField, ConfiguratorState } from '../../domain/configurator/url'
import type { PriceQuote } from '../../domain/pricing/engine'
import { pricedCar } from '../../domain/pricing/priced-car'
import type { CountryPriceRules } from '../../domain/pricing/rules'
import type { CarView } from '../car/look'
import type { FinanceState, OfferedProduct } from '../finance/FinancePanel'

/** What the configurator page needs; serialized to the browser, which re-prices with it. */
export interface ConfiguratorData {
  catalog: Catalog
  rules: CountryPriceRules
  country: CountryCode
  /** The saved configuration this page opened, or null for a new one. */
  savedId: string | null
  /** The address the page is at: `/configurator/{id}` (model code or saved id). */
  targetId: string
  requested: ConfiguratorState
  /** The state before this one (a saved configuration, or the defaults), for reconcile's choices. */
  previous: ConfiguratorState['configuration']
  /** A saved configuration that can no longer be built as saved. */
  savedNoLongerBuildable: boolean
  /** The finance products of each usage, for switching usage in the browser; absent without finance. */
  financeByUsage?: Record<Usage, OfferedProduct[]>
  /** The step of the choice the address was made by (`chose=`): its changes are explained there. */
  choseField?: ChoiceField | null
  today: IsoDate
  /** The picture's view (`?view=`), the front three-quarter when the address names none. */
  view: CarView
  /** How to pay, where the site offers finance; null on the global site. */
  finance: FinanceState | null
}

export interface ConfiguratorView {
  state: ConfiguratorState
  notes: ReconcileNote[]
  quote: PriceQuote
  delivery: DeliveryWindow
}

/**
 * The buildable car closest to what was asked for, with its price and delivery window: the same
 * pure computation on the server and, after every tap, in the browser.
 */
export function computeView(
  data: ConfiguratorData,
  requested: ConfiguratorState,
  previous = data.previous,
): ConfiguratorView {
  const { configuration, notes, quote } = pricedCar(data, data.country, {
    modelCode: data.catalog.model.code,
    configuration: requested.configuration,
    usage: requested.usage,
    date: data.today,
    mode: 'reconcile',
    previous,
  })
  const state = { configuration, usage: requested.usage }
  return { state, notes, quote, delivery: deliveryWindow(data.catalog, data.country, configuration, data.today) }
}
