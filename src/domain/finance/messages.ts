/**
 * Message keys of the finance feature, so screens and the catalogs (locales/*.json) agree on one list.
 */

import { OFFER_EXPIRED_KEYS } from './offer'
import { FINANCE_KINDS, type FinanceKind, LEASE_SERVICES, type LeaseService } from './products'
import { DUTCH_FINANCE_STATUSES } from './status'
import type { FinanceProblemCode } from './validate'
import { FINANCE_PROBLEM_CODES } from './validate'

/**
 * The finance-detail and lease fields a screen labels (SPEC §3), each with its message key.
 *
 * @example
 * FINANCE_FIELD_KEYS.apr // 'finance.field.apr'
 */
export const FINANCE_FIELD_KEYS = {
  totalLoanAmount: 'finance.field.totalLoanAmount',
  termFee: 'finance.field.termFee',
  effectiveRate: 'finance.field.effectiveRate',
  apr: 'finance.field.apr',
  nominalRate: 'finance.field.nominalRate',
  downPayment: 'finance.field.downPayment',
  creditCost: 'finance.field.creditCost',
  totalAmountForCredit: 'finance.field.totalAmountForCredit',
  effectiveDate: 'finance.field.effectiveDate',
  expirationDate: 'finance.field.expirationDate',
  partnerName: 'finance.field.partnerName',
  balloonPayment: 'finance.field.balloonPayment',
  balloonRatio: 'finance.field.balloonRatio',
  totalPeriod: 'finance.field.totalPeriod',
  mileageLimit: 'finance.field.mileageLimit',
  priceBeforeVat: 'finance.field.priceBeforeVat',
  priceAfterVat: 'finance.field.priceAfterVat',
  leaseBase: 'finance.field.leaseBase',
  rentVatShare: 'finance.field.rentVatShare',
  fee1: 'finance.field.fee1',
  fee3: 'finance.field.fee3',
  monthlyPayment: 'finance.field.monthlyPayment',
  lastPayment: 'finance.field.lastPayment',
  termMonths: 'finance.field.termMonths',
  cashSellingPrice: 'finance.field.cashSellingPrice',
  totalToRepay: 'finance.field.totalToRepay',
  totalPurchasePrice: 'finance.field.totalPurchasePrice',
  package: 'finance.field.package',
  mileage: 'finance.field.mileage',
  period: 'finance.field.period',
  optionalServices: 'finance.field.optionalServices',
  pricePerMonth: 'finance.field.pricePerMonth',
  pricePerMonthBeforeVat: 'finance.field.pricePerMonthBeforeVat',
  pricePerMonthAfterVat: 'finance.field.pricePerMonthAfterVat',
  residualValue: 'finance.field.residualValue',
  totalLeaseCost: 'finance.field.totalLeaseCost',
  purchasePriceAtEnd: 'finance.field.purchasePriceAtEnd',
  birthday: 'finance.field.birthday',
  tradeInCredit: 'finance.field.tradeInCredit',
} as const

/**
 * The message key of a product kind's name.
 *
 * @example
 * financeKindKey('privateLease') // 'finance.product.privateLease'
 */
export function financeKindKey(kind: FinanceKind): `finance.product.${FinanceKind}` {
  return `finance.product.${kind}`
}

/**
 * The message key of a lease service's name.
 *
 * @example
 * leaseServiceKey('tollTag') // 'finance.service.tollTag'
 */
export function leaseServiceKey(service: LeaseService): `finance.service.${LeaseService}` {
  return `finance.service.${service}`
}

/**
 * Unit texts with a placeholder, for values screens show with a unit.
 *
 * @example
 * FINANCE_UNIT_KEYS.months // 'finance.unit.months' → '{count, plural, one {# month} other {# months}}'
 */
export const FINANCE_UNIT_KEYS = {
  months: 'finance.unit.months',
  kmPerYear: 'finance.unit.kmPerYear',
  perMonth: 'finance.unit.perMonth',
} as const

/**
 * Every message key the finance domain refers to, sorted; the catalogs must hold each one.
 *
 * @example
 * FINANCE_MESSAGE_KEYS.includes('finance.status.contractSigned') // true
 */
export const FINANCE_MESSAGE_KEYS: readonly string[] = [
  ...FINANCE_KINDS.map(financeKindKey),
  ...LEASE_SERVICES.map(leaseServiceKey),
  ...Object.values(FINANCE_FIELD_KEYS),
  ...Object.values(DUTCH_FINANCE_STATUSES).map((status) => status.messageKey),
  ...FINANCE_PROBLEM_CODES.map((code: FinanceProblemCode) => `finance.problem.${code}`),
  ...Object.values(OFFER_EXPIRED_KEYS),
  ...Object.values(FINANCE_UNIT_KEYS),
  'finance.compare.noOwnership',
  'finance.compare.ownershipAtEnd',
  'finance.notice.assumption',
].sort()
