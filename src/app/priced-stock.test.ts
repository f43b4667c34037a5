import { describe, expect, it, vi } from 'vitest'
import { catalog, rulesByCountry } from '../domain/pricing/test-data'
import { priceStockCar } from '../domain/stock/stock'
import { seededCars } from '../domain/stock/test-data'
import { pricedStockCars } from './priced-stock'

vi.mock('../domain/stock/stock', async (original) => {
  const actual = await original<typeof import('../domain/stock/stock')>()
  return { ...actual, priceStockCar: vi.fn(actual.priceStockCar) }
})

describe('pricedStockCars', () => {
  const rules = rulesByCountry.NL
  const cars = seededCars('NL')

  it('gives the figures of pricing each car afresh, pricing each car once per day', () => {
    vi.mocked(priceStockCar).mockClear()
    const first = pricedStockCars({ catalog, rules, cars, date: '2026-11-24' })
    expect(first).toEqual(cars.map((car) => priceStockCar({ catalog, rules, car, date: '2026-11-24' }).car))
    vi.mocked(priceStockCar).mockClear()
    expect(pricedStockCars({ catalog, rules, cars, date: '2026-11-24' })).toEqual(first)
    expect(priceStockCar).not.toHaveBeenCalled()
    // Another day, or a car whose record changed, is priced anew.
    const [car] = cars
    if (!car) throw new Error('no stock car')
    pricedStockCars({ catalog, rules, cars: [{ ...car, remaining: 0 }], date: '2026-11-24' })
    pricedStockCars({ catalog, rules, cars: [car], date: '2026-11-25' })
    expect(priceStockCar).toHaveBeenCalledTimes(2)
  })

  it('hands every call cars of its own', () => {
    const [mine] = pricedStockCars({ catalog, rules, cars, date: '2026-11-24' })
    if (!mine) throw new Error('no stock car')
    mine.price.amount = 1
    mine.configuration.packCodes.push('changed')
    const [theirs] = pricedStockCars({ catalog, rules, cars, date: '2026-11-24' })
    expect(theirs?.price.amount).not.toBe(1)
    expect(theirs?.configuration.packCodes).not.toContain('changed')
  })
})
