// No zod here: the browser can import this module. The schemas live in schema.ts.
import { type CountryCode, type IsoDate, isIsoDate, type Usage } from '../catalog/markets'
import type { CountryFinanceProducts, CreditProduct, FinanceProduct, LeaseProduct } from './schema'

export type { CashProduct, CountryFinanceProducts, CreditProduct, FinanceProduct, LeaseProduct } from './schema'

/**
 * Every finance kind the storefront knows, in the order SPEC §9 lists the finance preferences; lists of
 * products and comparisons fall back to this order.
 *
 * @example
 * FINANCE_KINDS[0] // 'cash'
 */
export const FINANCE_KINDS = [
  'cash',
  'loan',
  'operationalLease',
  'privateLease',
  'financialLease',
  'hirePurchase',
  'bankPrivateLease',
] as const
export type FinanceKind = (typeof FINANCE_KINDS)[number]

/**
 * The credit kinds: the buyer owns the car and repays an annuity (hire purchase: owns it at the end).
 *
 * @example
 * CREDIT_KINDS.includes('hirePurchase') // true
 */
export const CREDIT_KINDS = ['loan', 'hirePurchase'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

/**
 * The lease kinds: the car is used for a monthly price; only a financial lease ends with a purchase.
 *
 * @example
 * LEASE_KINDS.length // 4
 */
export const LEASE_KINDS = ['operationalLease', 'privateLease', 'financialLease', 'bankPrivateLease'] as const
export type LeaseKind = (typeof LEASE_KINDS)[number]

/**
 * The optional services a lease can add, each with its own monthly price.
 *
 * @example
 * LEASE_SERVICES.includes('tollTag') // true
 */
export const LEASE_SERVICES = ['insurance', 'winterTyres', 'maintenance', 'tollTag'] as const
export type LeaseService = (typeof LEASE_SERVICES)[number]

/**
 * The products a buyer may choose on a date (validFrom ≤ date ≤ validTo, both inclusive) for a usage, in
 * FINANCE_KINDS order. The global site and countries without data get none.
 *
 * @example
 * productsFor(allCountries, 'NL', 'personal', '2025-06-01').map((p) => p.kind)
 * // ['cash', 'loan', 'privateLease', 'bankPrivateLease']
 */
export function productsFor(
  data: readonly CountryFinanceProducts[],
  country: CountryCode,
  usage: Usage,
  date: IsoDate,
): FinanceProduct[] {
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`)
  const products = data.find((entry) => entry.country === country)?.products ?? []
  return products
    .filter((product) => product.usage.includes(usage) && product.validFrom <= date && date <= product.validTo)
    .sort((a, b) => FINANCE_KINDS.indexOf(a.kind) - FINANCE_KINDS.indexOf(b.kind))
}

/**
 * Narrows a product to a credit product (loan, hire purchase).
 *
 * @example
 * isCreditProduct(product) && product.nominalRateBp
 */
export function isCreditProduct(product: FinanceProduct): product is CreditProduct {
  return (CREDIT_KINDS as readonly string[]).includes(product.kind)
}

/**
 * Narrows a product to a lease product.
 *
 * @example
 * isLeaseProduct(product) && product.residualValues
 */
export function isLeaseProduct(product: FinanceProduct): product is LeaseProduct {
  return (LEASE_KINDS as readonly string[]).includes(product.kind)
}
