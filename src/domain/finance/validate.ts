/**
 * Checks a buyer's finance request against a product's limits and answers with field-level problems
 * that carry the allowed range. Money params (min, max) are minor units for formatMoney; a range from a
 * share of the price is rounded inwards (min up, max down) so every amount shown is really allowed.
 */
import { type IsoDate, isIsoDate, type Usage } from '../catalog/markets'
import type { FieldProblem } from '../validation/problem'
import { type FinanceProduct, isCreditProduct, type LeaseService } from './products'

/**
 * A finance request as a form sends it; money in minor units, the price and down payment with VAT.
 *
 * @example
 * const request: FinanceRequest = { usage: 'personal', date: '2025-06-01', price: 4_799_000, downPayment: 0,
 *   termMonths: 48, mileageKmPerYear: 10_000 }
 */
export interface FinanceRequest {
  usage: Usage
  date: IsoDate
  price: number
  downPayment: number
  termMonths: number
  balloonAmount?: number
  mileageKmPerYear?: number
  services?: readonly LeaseService[]
  birthday?: IsoDate
}

/**
 * The problem codes; the message key of each is `finance.problem.<code>`.
 *
 * @example
 * FINANCE_PROBLEM_CODES.includes('downPaymentOutOfRange') // true
 */
export const FINANCE_PROBLEM_CODES = [
  'usageNotOffered',
  'productNotAvailable',
  'downPaymentOutOfRange',
  'financedAmountOutOfRange',
  'termNotOffered',
  'balloonNotOffered',
  'balloonOutOfRange',
  'mileageNotOffered',
  'serviceNotOffered',
  'birthdayRequired',
  'statusTransitionNotAllowed',
] as const
export type FinanceProblemCode = (typeof FINANCE_PROBLEM_CODES)[number]

/**
 * One problem with one field, with the values its message needs.
 *
 * @example
 * const p: FinanceProblem = { field: 'termMonths', code: 'termNotOffered', messageKey: 'finance.problem.termNotOffered',
 *   params: { options: '24, 36, 48' } }
 */
export type FinanceProblem = FieldProblem<
  'usage' | 'date' | 'downPayment' | 'termMonths' | 'balloonAmount' | 'mileageKmPerYear' | 'services' | 'birthday',
  `finance.problem.${FinanceProblemCode}`
> & { code: FinanceProblemCode; params: Record<string, number | string> }

function problem(
  field: FinanceProblem['field'],
  code: FinanceProblemCode,
  params: Record<string, number | string> = {},
): FinanceProblem {
  return { field, code, messageKey: `finance.problem.${code}`, params }
}

/** price × bp / 10 000 rounded up: the smallest amount that is at least the share. */
function shareUp(price: number, bp: number): number {
  return Math.ceil((price * bp) / 10_000)
}
/** price × bp / 10 000 rounded down: the largest amount that is at most the share. */
function shareDown(price: number, bp: number): number {
  return Math.floor((price * bp) / 10_000)
}

/**
 * Every problem of a request for a product; an empty list means the product can be quoted as asked.
 * Params: downPaymentOutOfRange, financedAmountOutOfRange and balloonOutOfRange {min, max} in minor
 * units; termNotOffered {options} months and mileageNotOffered {options} km a year, as a ', '-joined
 * list; productNotAvailable {validFrom, validTo} (ISO dates); serviceNotOffered {service}, the message key of
 * the service's name.
 *
 * @example
 * validateFinanceRequest(nlBankPrivateLease, { ...request, downPayment: 2_000_000 })
 * // [{ field: 'downPayment', code: 'downPaymentOutOfRange', messageKey: 'finance.problem.downPaymentOutOfRange',
 * //    params: { min: 0, max: 959_800 } }]
 */
export function validateFinanceRequest(product: FinanceProduct, request: FinanceRequest): FinanceProblem[] {
  const problems: FinanceProblem[] = []
  if (!isIsoDate(request.date)) throw new RangeError(`not a date: ${request.date}`)
  const day = request.date
  if (!product.usage.includes(request.usage)) problems.push(problem('usage', 'usageNotOffered'))
  if (day < product.validFrom || day > product.validTo) {
    problems.push(problem('date', 'productNotAvailable', { validFrom: product.validFrom, validTo: product.validTo }))
  }
  if (product.kind === 'cash') return problems

  const { price, downPayment } = request
  const limits = product.limits
  const min = shareUp(price, limits.downPaymentBp.min)
  const max = shareDown(price, limits.downPaymentBp.max)
  if (!Number.isSafeInteger(downPayment) || downPayment < min || downPayment > max) {
    problems.push(problem('downPayment', 'downPaymentOutOfRange', { min, max }))
  }
  if (!limits.termsMonths.includes(request.termMonths)) {
    problems.push(problem('termMonths', 'termNotOffered', { options: limits.termsMonths.join(', ') }))
  }

  if (isCreditProduct(product)) {
    const financed = product.limits.financedAmountMinor
    const amount = price - downPayment
    if (amount < financed.min || amount > financed.max) {
      problems.push(problem('downPayment', 'financedAmountOutOfRange', { min: financed.min, max: financed.max }))
    }
    const balloon = request.balloonAmount ?? 0
    const balloonLimits = product.limits.balloonBp
    if (balloonLimits === undefined) {
      if (balloon !== 0) problems.push(problem('balloonAmount', 'balloonNotOffered'))
    } else {
      const low = shareUp(price, balloonLimits.min)
      const high = Math.min(shareDown(price, balloonLimits.max), Math.max(0, amount))
      if (!Number.isSafeInteger(balloon) || balloon < low || balloon > high) {
        problems.push(problem('balloonAmount', 'balloonOutOfRange', { min: low, max: high }))
      }
    }
    return problems
  }

  const bands = product.limits.mileageKmPerYear
  if (request.mileageKmPerYear === undefined || !bands.includes(request.mileageKmPerYear)) {
    problems.push(problem('mileageKmPerYear', 'mileageNotOffered', { options: bands.join(', ') }))
  }
  for (const service of request.services ?? []) {
    if (!product.services.some((offered) => offered.code === service)) {
      problems.push(problem('services', 'serviceNotOffered', { service: `finance.service.${service}` }))
    }
  }
  if (product.requiresBirthday && request.birthday === undefined) problems.push(problem('birthday', 'birthdayRequired'))
  return problems
}
