/**
 * The trade-in valuation model: an estimate of what the maker pays for a customer's car, from its list price new,
 * its age and its mileage. Every figure comes from the valuation table (data/tradein/valuation.json, an assumption
 * until the remarketing partner confirms it).
 *
 * For a variant with list price P (euro cents), first registered in year Y and valued in year V:
 *
 * 1. age A = V − Y (whole years; a car registered this year is 0).
 * 2. age factor (basis points) = 10000 when A = 0, else max(floor, 10000 − firstYear − (A − 1) × perYear), with the
 *    series' `firstYearBp`, `perYearBp` and `floorBp`.
 * 3. expected mileage E = annualKm × max(A, 1); every full `stepKm` above E takes `stepBp` off, every full step
 *    below adds it (steps count towards zero), and the mileage factor stays within [minBp, maxBp].
 * 4. the estimate in the site's currency = P × age factor × mileage factor × rate / 10¹², where `rate` is the
 *    currency per euro × 10⁴, scaled from cents to the currency's minor units, then rounded DOWN to the
 *    currency's `roundingStep` (an estimate never promises more than the model gives). Integer arithmetic
 *    throughout (BigInt), so nothing is lost to floating point.
 *
 * No estimate ("currently unable to give a valuation") when the variant has no list price in the table, the car is
 * older than `maxAgeYears`, or the table has no rate for the currency.
 *
 * The final price is set at the inspection and holds for 30 days from it (SPEC §9).
 */
import { z } from 'zod'
import { addDays, type IsoDate } from '../catalog/markets'
import { CURRENCY_EXPONENT, type CurrencyCode, type Money } from '../money'

const BasisPoints = z.number().int().min(0).max(20_000)
const Code = z.string().regex(/^[a-z0-9-]{1,40}$/)

/**
 * The valuation table as stored in data/tradein/valuation.json.
 *
 * @example
 * ValuationTable.parse(JSON.parse(text)).brands[0]?.name // 'Nordvolt'
 */
