// No zod here: schemas live in schema.ts.
import type { Configuration } from '../catalog/configuration'
import type { CountryCode, IsoDate, Usage } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import type { Money } from '../money'
import type { OrderStatus } from '../order/state'
import { type PriceQuote, zipInRanges } from '../pricing/engine'
import { pricedCar } from '../pricing/priced-car'
import type { CountryPriceRules } from '../pricing/rules'
import { ruleSetValidOn } from '../pricing/valid-on'

/** A car in stock for quick delivery in one country (SPEC §3 "Quick-delivery car"), without its price. */
export interface StockCar {
  id: string
  country: CountryCode
  /** Model, version, options, colour, interior and rim, as the configurator would build it. */
  configuration: Configuration
  /** Weeks from order to delivery. */
  deliveryWeeks: number
  /** Units still to be had; 0 is sold out. */
  remaining: number
  sort: number
}

/** A stock car with its on-the-road price from the price engine. */
export interface PricedStockCar extends StockCar {
  /** The on-the-road price delivered inside the country's delivery area (or anywhere where there is none). */
  price: Money
  /** What delivery outside the area adds (Norway: outside Oslo, SPEC §9); null where nothing is added. */
  outsideAreaExtra: { area: string; amount: Money } | null
}

/** The sort orders of the quick-delivery list (SPEC §2). */
export const STOCK_SORTS = ['delivery-asc', 'delivery-desc', 'price-asc', 'price-desc'] as const
export type StockSort = (typeof STOCK_SORTS)[number]

/** What the list shows: a sort and optional filters by version and colour (paint). */
export interface StockQuery {
  sort: StockSort
  version: string | null
  colour: string | null
}

export const DEFAULT_STOCK_QUERY: StockQuery = { sort: 'delivery-asc', version: null, colour: null }

/**
 * The delivery SPEC §9 promises for a quick-delivery car: within 6 weeks in Norway, within one month
 * elsewhere. `maxWeeks` is what a stock car of the country may take: one month counts as 4 weeks,
 * the whole weeks that fit in every month.
 *
 * @example
 * quickDeliveryPromise('NO') // { unit: 'weeks', count: 6, maxWeeks: 6 }
 * quickDeliveryPromise('SE') // { unit: 'months', count: 1, maxWeeks: 4 }
 */
export function quickDeliveryPromise(country: CountryCode): {
  unit: 'weeks' | 'months'
  count: number
  maxWeeks: number
} {
  return country === 'NO' ? { unit: 'weeks', count: 6, maxWeeks: 6 } : { unit: 'months', count: 1, maxWeeks: 4 }
}

/** A postal code outside every range, to price delivery outside an area. */
function zipOutside(ranges: readonly (readonly [string, string])[]): string {
  const length = ranges[0]?.[0].length ?? 4
  for (const digit of ['9', '0', '5']) {
    const zip = digit.repeat(length)
    if (!zipInRanges(zip, ranges)) return zip
  }
  return '9'.repeat(length + 1)
}

/**
 * The area whose deliveries cost nothing extra on a date (Norway: Oslo), with its postal-code
 * ranges; null where the rules have no such fee.
 *
 * @example
 * deliveryArea(noRules, '2026-11-22') // { area: 'Oslo', zipRanges: [['0001', '1299']] }
 */
export function deliveryArea(
  rules: CountryPriceRules,
  date: IsoDate,
): { area: string; zipRanges: readonly (readonly [string, string])[] } | null {
  const fee = ruleSetValidOn(rules, date)?.fees.find((f) => f.when?.deliveredOutside)
  return fee?.when?.deliveredOutside ?? null
}

/**
 * Prices a stock car with the price engine (never a stored price): on the road inside the delivery
 * area, plus what delivery outside it adds. With `deliveryZip` the price is the one for that address.
 *
 * @example
 * priceStockCar({ catalog, rules: nlRules, car, date: '2026-11-22' }).price // { amount: 5795800, currency: 'EUR' }
 */
