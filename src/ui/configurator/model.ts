import type { CountryCode, IsoDate, Usage } from '../../domain/catalog/markets'
import type { Catalog } from '../../domain/catalog/schema'
import type { ChoiceField, ConfiguratorState } from '../../domain/configurator/url'
import type { ConfiguratorView } from '../../domain/configurator/view'
import type { CompareRow, MobilityMessage } from '../../domain/legal/energy'
import type { CountryPriceRules } from '../../domain/pricing/rules'
import type { CarView } from '../car/look'
import type { FinanceState, OfferedProduct } from '../finance/state'

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
  /** The carried trade-in estimate set against the finance (minor units; 0 without one). */
  tradeInCredit?: number
  /**
   * The requested car as the page first shows it (computeView of `requested` after `previous`), computed once by
   * the route's load: the page, its title and its structured data render from it; the browser computes anew after
   * each choice.
   */
  shown: ConfiguratorView
  /** The version comparison's rows of facts, energy and emissions, per version (src/domain/legal/energy.ts). */
  compare: CompareRow[]
  /** France: the mobility message of the day, shown with every advertised car; null elsewhere. */
  mobility: MobilityMessage | null
}
