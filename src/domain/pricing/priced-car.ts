// No zod here: the browser's configurator prices with it.
import {
  type Configuration,
  type ConfigurationProblem,
  defaultConfiguration,
  type ReconcileNote,
  reconcileConfiguration,
  validateConfiguration,
} from '../catalog/configuration'
import type { CountryCode, IsoDate, Usage } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import { onTheRoadPrice, type PriceQuote } from './engine'
import type { CountryPriceRules } from './rules'
import { ruleSetValidOn } from './valid-on'

/**
 * Why a car cannot be priced, in terms a caller can answer with a field-level message:
 * - unknownModel: no catalog for the model, or the model is not sold in the country (`configuration.modelCode`);
 * - noPriceRules: the country has no price rules at all (`site`);
 * - noRulesOnDate: the date precedes the country's first rule set (`date`), with the first day that has one;
 * - invalidConfiguration: a strict caller sent choices that cannot be built, each problem with its path.
 */
export type PricedCarProblem =
  | { code: 'unknownModel'; modelCode: string }
  | { code: 'noPriceRules'; country: CountryCode }
  | { code: 'noRulesOnDate'; date: IsoDate; firstDate: IsoDate }
  | { code: 'invalidConfiguration'; catalog: Catalog; problems: ConfigurationProblem[] }

/**
 * A car that cannot be priced, for a reason a visitor or a caller caused (see PricedCarProblem). Pages
 * and the API map it in one place each; it never becomes a 500.
 *
 * @example
 * if (error instanceof PricedCarError && error.problem.code === 'noRulesOnDate') askForALaterDate()
 */
export class PricedCarError extends Error {
  constructor(readonly problem: PricedCarProblem) {
    super(`cannot price: ${problem.code}`)
    this.name = 'PricedCarError'
  }
}

/** The catalog and price rules a site prices with; null where the store has none. */
export interface PriceData {
  catalog: Catalog | null
  rules: CountryPriceRules | null
}

/**
 * What to price: the configuration (null: the model's default car), for whom, on which day, and how to
 * treat choices that cannot be built. `reconcile` (pages) prices the closest buildable car and says what
 * changed; `strict` (the API, writes) refuses them, field by field.
 */
export interface PricedCarRequest {
  modelCode: string
  configuration: Configuration | null
  usage: Usage
  date: IsoDate
  mode: 'reconcile' | 'strict'
  /** The choices before this one, so reconciling keeps what the visitor had (the configurator). */
  previous?: Configuration
  deliveryZip?: string | null
}

/** A priced car: the data it was priced with, the configuration as priced, what reconciling changed, the price. */
export interface PricedCar {
  catalog: Catalog
  rules: CountryPriceRules
  configuration: Configuration
  notes: ReconcileNote[]
  quote: PriceQuote
  date: IsoDate
}

/**
 * The one pricing pipeline: check the data and the date, validate or reconcile the choices, price. Every
 * screen and endpoint that shows or stores a price goes through it, so they cannot drift apart.
 *
 * @example
 * const { quote } = pricedCar({ catalog, rules }, 'NO', { modelCode: 'p5', configuration: null,
 *   usage: 'personal', date: '2026-11-24', mode: 'reconcile' })
 */
export function pricedCar(data: PriceData, country: CountryCode, request: PricedCarRequest): PricedCar {
  const { catalog, rules } = data
  if (!catalog || catalog.model.code !== request.modelCode || !catalog.markets[country]) {
    throw new PricedCarError({ code: 'unknownModel', modelCode: request.modelCode })
  }
  if (!rules) throw new PricedCarError({ code: 'noPriceRules', country })
  if (!ruleSetValidOn(rules, request.date)) {
    const firstDate = rules.ruleSets.map((set) => set.validFrom).sort()[0] ?? request.date
    throw new PricedCarError({ code: 'noRulesOnDate', date: request.date, firstDate })
  }
  const asked = request.configuration ?? defaultConfiguration(catalog, country)
  let configuration = asked
  let notes: ReconcileNote[] = []
  if (request.mode === 'strict') {
    const problems = validateConfiguration(catalog, country, asked)
    if (problems.length > 0) throw new PricedCarError({ code: 'invalidConfiguration', catalog, problems })
  } else {
    ;({ configuration, notes } = reconcileConfiguration(catalog, country, asked, request.previous))
  }
  const quote = onTheRoadPrice({
    catalog,
    rules,
    country,
    usage: request.usage,
    configuration,
    date: request.date,
    deliveryZip: request.deliveryZip ?? null,
  })
  return { catalog, rules, configuration, notes, quote, date: request.date }
}
