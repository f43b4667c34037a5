import type { PriceBasis } from '../pricing/display'
import type { FinanceSummary } from './summary'

/**
 * The monthly figure to show on a page of a given price basis: a lease's monthly price before VAT on a net page
 * (a business buyer's), otherwise what is paid each month. `exclVat` says whether the figure is the net one, so the
 * page can say so; a loan's instalment carries no VAT and is shown as it is.
 *
 * @example
 * monthlyOnBasis(nlOperationalLease, 'exclVat') // { amount: 60_899, exclVat: true }
 * monthlyOnBasis(nlOperationalLease, 'inclVat') // { amount: 73_688, exclVat: false }
 */
export function monthlyOnBasis(
  summary: Pick<FinanceSummary, 'monthlyPayment' | 'figures'>,
  basis: PriceBasis,
): { amount: number; exclVat: boolean } | null {
  if (basis === 'exclVat') {
    const net = summary.figures.find((figure) => figure.key === 'finance.field.pricePerMonthBeforeVat')
    if (net?.kind === 'money') return { amount: net.value, exclVat: true }
  }
  return summary.monthlyPayment === null ? null : { amount: summary.monthlyPayment, exclVat: false }
}
