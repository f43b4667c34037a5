import { isStoreCountry } from '../domain/testdrive/phone'
import { type TradeInInput, type TradeInProblem, validateTradeIn } from '../domain/tradein/validate'
import { estimateTradeIn } from '../domain/tradein/valuation'
import { type Site, today as siteToday } from '../i18n/sites'
import type { Store } from '../store'
import type { TradeInOwner } from '../store/trade-ins'

/**
 * What asking for a valuation gave: a stored estimate, field problems, no valuation possible ("currently unable
 * to give a valuation, try later"), or a VIN valued by another customer.
 */
export type ValuationRequestOutcome =
  | { status: 'valued'; id: string; amount: number; currency: string }
  | { status: 'invalid'; problems: TradeInProblem[] }
  | { status: 'unavailable' }
  | { status: 'vinTaken' }

/**
 * Validates, values and stores a trade-in for a country site: the one path of the page's form and the API.
 *
 * @example
 * const outcome = await requestValuation(store, site, await ctx.tradeIn.owner(), form)
 */
export async function requestValuation(
  store: Store,
  site: Site,
  owner: TradeInOwner,
  input: TradeInInput,
  now = new Date(),
): Promise<ValuationRequestOutcome> {
  const country = site.countryCode
  if (!isStoreCountry(country)) return { status: 'unavailable' }
  const today = siteToday(site, now)
  const table = await store.valuationTable()
  if (!table) return { status: 'unavailable' }
  const { values, problems } = validateTradeIn(input, { country, table, today })
  if (!values) return { status: 'invalid', problems }
  const estimate = estimateTradeIn(table, values, site.currency, today)
  if (!estimate.ok) return { status: 'unavailable' }
  const saved = await store.programs.saveValuation({
    tradeIn: values,
    owner,
    countryCode: country,
    locale: site.locale,
    estimate: estimate.amount,
    modelValidFrom: table.validFrom,
    now,
  })
  if (saved.status === 'vinTaken') return { status: 'vinTaken' }
  return { status: 'valued', id: saved.id, amount: estimate.amount.amount, currency: estimate.amount.currency }
}

/**
 * The car's name as the table gives it ("Nordvolt P5 Standard Range"), or the codes when the table changed.
 *
 * @example
 * await carName(store, { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' })
 */
export async function carName(store: Store, car: { brand: string; series: string; variant: string }) {
  const table = await store.valuationTable()
  const brand = table?.brands.find((b) => b.code === car.brand)
  const series = brand?.series.find((s) => s.code === car.series)
  const variant = series?.variants.find((v) => v.code === car.variant)
  return brand && series && variant ? `${brand.name} ${series.name} ${variant.name}` : `${car.brand} ${car.series}`
}
