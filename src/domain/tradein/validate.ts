/**
 * The trade-in form (SPEC §3 trade-in, §5): VIN, mileage, plate number, owner, the car from the valuation table and
 * its first registration year. Each field gets at most one problem, in screen order; `values` is set only when
 * there are none.
 *
 * - vin: vin.ts; the brand may be left empty when the VIN's manufacturer code names one in the table.
 * - mileage: mileage.ts; plate: the site country's format (plates.ts); owner: the owner's name as on the
 *   registration, 1–80 letters, spaces, hyphens, apostrophes and dots, starting with a letter.
 * - car: `brand/series/variant` codes of the table that belong together.
 * - year: the first registration year, from `today`'s year back 30 years (older cars are valued in store).
 */
import type { IsoDate } from '../catalog/markets'
import type { StoreCountry } from '../testdrive/phone'
import { parseMileage } from './mileage'
import { normalizePlate } from './plates'
import { brandFromVin, findVariant, type TradeInCar, type ValuationTable } from './valuation'
import { normalizeVin } from './vin'

/** The form's fields in screen order. */
export const TRADE_IN_FIELDS = ['vin', 'mileage', 'plate', 'owner', 'car', 'year'] as const
export type TradeInField = (typeof TRADE_IN_FIELDS)[number]

/** The oldest first registration year offered, counted back from this year. */
export const OLDEST_YEAR_OFFSET = 30

/**
 * One problem with one field: the message key and, for the SPEC §5 messages, the field's in-sentence label.
 *
 * @example
 * const p: TradeInProblem = { field: 'vin', messageKey: 'tradeIn.problem.vinLetters' }
 */
export interface TradeInProblem {
  field: TradeInField
  messageKey:
    | 'validation.required'
    | 'validation.select'
    | 'validation.invalid'
    | 'tradeIn.problem.vinLength'
    | 'tradeIn.problem.vinLetters'
  labelKey?: `tradeIn.field.${TradeInField}`
}

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
  const problems: TradeInProblem[] = []
  const text = (field: TradeInField) => (input[field] ?? '').trim()
  const required = (field: TradeInField, select = false) =>
    problems.push({
      field,
      messageKey: select ? 'validation.select' : 'validation.required',
      labelKey: `tradeIn.field.${field}`,
    })
  const invalid = (field: TradeInField) =>
    problems.push({ field, messageKey: 'validation.invalid', labelKey: `tradeIn.field.${field}` })

  const vin = normalizeVin(text('vin'))
  if (!vin.ok) {
    if (vin.problem === 'required') required('vin')
    else if (vin.problem === 'length') problems.push({ field: 'vin', messageKey: 'tradeIn.problem.vinLength' })
    else if (vin.problem === 'forbiddenLetter')
      problems.push({ field: 'vin', messageKey: 'tradeIn.problem.vinLetters' })
    else invalid('vin')
  }

  const mileageKm = parseMileage(text('mileage'))
  if (text('mileage') === '') required('mileage')
  else if (mileageKm === null) invalid('mileage')

  const plate = normalizePlate(context.country, text('plate'))
  if (text('plate') === '') required('plate')
  else if (plate === null) invalid('plate')

  const owner = text('owner').replace(/\s+/g, ' ')
  if (owner === '') required('owner')
  else if (!isValidOwnerName(owner)) invalid('owner')

  let car = parseCar(text('car'))
  // A brand named by the VIN stands in when only series and variant are missing from a brand-less choice.
  if (car === null && vin.ok && text('car') === '') {
    const brand = brandFromVin(context.table, vin.vin)
    if (brand?.series.length === 1 && brand.series[0]?.variants.length === 1) {
      car = { brand: brand.code, series: brand.series[0].code, variant: brand.series[0].variants[0]?.code ?? '' }
    }
  }
  if (text('car') === '' && car === null) required('car', true)
  else if (car === null || !findVariant(context.table, car)) invalid('car')

  const thisYear = Number(context.today.slice(0, 4))
  const year = /^\d{4}$/.test(text('year')) ? Number(text('year')) : null
  if (text('year') === '') required('year', true)
  else if (year === null || year > thisYear || year < thisYear - OLDEST_YEAR_OFFSET) invalid('year')

  if (problems.length > 0 || !vin.ok || mileageKm === null || plate === null || car === null || year === null) {
    return { values: null, problems }
  }
  return { problems, values: { vin: vin.vin, mileageKm, plate, owner, car, firstRegistrationYear: year } }
}
