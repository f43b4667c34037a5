/**
 * The finance a customer chose, as it travels from the configurator to the saved build, the order form, the order
 * and its documents: the figures exactly as they were computed once and shown, with the price and the trade-in
 * credit they were computed on and the day they were quoted. Every later page shows these figures; none computes
 * them again. An offer holds until its validity date (the lender's `offerValidityDays`) for the same price and
 * trade-in; after that, or when either changed, it is quoted again and the customer is told what changed
 * (`financeChanges`). No zod here: the browser may import it (the stored shape is parsed by chosen-schema.ts).
 */
import type { IsoDate } from '../catalog/markets'
import type { CurrencyCode } from '../money'
import type { FinanceKind } from './products'
import type { FinanceSummary } from './summary'

/**
 * The parts of a finance summary an offer keeps: what the panel showed (product, lender, monthly figure, total cost,
 * the choice as applied, every figure, validity).
 *
 * @example
 * const kept: KeptSummary = { kind: 'loan', partnerName: 'Nordvolt Finans', monthlyPayment: 1_019_900, … }
 */
export type KeptSummary = Pick<
  FinanceSummary,
  'kind' | 'partnerName' | 'monthlyPayment' | 'totalCost' | 'applied' | 'figures' | 'expirationDate' | 'assumption'
>

/**
 * A finance offer chosen for one car: its figures and what they were computed on. Money in minor units.
 *
 * @example
 * const chosen: ChosenFinance = chosenFinance(summary, { price: 5_799_000, tradeInCredit: 0, currency: 'EUR',
 *   quotedOn: '2026-12-01' })
 */
export interface ChosenFinance {
  kind: Exclude<FinanceKind, 'cash'>
  currency: CurrencyCode
  /** The on-the-road price, with VAT, that the figures were computed on. */
  price: number
  /** The trade-in estimate set against the amount financed (0 without one). */
  tradeInCredit: number
  quotedOn: IsoDate
  summary: KeptSummary
}

/**
 * The offer of a computed summary; null for cash, which has no offer.
 *
 * @example
 * chosenFinance(summary, { price: 5_799_000, tradeInCredit: 0, currency: 'EUR', quotedOn: '2026-12-01' })?.kind
 * // 'privateLease'
 */
export function chosenFinance(
  summary: FinanceSummary | KeptSummary,
  basis: { price: number; tradeInCredit: number; currency: CurrencyCode; quotedOn: IsoDate },
): ChosenFinance | null {
  if (summary.kind === 'cash') return null
  const { kind, partnerName, monthlyPayment, totalCost, applied, figures, expirationDate, assumption } = summary
  return {
    kind: summary.kind,
    currency: basis.currency,
    price: basis.price,
    tradeInCredit: basis.tradeInCredit,
    quotedOn: basis.quotedOn,
    summary: { kind, partnerName, monthlyPayment, totalCost, applied, figures, expirationDate, assumption },
  }
}

/**
 * Why a kept offer no longer holds: its validity passed, the car's price changed, or the trade-in set against it
 * changed (applied, removed or valued anew). Null while it holds.
 *
 * @example
 * whyNotValid(chosen, { price: 5_799_000, tradeInCredit: 0, currency: 'EUR', today: '2027-01-05' }) // 'expired'
 */
export function whyNotValid(
  chosen: ChosenFinance,
  now: { price: number; tradeInCredit: number; currency: CurrencyCode; today: IsoDate },
): 'expired' | 'priceChanged' | 'tradeInChanged' | null {
  const until = chosen.summary.expirationDate
  if (until === null || now.today > until) return 'expired'
  if (now.currency !== chosen.currency || now.price !== chosen.price) return 'priceChanged'
  if (now.tradeInCredit !== chosen.tradeInCredit) return 'tradeInChanged'
  return null
}

/**
 * One figure that differs between a kept offer and the new one: its message key and both values (money in minor
 * units, rates in basis points).
 *
 * @example
 * const change: FigureChange = { key: 'finance.field.monthlyPayment', kind: 'money', before: 75_387, after: 76_112 }
 */
export interface FigureChange {
  key: string
  kind: FinanceSummary['figures'][number]['kind']
  before: number | string
  after: number | string
}

/** Figures that always differ between two quotes of different days: not a change the customer needs to weigh. */
const DATED = new Set(['finance.field.expirationDate', 'finance.field.effectiveDate'])

/**
 * What changed between a kept offer and the one quoted anew: the monthly figure first, then every other figure
 * whose value differs, in the new offer's order. Dates of the offers are left out.
 *
 * @example
 * financeChanges(kept, fresh)[0] // { key: 'finance.field.pricePerMonthAfterVat', kind: 'money', before: 75_387, after: 76_112 }
 */
export function financeChanges(before: ChosenFinance, after: ChosenFinance): FigureChange[] {
  const old = new Map(before.summary.figures.map((figure) => [figure.key, figure]))
  return after.summary.figures.flatMap((figure): FigureChange[] => {
    if (DATED.has(figure.key)) return []
    const was = old.get(figure.key)
    if (was && was.value === figure.value) return []
    return [{ key: figure.key, kind: figure.kind, before: was ? was.value : '', after: figure.value }]
  })
}

/**
 * A short fingerprint of an offer's figures (FNV-1a, 32 bits, hex): the order form sends back the one it showed, so
 * an order is placed only with the figures the customer saw.
 *
 * @example
 * financeFingerprint(chosen) // '9f1c02ab'
 */
export function financeFingerprint(chosen: ChosenFinance | null): string {
  if (!chosen) return 'cash'
  const text = JSON.stringify([
    chosen.kind,
    chosen.currency,
    chosen.price,
    chosen.tradeInCredit,
    chosen.summary.figures,
  ])
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/**
 * The figure of an offer by its key, or null.
 *
 * @example
 * figureOf(chosen, 'finance.field.apr') // 689
 */
export function figureOf(chosen: ChosenFinance, key: string): number | string | null {
  return chosen.summary.figures.find((figure) => figure.key === key)?.value ?? null
}
