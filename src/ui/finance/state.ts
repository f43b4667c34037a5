import type { ComparisonEntry } from '../../domain/finance/compare'
import type { FinanceKind } from '../../domain/finance/products'
import type { FinanceChoice, FinanceSummary } from '../../domain/finance/summary'
import type { FinanceProblem } from '../../domain/finance/validate'
import { CURRENCY_EXPONENT, type CurrencyCode } from '../../domain/money'

/** A product as the panel offers it: its kind and the choices it allows. */
export interface OfferedProduct {
  kind: FinanceKind
  termsMonths: number[]
  mileageKmPerYear: number[] | null
  hasBalloon: boolean
}

export interface FinanceState {
  /** A kept offer this page was opened with has expired (SPEC §8 "Finance Option Has Expired"). */
  offerExpired?: boolean
  /** The expiry of the offer kept on this page, once the visitor kept it. */
  keptUntil?: string
  products: OfferedProduct[]
  selected: FinanceKind
  choice: FinanceChoice
  summary: FinanceSummary | null
  problems: FinanceProblem[]
  comparison: ComparisonEntry[]
}

/** Query parameters of the finance form (amounts in whole currency units, as people type them). */
export const FINANCE_PARAMS = {
  kind: 'finance',
  downPayment: 'down',
  term: 'term',
  mileage: 'km',
  balloon: 'balloon',
} as const

/**
 * The finance choice as query parameters, so it travels with the car in every link.
 *
 * @example
 * financeQuery({ selected: 'loan', choice: { termMonths: 36 } }, 'NOK') // { finance: 'loan', term: '36' }
 */
export function financeQuery(
  state: Pick<FinanceState, 'selected' | 'choice'>,
  currency: CurrencyCode,
): Record<string, string> {
  const major = (minor: number | undefined) =>
    minor === undefined ? undefined : String(minor / 10 ** CURRENCY_EXPONENT[currency])
  const entries: [string, string | undefined][] = [
    [FINANCE_PARAMS.kind, state.selected],
    [FINANCE_PARAMS.downPayment, major(state.choice.downPayment)],
    [FINANCE_PARAMS.term, state.choice.termMonths?.toString()],
    [FINANCE_PARAMS.mileage, state.choice.mileageKmPerYear?.toString()],
    [FINANCE_PARAMS.balloon, major(state.choice.balloonAmount)],
  ]
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined))
}