export const ValuationTable = z.strictObject({
  assumption: z.boolean(),
  note: z.string(),
  validFrom: z.string(),
  source: z.string(),
  /** Currency per euro × 10⁴ (NOK 11.7000 → 117000). */
  ratesPerEur: z.record(z.string(), z.number().int().positive()),
  /** Estimates are rounded down to a multiple of this many minor units, per currency. */
  roundingStep: z.record(z.string(), z.number().int().positive()),
  maxAgeYears: z.number().int().min(1).max(40),
  mileage: z.strictObject({
    annualKm: z.number().int().positive(),
    stepKm: z.number().int().positive(),
    stepBp: BasisPoints,
    minBp: BasisPoints,
    maxBp: BasisPoints,
  }),
  brands: z.array(
    z.strictObject({
      code: Code,
      name: z.string().min(1),
      /** World manufacturer identifiers (VIN positions 1–3) of the brand's cars sold in Europe. */
      wmi: z.array(z.string().regex(/^[A-HJ-NPR-Z0-9]{3}$/)),
      series: z.array(
        z.strictObject({
          code: Code,
          name: z.string().min(1),
          firstYearBp: BasisPoints,
          perYearBp: BasisPoints,
          floorBp: BasisPoints,
          variants: z.array(
            z.strictObject({
              code: Code,
              name: z.string().min(1),
              /** List price new in euro cents; null where the model has no market data yet. */
              listPriceEurCents: z.number().int().positive().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
})
export type ValuationTable = z.infer<typeof ValuationTable>
export type ValuationBrand = ValuationTable['brands'][number]
export type ValuationSeries = ValuationBrand['series'][number]
export type ValuationVariant = ValuationSeries['variants'][number]

/** How long the final price holds after the inspection, in days (SPEC §9). */
export const FINAL_PRICE_VALID_DAYS = 30

/**
 * The car a trade-in is for, as chosen from the table.
 *
 * @example
 * const car: TradeInCar = { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' }
 */
export interface TradeInCar {
  brand: string
  series: string
  variant: string
}

/**
 * The brand, series and variant of the table named by the codes, or null when they do not belong together.
 *
 * @example
 * findVariant(table, { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' })?.variant.name // 'Standard Range'
 */
export function findVariant(
  table: ValuationTable,
  car: TradeInCar,
): { brand: ValuationBrand; series: ValuationSeries; variant: ValuationVariant } | null {
  const brand = table.brands.find((b) => b.code === car.brand)
  const series = brand?.series.find((s) => s.code === car.series)
  const variant = series?.variants.find((v) => v.code === car.variant)
  return brand && series && variant ? { brand, series, variant } : null
}

/**
 * The brand whose world manufacturer identifier starts the VIN, or null when the table does not know it.
 *
 * @example
 * brandFromVin(table, 'WVWZZZE1ZMP012345')?.code // 'volkswagen'
 */
export function brandFromVin(table: ValuationTable, vin: string): ValuationBrand | null {
  const wmi = vin.slice(0, 3)
  return table.brands.find((b) => b.wmi.includes(wmi)) ?? null
}

/**
 * The age factor in basis points (step 2 of the model).
 *
 * @example
 * ageFactorBp({ firstYearBp: 1800, perYearBp: 900, floorBp: 2000 }, 2) // 7300
 */
export function ageFactorBp(series: Pick<ValuationSeries, 'firstYearBp' | 'perYearBp' | 'floorBp'>, age: number) {
  if (age <= 0) return 10_000
  return Math.max(series.floorBp, 10_000 - series.firstYearBp - (age - 1) * series.perYearBp)
}

/**
 * The mileage factor in basis points (step 3 of the model).
 *
 * @example
 * mileageFactorBp(table.mileage, 2, 40_000) // 9800: 10 000 km above 30 000, 10 steps of 20
 */
export function mileageFactorBp(rule: ValuationTable['mileage'], age: number, mileageKm: number): number {
  const expected = rule.annualKm * Math.max(age, 1)
  const steps = Math.trunc((mileageKm - expected) / rule.stepKm)
  return Math.min(rule.maxBp, Math.max(rule.minBp, 10_000 - steps * rule.stepBp))
}

/**
 * An estimate, or why there is none.
 *
 * @example
 * const result: Estimate = { ok: false, reason: 'noData' }
 */
export type Estimate =
  | { ok: true; amount: Money; ageYears: number; ageFactorBp: number; mileageFactorBp: number }
  | { ok: false; reason: 'noData' }

/**
 * The estimated trade-in price of a car in a currency (steps 1–4 of the model).
 *
 * @example
 * estimateTradeIn(table, { car, firstRegistrationYear: 2024, mileageKm: 40_000 }, 'EUR', '2026-11-22')
 * // { ok: true, amount: { amount: 3_290_000, currency: 'EUR' }, ageYears: 2, ageFactorBp: 7300, mileageFactorBp: 9800 }
 */
export function estimateTradeIn(
  table: ValuationTable,
  input: { car: TradeInCar; firstRegistrationYear: number; mileageKm: number },
  currency: CurrencyCode,
  today: IsoDate,
): Estimate {
  const found = findVariant(table, input.car)
  const rate = table.ratesPerEur[currency]
  const step = table.roundingStep[currency]
  const age = Number(today.slice(0, 4)) - input.firstRegistrationYear
  if (!found || found.variant.listPriceEurCents === null || !rate || !step || age < 0 || age > table.maxAgeYears) {
    return { ok: false, reason: 'noData' }
  }
  const ageBp = ageFactorBp(found.series, age)
  const mileageBp = mileageFactorBp(table.mileage, age, input.mileageKm)
  // Cents → minor units of the currency: × 10^(exponent − 2), kept in the denominator when negative (ISK).
  const shift = CURRENCY_EXPONENT[currency] - 2
  const numerator =
    BigInt(found.variant.listPriceEurCents) *
    BigInt(ageBp) *
    BigInt(mileageBp) *
    BigInt(rate) *
    10n ** BigInt(Math.max(shift, 0))
  const denominator = 10n ** 12n * 10n ** BigInt(Math.max(-shift, 0))
  const bigStep = BigInt(step)
  const amount = Number((numerator / denominator / bigStep) * bigStep)
  return {
    ok: true,
    amount: { amount, currency },
    ageYears: age,
    ageFactorBp: ageBp,
    mileageFactorBp: mileageBp,
  }
}

/**
 * The last day the final price holds when the car is inspected on `inspectionDate` (30 days, SPEC §9).
 *
 * @example
 * finalPriceValidUntil('2026-11-22') // '2026-12-22'
 */
export function finalPriceValidUntil(inspectionDate: IsoDate): IsoDate {
  return addDays(inspectionDate, FINAL_PRICE_VALID_DAYS)
}