export function priceStockCar(input: {
  catalog: Catalog
  rules: CountryPriceRules
  car: StockCar
  date: IsoDate
  usage?: Usage
  deliveryZip?: string | null
}): { car: PricedStockCar; quote: PriceQuote } {
  const { catalog, rules, car, date } = input
  // Through the one pricing pipeline, strictly: a stock car is built as it is, never reconciled.
  const price = (deliveryZip: string | null) =>
    pricedCar({ catalog, rules }, car.country, {
      modelCode: car.configuration.modelCode,
      configuration: car.configuration,
      usage: input.usage ?? 'personal',
      date,
      mode: 'strict',
      deliveryZip,
    }).quote
  const quote = price(input.deliveryZip ?? null)
  const area = deliveryArea(rules, date)
  const inside = input.deliveryZip ? price(null) : quote
  const outside = area ? price(zipOutside(area.zipRanges)) : null
  const extra = outside ? outside.totalInclVat - inside.totalInclVat : 0
  return {
    quote,
    car: {
      ...car,
      price: { amount: inside.totalInclVat, currency: inside.currency },
      outsideAreaExtra:
        area && extra > 0 ? { area: area.area, amount: { amount: extra, currency: inside.currency } } : null,
    },
  }
}

const byPrice = (a: PricedStockCar, b: PricedStockCar) => a.price.amount - b.price.amount
const byDelivery = (a: PricedStockCar, b: PricedStockCar) => a.deliveryWeeks - b.deliveryWeeks
const stable = (a: PricedStockCar, b: PricedStockCar) => a.sort - b.sort || a.id.localeCompare(b.id)

/**
 * The cars a visitor sees: in stock, of the chosen version and colour, in the chosen order. Ties
 * fall to the other criterion ascending (the cheaper of two equally quick cars first), then the
 * data's own order.
 *
 * @example
 * listStock(cars, { sort: 'price-desc', version: 'long-range', colour: null }).map((c) => c.id)
 */
export function listStock(cars: readonly PricedStockCar[], query: StockQuery): PricedStockCar[] {
  const [primary, secondary] = query.sort.startsWith('price') ? [byPrice, byDelivery] : [byDelivery, byPrice]
  const direction = query.sort.endsWith('desc') ? -1 : 1
  return cars
    .filter((car) => car.remaining > 0)
    .filter((car) => !query.version || car.configuration.versionCode === query.version)
    .filter((car) => !query.colour || car.configuration.paintCode === query.colour)
    .sort((a, b) => direction * primary(a, b) || secondary(a, b) || stable(a, b))
}

/**
 * The versions and colours a visitor can filter by: those of cars in stock, in catalog order.
 *
 * @example
 * stockFilterOptions(catalog, cars) // { versions: ['standard-range', 'long-range'], colours: ['fjord-blue'] }
 */
export function stockFilterOptions(
  catalog: Catalog,
  cars: readonly StockCar[],
): { versions: string[]; colours: string[] } {
  const available = cars.filter((car) => car.remaining > 0)
  const has = (pick: (car: StockCar) => string) => new Set(available.map(pick))
  const versions = has((car) => car.configuration.versionCode)
  const colours = has((car) => car.configuration.paintCode)
  return {
    versions: catalog.versions.filter((v) => versions.has(v.code)).map((v) => v.code),
    colours: catalog.paints.filter((p) => colours.has(p.code)).map((p) => p.code),
  }
}

/**
 * The "from" price of a list of stock cars: the price of the cheapest car in the list that can still
 * be bought, so "from" never promises less, or more, than a car the visitor can actually see. Null
 * when none is in stock. (An advertised campaign figure is not used: it was above the cheapest car on
 * several sites.)
 *
 * @example
 * stockFromPrice(listStock(nlCars, DEFAULT_STOCK_QUERY)) // { amount: 5_795_800, currency: 'EUR' }
 */
export function stockFromPrice(cars: readonly PricedStockCar[]): Money | null {
  let cheapest: Money | null = null
  for (const car of cars) {
    if (car.remaining <= 0) continue
    if (cheapest && car.price.currency !== cheapest.currency) throw new RangeError('stock priced in two currencies')
    if (!cheapest || car.price.amount < cheapest.amount) cheapest = car.price
  }
  return cheapest
}

/** Statuses in which an order no longer holds its car (cancelled, refund under way or done). */
const RELEASED: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'cancelled',
  'refundRequested',
  'refundPending',
  'refunded',
  'requestCancelled',
  'orderCancelled',
])

/**
 * Whether a transition gives the order's stock car back: when a cancellation completes (staff
 * approve it, the customer cancels an unpaid order, it expires, a lease request is cancelled). A
 * refund after that does not give it back a second time.
 *
 * @example
 * releasesStock('cancellationRequested', 'cancelled') // true
 * releasesStock('cancelled', 'refundRequested') // false
 */
export function releasesStock(before: OrderStatus, after: OrderStatus): boolean {
  return !RELEASED.has(before) && RELEASED.has(after)
}
