import type { IsoDate } from '../domain/catalog/markets'
import type { Catalog } from '../domain/catalog/schema'
import type { CountryPriceRules } from '../domain/pricing/rules'
import { type PricedStockCar, priceStockCar, type StockCar } from '../domain/stock/stock'

// Prices of stock cars per catalog and rules document (the cache hands out the same objects until they expire, and
// then these entries go with them), per day and car: a list page prices its cars once, not on every request.
const pricesByDocuments = new WeakMap<Catalog, WeakMap<CountryPriceRules, Map<string, PricedStockCar>>>()
const MAX_PRICES_PER_DOCUMENTS = 2000

function pricesFor(catalog: Catalog, rules: CountryPriceRules): Map<string, PricedStockCar> {
  let byRules = pricesByDocuments.get(catalog)
  if (!byRules) {
    byRules = new WeakMap()
    pricesByDocuments.set(catalog, byRules)
  }
  let prices = byRules.get(rules)
  if (!prices) {
    prices = new Map()
    byRules.set(rules, prices)
  }
  return prices
}

/**
 * Each stock car with its price on a day inside and outside the delivery area (domain/stock priceStockCar), the
 * same figures as pricing it afresh; a car, catalog, rules and day already priced in this isolate are not priced
 * again. Every call gets its own car objects.
 *
 * @example
 * pricedStockCars({ catalog, rules, cars, date: '2026-11-24' })[0].price // { amount: 44_990_000, currency: 'NOK' }
 */
export function pricedStockCars(input: {
  catalog: Catalog
  rules: CountryPriceRules
  cars: readonly StockCar[]
  date: IsoDate
}): PricedStockCar[] {
  const { catalog, rules, date } = input
  const prices = pricesFor(catalog, rules)
  return input.cars.map((car) => {
    const key = `${date}|${JSON.stringify(car)}`
    let priced = prices.get(key)
    if (!priced) {
      priced = priceStockCar({ catalog, rules, car, date }).car
      if (prices.size >= MAX_PRICES_PER_DOCUMENTS) prices.delete(prices.keys().next().value as string)
      prices.set(key, priced)
    }
    return structuredClone(priced)
  })
}
