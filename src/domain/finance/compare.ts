/**
 * Side-by-side cost of every finance product offered for one car. All totals are what the buyer pays
 * in the end, VAT included, in minor units:
 * - cash: the price;
 * - loan / hire purchase: down payment + total to repay (instalments, balloon, fees), i.e. the total
 *   purchase price on credit, which is comparable with the cash price;
 * - lease: down payment + establishment fee + every monthly price; a financial lease also adds the
 *   residual value paid to own the car. Other leases end without the car, so a lower total is not a
 *   cheaper way to own it: their entries carry the note key 'finance.compare.noOwnership'.
 */
import type { IsoDate } from '../catalog/markets'
import { type LeaseChoice, leaseQuoteForProduct } from './lease'
import { type CreditChoice, loanQuoteForProduct } from './loan'
import { FINANCE_KINDS, type FinanceKind, type FinanceProduct, isCreditProduct } from './products'
import type { FinanceBasis } from './summary'

/**
 * One row of the comparison.
 *
 * @example
 * compareFinance(input)[0] // { kind: 'cash', totalCost: 4_799_000, upfront: 4_799_000, monthlyPayment: null, … }
 */
export interface ComparisonEntry {
  kind: FinanceKind
  partnerName: string | null
  /** Everything paid over the contract, VAT included. */
  totalCost: number
  /** Paid at the start: the price for cash, the down payment (+ fee1) otherwise. */
  upfront: number
  monthlyPayment: number | null
  termMonths: number | null
  transfersOwnership: boolean
  /** Message key of a caveat to show with the row, or null. */
  noteKey: 'finance.compare.noOwnership' | 'finance.compare.ownershipAtEnd' | null
}

/**
 * The input of a comparison: the car's cash price with VAT, the VAT rate in it, the day, the products
 * (from productsFor) and an optional common choice applied where a product offers it.
 *
 * @example
 * const input: ComparisonInput = { price: 4_799_000, vatRateBp: 2_100, startDate: '2025-06-01', products }
 */
export interface ComparisonInput extends FinanceBasis {
  startDate: IsoDate
  products: readonly FinanceProduct[]
  choice?: { termMonths?: number; downPaymentBp?: number; mileageKmPerYear?: number }
}

function within(value: number | undefined, min: number, max: number): number | undefined {
  return value !== undefined && value >= min && value <= max ? value : undefined
}

function entryFor(product: FinanceProduct, input: ComparisonInput): ComparisonEntry {
  const { price, vatRateBp, startDate, choice = {} } = input
  if (product.kind === 'cash') {
    const cash = { kind: product.kind, partnerName: null, totalCost: price, upfront: price }
    return { ...cash, monthlyPayment: null, termMonths: null, transfersOwnership: true, noteKey: null }
  }
  const offersTerm = choice.termMonths !== undefined && product.limits.termsMonths.includes(choice.termMonths)
  const termMonths = offersTerm ? choice.termMonths : undefined
  const downPaymentBp = within(choice.downPaymentBp, product.limits.downPaymentBp.min, product.limits.downPaymentBp.max)
  if (isCreditProduct(product)) {
    const picked: CreditChoice = {}
    if (termMonths !== undefined) picked.termMonths = termMonths
    if (downPaymentBp !== undefined) picked.downPaymentBp = downPaymentBp
    const quote = loanQuoteForProduct(product, { ...picked, price, startDate, vatRateBp })
    return {
      kind: product.kind,
      partnerName: quote.partnerName,
      totalCost: quote.totalPurchasePrice,
      upfront: quote.downPayment + quote.fee1,
      monthlyPayment: quote.monthlyPayment,
      termMonths: quote.termMonths,
      transfersOwnership: true,
      noteKey: null,
    }
  }
  const picked: LeaseChoice = {}
  if (termMonths !== undefined) picked.termMonths = termMonths
  if (downPaymentBp !== undefined) picked.downPaymentBp = downPaymentBp
  const km = choice.mileageKmPerYear
  if (km !== undefined && product.limits.mileageKmPerYear.includes(km)) picked.mileageKmPerYear = km
  const { netPrice, rentVatShare } = input
  const quote = leaseQuoteForProduct(product, {
    ...picked,
    price,
    vatRateBp,
    startDate,
    ...(netPrice !== undefined ? { netPrice } : {}),
    ...(rentVatShare ? { rentVatShare } : {}),
  })
  return {
    kind: product.kind,
    partnerName: quote.partnerName,
    totalCost: quote.totalLeaseCostAfterVat + (quote.purchasePriceAfterVat ?? 0),
    upfront: quote.downPayment + quote.fee1AfterVat,
    monthlyPayment: quote.pricePerMonthAfterVat,
    termMonths: quote.termMonths,
    transfersOwnership: quote.transfersOwnership,
    noteKey: quote.transfersOwnership ? 'finance.compare.ownershipAtEnd' : 'finance.compare.noOwnership',
  }
}

/**
 * The total cost of each product for the same car, cheapest first (ties in FINANCE_KINDS order). The
 * choice is used only where a product offers it; otherwise the product's defaults apply.
 *
 * @example
 * compareFinance({ price: 4_799_000, vatRateBp: 2_100, startDate: '2025-06-01', products })
 *   .map((entry) => [entry.kind, entry.totalCost])
 */
export function compareFinance(input: ComparisonInput): ComparisonEntry[] {
  return input.products
    .map((product) => entryFor(product, input))
    .sort((a, b) => a.totalCost - b.totalCost || FINANCE_KINDS.indexOf(a.kind) - FINANCE_KINDS.indexOf(b.kind))
}
