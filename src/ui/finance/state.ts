import type { ComparisonEntry } from '../../domain/finance/compare'
import type { FinanceKind, LeaseService } from '../../domain/finance/products'
import type { FinanceChoice, FinanceSummary } from '../../domain/finance/summary'

/** A product as the panel offers it: its kind and the choices it allows. */
export interface OfferedProduct {
  kind: FinanceKind
  termsMonths: number[]
  mileageKmPerYear: number[] | null
  hasBalloon: boolean
  /** A lease's optional services and their monthly price without VAT and with it (minor units). */
  services: { code: LeaseService; net: number; gross: number }[]
}

/**
 * A field the finance API refused, with the API's own message for it (in the page's language, which its calls name):
 * what the panel shows under the field once JavaScript asks for the figures.
 */
export interface RefusedField {
  field: string
  message: string
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
  /** What is wrong with the choice, in words: the server's own (priced with the page) or the API's refusal. */
  problems: RefusedField[]
  comparison: ComparisonEntry[]
}
