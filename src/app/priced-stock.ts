import type { IsoDate } from '../domain/catalog/markets'
import type { Catalog } from '../domain/catalog/schema'
import type { CountryPriceRules } from '../domain/pricing/rules'
import { type PricedStockCar, priceStockCar, type StockCar } from '../domain/stock/stock'
import { memo } from '../lib/memo'

/**
 * Prices of stock cars per catalog and rules document (the cache hands out the same objects until they expire),
 * day and car: a list page prices its cars once, not on every request.
 */
const prices = memo<[Catalog, CountryPriceRules], PricedStockCar>(2000)

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
  return input.cars.map((car) => {
    const priced = prices(
      [catalog, rules],
      `${date}|${JSON.stringify(car)}`,
      () => priceStockCar({ catalog, rules, car, date }).car,
    )
    return structuredClone(priced)
  })
}
