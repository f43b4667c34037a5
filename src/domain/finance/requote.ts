/**
 * The finance offer a page shows for a car: the one kept with the build while it holds, else the same choice quoted
 * anew for today's price and trade-in, with what changed. No zod; the browser may import it.
 */
import type { IsoDate, Usage } from '../catalog/markets'
import type { CurrencyCode } from '../money'
import { type ChosenFinance, chosenFinance, type FigureChange, financeChanges, whyNotValid } from './chosen'
import type { FinanceKind, FinanceProduct } from './products'
import { type FinanceBasis, type FinanceChoice, financeSummary } from './summary'
import type { FinanceProblem } from './validate'

/**
 * A kept offer that no longer held and was quoted anew: why, the kept offer, and every figure that changed.
 *
 * @example
 * const r: Requoted = { reason: 'expired', previous: kept, changes: [{ key: 'finance.field.monthlyPayment', … }] }
 */
export interface Requoted {
  reason: 'expired' | 'priceChanged' | 'tradeInChanged'
  previous: ChosenFinance
  changes: FigureChange[]
}

/**
 * The offer for a car now: `chosen` (null for cash, or when the choice cannot be quoted: then `problems`), and
 * `requoted` when a kept offer of the same product no longer held.
 *
 * @example
 * const { chosen, requoted } = currentOffer({ products, kind: 'loan', choice: {}, kept, basis, … })
 */
export interface CurrentOffer {
  chosen: ChosenFinance | null
  requoted: Requoted | null
  problems: FinanceProblem[]
}

/** Whether a kept offer was made with this choice: every field the choice names has the value the offer applied. */
function madeWith(kept: ChosenFinance, choice: FinanceChoice): boolean {
  const applied = kept.summary.applied
  const same = <T>(asked: T | undefined, was: T | undefined) => asked === undefined || asked === was
  return (
    same(choice.downPayment, applied.downPayment) &&
    same(choice.termMonths, applied.termMonths) &&
    same(choice.mileageKmPerYear, applied.mileageKmPerYear) &&
    same(choice.balloonAmount, applied.balloonAmount) &&
    (choice.services ?? []).join() === (applied.services ?? []).join()
  )
}

/**
 * The offer to show and order with. A kept offer of the asked product, made with this choice, is used as it is
 * while it holds (same price and trade-in, validity not passed). Otherwise the choice is quoted for today; when a
 * kept offer of the product was replaced because it no longer held, `requoted` says why and what changed.
 *
 * @example
 * currentOffer({ products, kind: 'privateLease', choice: { termMonths: 48 }, kept: null, basis, usage: 'personal',
 *   currency: 'EUR', today: '2026-12-01' }).chosen?.summary.monthlyPayment // 75_387
 */
export function currentOffer(input: {
  products: readonly FinanceProduct[]
  kind: FinanceKind
  choice: FinanceChoice
  kept: ChosenFinance | null
  basis: FinanceBasis
  usage: Usage
  currency: CurrencyCode
  today: IsoDate
}): CurrentOffer {
  const { kind, kept, basis, currency, today } = input
  if (kind === 'cash') return { chosen: null, requoted: null, problems: [] }
  const tradeInCredit = basis.tradeInCredit ?? 0
  const now = { price: basis.price, tradeInCredit, currency, today }
  const same = kept !== null && kept.kind === kind && madeWith(kept, input.choice) ? kept : null
  const reason = same ? whyNotValid(same, now) : null
  if (same && reason === null) return { chosen: same, requoted: null, problems: [] }
  const product = input.products.find((p) => p.kind === kind)
  if (!product) return { chosen: null, requoted: null, problems: [] }
  const outcome = financeSummary(product, { ...basis, usage: input.usage, startDate: today, choice: input.choice })
  if (!outcome.ok) return { chosen: null, requoted: null, problems: outcome.problems }
  const chosen = chosenFinance(outcome.summary, { price: basis.price, tradeInCredit, currency, quotedOn: today })
  const requoted = same && reason && chosen ? { reason, previous: same, changes: financeChanges(same, chosen) } : null
  return { chosen, requoted, problems: [] }
}
