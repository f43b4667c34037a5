/**
 * The credit-application action of the personal form (SPEC §3: "finance id with a credit-application action").
 * Only the Dutch site has a finance partner whose application statuses we follow (SPEC §4); there the form offers
 * to start an application with the order. An application finances the car, so it needs a financed preference:
 * asking for credit while paying cash is an input error, not something to ignore.
 */
import type { FinanceKind } from '../finance/products'

/**
 * Countries whose personal form offers to start a finance application.
 *
 * @example
 * CREDIT_APPLICATION_COUNTRIES.includes('NL') // true
 */
export const CREDIT_APPLICATION_COUNTRIES: readonly string[] = ['NL']

/**
 * What to do with the form's credit-application checkbox: start an application, or nothing, or report the problem
 * (on the checkbox) when credit is asked for a cash purchase. Outside the countries that offer it, the box is not
 * shown and anything posted for it is ignored.
 *
 * @example
 * creditApplication('NL', 'loan', true) // { start: true, problemKey: null }
 * creditApplication('NL', 'cash', true) // { start: false, problemKey: 'order.financeApplication.needsFinance' }
 */
export function creditApplication(
  country: string,
  financeKind: FinanceKind,
  requested: boolean,
): { start: boolean; problemKey: 'order.financeApplication.needsFinance' | null } {
  if (!requested || !CREDIT_APPLICATION_COUNTRIES.includes(country)) return { start: false, problemKey: null }
  if (financeKind === 'cash') return { start: false, problemKey: 'order.financeApplication.needsFinance' }
  return { start: true, problemKey: null }
}
