/**
 * The trade-in form (SPEC §3 trade-in, §5): VIN, mileage, plate number, owner, the car from the valuation table and
 * its first registration year. Each field gets at most one problem, in screen order; `values` is set only when
 * there are none. Checked with zod (server only).
 *
 * - vin: vin.ts; the brand may be left empty when the VIN's manufacturer code names one in the table.
 * - mileage: mileage.ts; plate: the site country's format (plates.ts); owner: the owner's name as on the
 *   registration, 1–80 letters, spaces, hyphens, apostrophes and dots, starting with a letter.
 * - car: `brand/series/variant` codes of the table that belong together.
 * - year: the first registration year, from `today`'s year back 30 years (older cars are valued in store).
 */
import { z } from 'zod'
import type { IsoDate } from '../catalog/markets'
import type { StoreCountry } from '../testdrive/phone'
import { formContext, INVALID, parseForm, postedText, requiredField, rule } from '../validation/form-schema'
import type { FieldProblem } from '../validation/problem'
import { parseMileage } from './mileage'
import { normalizePlate } from './plates'
import { brandFromVin, findVariant, type TradeInCar, type ValuationTable } from './valuation'
import { normalizeVin, type VinProblem } from './vin'

/** The form's fields in screen order. */
export const TRADE_IN_FIELDS = ['vin', 'mileage', 'plate', 'owner', 'car', 'year'] as const
export type TradeInField = (typeof TRADE_IN_FIELDS)[number]

/** The oldest first registration year offered, counted back from this year. */
export const OLDEST_YEAR_OFFSET = 30

/**
 * One problem with one field: the SPEC §5 messages with the field's in-sentence label (`tradeIn.field.<field>`),
 * or the VIN's own (`tradeIn.problem.vinLength`, `tradeIn.problem.vinLetters`).
 *
 * @example
 * const p: TradeInProblem = { field: 'vin', code: 'vinLetters', messageKey: 'tradeIn.problem.vinLetters' }
 */
export type TradeInProblem = FieldProblem<TradeInField>

/**
 * A valid trade-in request, normalised: upper-case VIN, mileage in km, canonical plate.
 *
 * @example
 * const v: ValidTradeIn = { vin: 'XNVP5AAA0R0000001', mileageKm: 40000, plate: 'ABC 123', owner: 'Anna Berg',
 *   car: { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' }, firstRegistrationYear: 2024 }
 */
export interface ValidTradeIn {
  vin: string
  mileageKm: number
  plate: string
  owner: string
  car: TradeInCar
  firstRegistrationYear: number
}

export type TradeInInput = Partial<Record<TradeInField, string | null>>

const OWNER = /^\p{L}[\p{L}\p{M} .'’-]*$/u

/**
 * Whether a registered owner's name is acceptable: 1–80 characters, letters (any script), combining marks,
 * spaces, dots, apostrophes and hyphens, starting with a letter. Inner runs of spaces count as one.
 *
 * @example
 * isValidOwnerName('Anna-Lena O’Brien') // true
 * isValidOwnerName('42') // false
 */
export function isValidOwnerName(input: string): boolean {
  const owner = input.trim().replace(/\s+/g, ' ')
  return owner !== '' && [...owner].length <= 80 && OWNER.test(owner)
}

/**
 * Splits the form's `car` value (`brand/series/variant`) into its codes.
 *
 * @example
 * parseCar('nordvolt/p5/p5-standard') // { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' }
 */
export function parseCar(value: string): TradeInCar | null {
  const [brand, series, variant, ...rest] = value.split('/')
  return brand && series && variant && rest.length === 0 ? { brand, series, variant } : null
}

const VIN_PROBLEMS: Record<VinProblem, string> = {
  required: 'required',
  length: 'tradeIn.problem.vinLength',
  forbiddenLetter: 'tradeIn.problem.vinLetters',
  character: 'invalid',
}

/** What a trade-in is judged against: the site's country, the valuation table, this year and the car the VIN names. */
const tradeIn = formContext<{
  country: StoreCountry
  table: ValuationTable
  thisYear: number
  fromVin: TradeInCar | null
}>()

const TRADE_IN_SCHEMA = z.object({
  vin: postedText.transform((text, ctx) => {
    const checked = normalizeVin(text)
    if (checked.ok) return checked.vin
    ctx.addIssue({ code: 'custom', message: VIN_PROBLEMS[checked.problem], input: text })
    return z.NEVER
  }),
  mileage: requiredField(rule(parseMileage)),
  plate: requiredField(rule((text) => normalizePlate(tradeIn.get().country, text))),
  owner: requiredField(z.string().refine(isValidOwnerName, INVALID)),
  car: postedText.transform((text, ctx): TradeInCar => {
    const { table, fromVin } = tradeIn.get()
    const car = text === '' ? fromVin : parseCar(text)
    if (car && findVariant(table, car)) return car
    ctx.addIssue({ code: 'custom', message: text === '' && !fromVin ? 'requiredSelect' : 'invalid', input: text })
    return z.NEVER
  }),
  year: requiredField(
    z
      .string()
      .regex(/^\d{4}$/, INVALID)
      .transform(Number)
      .refine((year) => {
        const { thisYear } = tradeIn.get()
        return year <= thisYear && year >= thisYear - OLDEST_YEAR_OFFSET
      }, INVALID),
    true,
  ),
})

/**
 * Checks the trade-in form (rules at the top of this file).
 *
 * @example
 * validateTradeIn({ vin: 'xnvp5aaa0r0000001', mileage: '40 000', plate: 'abc123', owner: 'Anna Berg',
 *   car: 'nordvolt/p5/p5-standard', year: '2024' }, { country: 'SE', table, today: '2026-11-22' }).values?.plate
 * // 'ABC 123'
 */
export function validateTradeIn(
  input: TradeInInput,
  context: { country: StoreCountry; table: ValuationTable; today: IsoDate },
): { values: ValidTradeIn | null; problems: TradeInProblem[] } {
  const vin = normalizeVin(postedText.parse(input.vin))
  // A brand named by the VIN stands in when only series and variant are missing from a brand-less choice.
  const brand = vin.ok ? brandFromVin(context.table, vin.vin) : null
  const fromVin: TradeInCar | null =
    brand?.series.length === 1 && brand.series[0]?.variants.length === 1
      ? { brand: brand.code, series: brand.series[0].code, variant: brand.series[0].variants[0]?.code ?? '' }
      : null
  const judged = {
    country: context.country,
    table: context.table,
    thisYear: Number(context.today.slice(0, 4)),
    fromVin,
  }
  const { values, problems } = tradeIn.run(judged, () =>
    parseForm(TRADE_IN_SCHEMA, input, TRADE_IN_FIELDS, (field) => `tradeIn.field.${field}`),
  )
  if (!values) return { values: null, problems }
  const { mileage, year, ...rest } = values
  return { problems, values: { ...rest, mileageKm: mileage, firstRegistrationYear: year } }
}
