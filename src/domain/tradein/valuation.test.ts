import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCar, validateTradeIn } from './validate'
import {
  ageFactorBp,
  brandFromVin,
  estimateTradeIn,
  finalPriceValidUntil,
  mileageFactorBp,
  ValuationTable,
} from './valuation'

const table = ValuationTable.parse(
  JSON.parse(readFileSync(new URL('../../../data/tradein/valuation.json', import.meta.url), 'utf8')),
)
const TODAY = '2026-11-22'
const P5 = { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' }

describe('the valuation model', () => {
  it('takes the first-year and yearly depreciation off, down to the floor', () => {
    const series = { firstYearBp: 1800, perYearBp: 900, floorBp: 2000 }
    expect(ageFactorBp(series, 0)).toBe(10_000)
    expect(ageFactorBp(series, 1)).toBe(8200)
    expect(ageFactorBp(series, 2)).toBe(7300)
    // 10000 − 1800 − 9 × 900 = 100, below the floor
    expect(ageFactorBp(series, 10)).toBe(2000)
  })

  it('moves 20 bp per full 1000 km away from 15000 km a year, within 50–110 %', () => {
    expect(mileageFactorBp(table.mileage, 2, 30_000)).toBe(10_000)
    expect(mileageFactorBp(table.mileage, 2, 40_000)).toBe(9800)
    expect(mileageFactorBp(table.mileage, 2, 30_999)).toBe(10_000)
    expect(mileageFactorBp(table.mileage, 0, 5000)).toBe(10_200)
    expect(mileageFactorBp(table.mileage, 2, 1_000_000)).toBe(5000)
    expect(mileageFactorBp(table.mileage, 12, 1)).toBe(11_000)
  })

  it('estimates a two-year-old P5 in euro: 45 990.00 × 73 % × 98 % = 32 901.246 → 32 900.00', () => {
    expect(estimateTradeIn(table, { car: P5, firstRegistrationYear: 2024, mileageKm: 40_000 }, 'EUR', TODAY)).toEqual({
      ok: true,
      amount: { amount: 3_290_000, currency: 'EUR' },
      ageYears: 2,
      ageFactorBp: 7300,
      mileageFactorBp: 9800,
    })
  })

  it('converts at the table rate and rounds down to the currency step', () => {
    const input = { car: P5, firstRegistrationYear: 2024, mileageKm: 40_000 }
    // 32 901.246 € × 11.2 = 368 493.95 kr → 368 000 kr
    expect(estimateTradeIn(table, input, 'SEK', TODAY)).toMatchObject({
      amount: { amount: 36_800_000, currency: 'SEK' },
    })
    // 32 901.246 € × 152 = 5 000 989.4 kr → 5 000 000 kr (no minor units)
    expect(estimateTradeIn(table, input, 'ISK', TODAY)).toMatchObject({
      amount: { amount: 5_000_000, currency: 'ISK' },
    })
    // 32 901.246 € × 38 = 1 250 247.35 ฿ → 1 250 000 ฿
    expect(estimateTradeIn(table, input, 'THB', TODAY)).toMatchObject({
      amount: { amount: 125_000_000, currency: 'THB' },
    })
  })

  it('adds for low mileage on a new car: 39 990.00 × 102 % = 40 789.80 → 40 700.00', () => {
    const car = { brand: 'tesla', series: 'model-3', variant: 'model-3-rwd' }
    expect(estimateTradeIn(table, { car, firstRegistrationYear: 2026, mileageKm: 5000 }, 'EUR', TODAY)).toMatchObject({
      amount: { amount: 4_070_000 },
      ageYears: 0,
    })
  })

  it('holds the floor for an old car with high mileage: 36 990.00 × 15 % × 70 % = 3 883.95 → 3 800.00', () => {
    const car = { brand: 'volkswagen', series: 'id3', variant: 'id3-pure' }
    expect(
      estimateTradeIn(table, { car, firstRegistrationYear: 2016, mileageKm: 300_000 }, 'EUR', TODAY),
    ).toMatchObject({
      amount: { amount: 380_000 },
      ageFactorBp: 1500,
      mileageFactorBp: 7000,
    })
  })

  it('gives no valuation without data: no list price, too old, registered in the future, unknown car', () => {
    const zoe = { brand: 'renault', series: 'zoe', variant: 'zoe-r135' }
    const noData = { ok: false, reason: 'noData' }
    expect(estimateTradeIn(table, { car: zoe, firstRegistrationYear: 2022, mileageKm: 1 }, 'EUR', TODAY)).toEqual(
      noData,
    )
    expect(estimateTradeIn(table, { car: P5, firstRegistrationYear: 2013, mileageKm: 1 }, 'EUR', TODAY)).toEqual(noData)
    expect(estimateTradeIn(table, { car: P5, firstRegistrationYear: 2014, mileageKm: 1 }, 'EUR', TODAY).ok).toBe(true)
    expect(estimateTradeIn(table, { car: P5, firstRegistrationYear: 2027, mileageKm: 1 }, 'EUR', TODAY)).toEqual(noData)
    const unknown = { brand: 'nordvolt', series: 'id3', variant: 'p5-standard' }
    expect(estimateTradeIn(table, { car: unknown, firstRegistrationYear: 2024, mileageKm: 1 }, 'EUR', TODAY)).toEqual(
      noData,
    )
  })

  it('keeps the final price 30 days from the inspection', () => {
    expect(finalPriceValidUntil('2026-11-22')).toBe('2026-12-22')
    expect(finalPriceValidUntil('2027-02-15')).toBe('2027-03-17')
  })

  it('knows brands by the VIN’s manufacturer code', () => {
    expect(brandFromVin(table, 'WVWZZZE1ZMP012345')?.code).toBe('volkswagen')
    expect(brandFromVin(table, 'YV1XZK7V0P2012345')?.code).toBe('volvo')
    expect(brandFromVin(table, 'ZFA31200000123456')).toBeNull()
  })
})

describe('validateTradeIn', () => {
  const context = { country: 'SE' as const, table, today: TODAY }
  const form = {
    vin: 'xnvp5aaa0r0000001',
    mileage: '40 000',
    plate: 'abc123',
    owner: ' Anna  Berg ',
    car: 'nordvolt/p5/p5-standard',
    year: '2024',
  }

  it('normalises a valid form', () => {
    expect(validateTradeIn(form, context)).toEqual({
      problems: [],
      values: {
        vin: 'XNVP5AAA0R0000001',
        mileageKm: 40_000,
        plate: 'ABC 123',
        owner: 'Anna Berg',
        car: P5,
        firstRegistrationYear: 2024,
      },
    })
  })

  it('reports each field once, in screen order, with the SPEC §5 messages', () => {
    const { values, problems } = validateTradeIn({}, context)
    expect(values).toBeNull()
    expect(problems).toEqual([
      { field: 'vin', code: 'required', messageKey: 'validation.required', labelKey: 'tradeIn.field.vin' },
      { field: 'mileage', code: 'required', messageKey: 'validation.required', labelKey: 'tradeIn.field.mileage' },
      { field: 'plate', code: 'required', messageKey: 'validation.required', labelKey: 'tradeIn.field.plate' },
      { field: 'owner', code: 'required', messageKey: 'validation.required', labelKey: 'tradeIn.field.owner' },
      { field: 'car', code: 'requiredSelect', messageKey: 'validation.select', labelKey: 'tradeIn.field.car' },
      { field: 'year', code: 'requiredSelect', messageKey: 'validation.select', labelKey: 'tradeIn.field.year' },
    ])
  })

  it('explains a wrong VIN and refuses invalid values', () => {
    const { problems } = validateTradeIn(
      {
        ...form,
        vin: 'XNVP5AAAOR0000001',
        mileage: '0',
        plate: 'AB-12-CD',
        owner: '42',
        car: 'tesla/p5/x',
        year: '2027',
      },
      context,
    )
    expect(problems.map((p) => [p.field, p.messageKey])).toEqual([
      ['vin', 'tradeIn.problem.vinLetters'],
      ['mileage', 'validation.invalid'],
      ['plate', 'validation.invalid'],
      ['owner', 'validation.invalid'],
      ['car', 'validation.invalid'],
      ['year', 'validation.invalid'],
    ])
    expect(validateTradeIn({ ...form, vin: 'XNVP5' }, context).problems).toEqual([
      { field: 'vin', code: 'vinLength', messageKey: 'tradeIn.problem.vinLength' },
    ])
  })

  it('takes the car from the VIN’s manufacturer when the brand has a single variant, else asks for it', () => {
    const kia = validateTradeIn({ ...form, vin: 'KNAC381BFP5012345', car: '' }, context)
    expect(kia.values?.car).toEqual({ brand: 'kia', series: 'ev6', variant: 'ev6-rwd' })
    expect(validateTradeIn({ ...form, vin: 'WVWZZZE1ZMP012345', car: '' }, context).problems).toEqual([
      { field: 'car', code: 'requiredSelect', messageKey: 'validation.select', labelKey: 'tradeIn.field.car' },
    ])
  })

  it('checks the plate against the site’s country', () => {
    expect(validateTradeIn({ ...form, plate: 'AB-12-CD' }, { ...context, country: 'NL' }).values?.plate).toBe(
      'AB-12-CD',
    )
  })

  it('splits the car choice into its codes', () => {
    expect(parseCar('tesla/model-3/model-3-rwd')).toEqual({ brand: 'tesla', series: 'model-3', variant: 'model-3-rwd' })
    expect(parseCar('tesla/model-3')).toBeNull()
    expect(parseCar('a/b/c/d')).toBeNull()
  })
})
