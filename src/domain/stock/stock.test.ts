import { describe, expect, it } from 'vitest'
import { catalog, rulesByCountry } from '../pricing/test-data'
import { StockFile, StockQuerySchema } from './schema'
import {
  DEFAULT_STOCK_QUERY,
  listStock,
  type PricedStockCar,
  priceStockCar,
  quickDeliveryPromise,
  releasesStock,
  stockFilterOptions,
  stockFromPrice,
} from './stock'
import { seededCars, stockFiles } from './test-data'

const DATE = '2026-11-22'
const EUR = (amount: number) => ({ amount, currency: 'EUR' as const })
const priced = (country: 'NO' | 'NL') =>
  seededCars(country).map((car) => priceStockCar({ catalog, rules: rulesByCountry[country], car, date: DATE }).car)

describe('priceStockCar', () => {
  it('prices a Dutch stock car on the road with the engine', () => {
    const car = seededCars('NL').find((c) => c.id === 'nl-lr-aurora-sound')
    if (!car) throw new Error('seed changed')
    const { car: result } = priceStockCar({ catalog, rules: rulesByCountry.NL, car, date: DATE })
    // Long Range 51 990 + Aurora Green 1 790 + Technology Pack 1 990 + Premium Sound 990
    // + delivery fee 1 198 (1 070.11 + 77.67 + 50.22) = 57 958.00
    expect(result.price).toEqual(EUR(5_795_800))
    expect(result.outsideAreaExtra).toBeNull()
  })

  it('adds shipping outside Oslo in Norway, with its VAT, only for a postal code outside Oslo', () => {
    const car = seededCars('NO').find((c) => c.id === 'no-lr-graphite')
    if (!car) throw new Error('seed changed')
    const rules = rulesByCountry.NO
    const oslo = priceStockCar({ catalog, rules, car, date: DATE, deliveryZip: '0150' })
    const bergen = priceStockCar({ catalog, rules, car, date: DATE, deliveryZip: '5003' })
    // The car alone (489 900 + 19 900 + 1 490 net) is above the NOK 500 000 VAT-free band, so the
    // NOK 4 900 shipping pays the full 25 %: 4 900 + 1 225 = 6 125.
    expect(oslo.car.outsideAreaExtra).toEqual({ area: 'Oslo', amount: { amount: 612_500, currency: 'NOK' } })
    expect(bergen.quote.totalInclVat - oslo.quote.totalInclVat).toBe(612_500)
    expect(bergen.quote.lines.some((line) => line.code === 'shipping-outside-oslo')).toBe(true)
    expect(oslo.quote.lines.some((line) => line.code === 'shipping-outside-oslo')).toBe(false)
    // The list shows the Oslo price whatever the zip.
    expect(bergen.car.price).toEqual(oslo.car.price)
    expect(oslo.car.price.amount).toBe(oslo.quote.totalInclVat)
  })
})

describe('listStock', () => {
  const [base] = seededCars('NL')
  if (!base) throw new Error('no Dutch stock')
  const cars: PricedStockCar[] = [
    { ...base, id: 'a', deliveryWeeks: 2, remaining: 1, price: EUR(60_000_00), outsideAreaExtra: null },
    { ...base, id: 'b', deliveryWeeks: 1, remaining: 3, price: EUR(58_000_00), outsideAreaExtra: null },
    { ...base, id: 'c', deliveryWeeks: 1, remaining: 2, price: EUR(59_000_00), outsideAreaExtra: null },
    { ...base, id: 'gone', deliveryWeeks: 1, remaining: 0, price: EUR(1_00), outsideAreaExtra: null },
  ]
  const ids = (sort: 'delivery-asc' | 'delivery-desc' | 'price-asc' | 'price-desc') =>
    listStock(cars, { sort, version: null, colour: null }).map((car) => car.id)

  it('sorts by delivery time and by price, both ways, leaving sold-out cars out', () => {
    expect(ids('delivery-asc')).toEqual(['b', 'c', 'a'])
    expect(ids('delivery-desc')).toEqual(['a', 'b', 'c'])
    expect(ids('price-asc')).toEqual(['b', 'c', 'a'])
    expect(ids('price-desc')).toEqual(['a', 'c', 'b'])
  })

  it('filters by version and colour', () => {
    const nl = priced('NL')
    const fjord = listStock(nl, { sort: 'price-asc', version: 'long-range', colour: 'fjord-blue' })
    expect(fjord.map((car) => car.id)).toEqual(['nl-lr-fjord-sport', 'nl-lr-fjord-winter'])
    expect(listStock(nl, { sort: 'price-asc', version: 'standard-range', colour: null })).toEqual([])
  })
})

describe('stockFromPrice', () => {
  const pricedIn = (country: 'NL' | 'DE') =>
    seededCars(country).map((car) => priceStockCar({ catalog, rules: rulesByCountry[country], car, date: DATE }).car)

  it('is the cheapest car listed, never an advertised figure above it', () => {
    // NL: Long Range 51 990 + Aurora Green 1 790 + Technology 1 990 + Premium Sound 990 + delivery 1 198 = 57 958.00,
    // below the advertised 57 990 that the list used to show.
    expect(stockFromPrice(listStock(pricedIn('NL'), DEFAULT_STOCK_QUERY))).toEqual(EUR(5_795_800))
    // DE: the same car at 50 990 + 1 790 + 1 990 + 990 + Überführung 1 190 = 56 950.00.
    expect(stockFromPrice(listStock(pricedIn('DE'), DEFAULT_STOCK_QUERY))).toEqual(EUR(5_695_000))
  })

  it('follows the list as filtered, and leaves sold-out cars out', () => {
    const fjord = listStock(pricedIn('NL'), { sort: 'price-desc', version: null, colour: 'fjord-blue' })
    // Fjord Blue: 51 990 + 990 + 19" 1 290 + sand 1 490 + 1 990 + 990 + 1 198 = 59 938.00 (the winter-wheel one is dearer).
    expect(stockFromPrice(fjord)).toEqual(EUR(5_993_800))
    const [first, ...rest] = listStock(pricedIn('NL'), DEFAULT_STOCK_QUERY)
    if (!first) throw new Error('no Dutch stock')
    const cheap = { ...first, id: 'sold', price: EUR(1_000_00), remaining: 0 }
    expect(stockFromPrice([cheap, first, ...rest])?.amount).toBeGreaterThan(1_000_00)
    expect(stockFromPrice([cheap])).toBeNull()
  })

  it('is the cheapest Norwegian car in kroner', () => {
    const no = priced('NO')
    expect(stockFromPrice(no)).toEqual({ amount: Math.min(...no.map((car) => car.price.amount)), currency: 'NOK' })
  })
})

describe('quick-delivery rules', () => {
  it('promises 6 weeks in Norway and one month elsewhere (SPEC §9)', () => {
    expect(quickDeliveryPromise('NO')).toEqual({ unit: 'weeks', count: 6, maxWeeks: 6 })
    expect(quickDeliveryPromise('NL')).toEqual({ unit: 'months', count: 1, maxWeeks: 4 })
  })

  it('refuses stock data that would break the promise', () => {
    const [file] = stockFiles
    if (!file) throw new Error('no stock')
    const late = { ...file, country: 'SE', cars: [{ ...file.cars[0], deliveryWeeks: 5 }] }
    expect(StockFile.safeParse(late).success).toBe(false)
    expect(StockFile.safeParse({ ...late, country: 'NO' }).success).toBe(true)
  })

  it('seeds stock for every country site and none for the global site', () => {
    expect(stockFiles.map((f) => f.country).sort()).toEqual(
      ['AT', 'BE', 'DE', 'DK', 'FR', 'IS', 'LU', 'NL', 'NO', 'SE', 'TH'].sort(),
    )
  })

  it('gives the unit back once, when a cancellation completes', () => {
    expect(releasesStock('cancellationRequested', 'cancelled')).toBe(true)
    expect(releasesStock('placed', 'cancelled')).toBe(true)
    expect(releasesStock('requested', 'requestCancelled')).toBe(true)
    expect(releasesStock('depositPaid', 'cancellationRequested')).toBe(false)
    expect(releasesStock('cancelled', 'refundRequested')).toBe(false)
    expect(releasesStock('refundRequested', 'cancelled')).toBe(false)
  })

  it('reads sort and filters from the address', () => {
    expect(StockQuerySchema.parse({ sort: 'price-desc', version: '', colour: 'fjord-blue' })).toEqual({
      sort: 'price-desc',
      version: null,
      colour: 'fjord-blue',
    })
    expect(StockQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false)
  })

  it('offers the versions and colours of cars in stock', () => {
    expect(stockFilterOptions(catalog, seededCars('NL'))).toEqual({
      versions: ['long-range'],
      colours: ['arctic-white', 'graphite-grey', 'fjord-blue', 'aurora-green-black'],
    })
  })
})
