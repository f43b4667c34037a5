// No zod here: the API and pages import it next to the price engine.
import type { IsoDate, Usage } from '../catalog/markets'
import { type RepresentativeExample, representativeExample } from '../legal/credit-example'
import { creditInScope } from '../legal/data'
import type { PriceQuote } from '../pricing/engine'
import { leaseQuoteForProduct } from './lease'
import { defaultDownPayment, loanQuoteForProduct } from './loan'
import {
  type CreditProduct,
  type FinanceKind,
  type FinanceProduct,
  isCreditProduct,
  isLeaseProduct,
  type LeaseProduct,
  type LeaseService,
} from './products'
import { type FinanceProblem, validateFinanceRequest } from './validate'

/** What a visitor chose in the finance panel; anything missing takes the product's default. */
export interface FinanceChoice {
  downPayment?: number
  termMonths?: number
  balloonAmount?: number
  mileageKmPerYear?: number
  services?: LeaseService[]
  birthday?: IsoDate
}

/** One figure of a finance summary: money in minor units, a rate in basis points, or a count. */
export type FinanceFigure =
  | { key: string; kind: 'money'; value: number }
  | { key: string; kind: 'rate'; value: number }
  | { key: string; kind: 'months'; value: number }
  | { key: string; kind: 'km'; value: number }
  | { key: string; kind: 'date'; value: IsoDate }

/** The same shape for every product, so a panel and an API show loans and leases alike. */
export interface FinanceSummary {
  kind: FinanceKind
  partnerName: string | null
  /** What is paid each month (after VAT for leases); null for cash. */
  monthlyPayment: number | null
  /** Everything paid over the contract, VAT included. */
  totalCost: number
  /** The choice as applied (defaults filled in), so a form can show it back. */
  applied: Required<Pick<FinanceChoice, 'downPayment' | 'termMonths'>> &
    Omit<FinanceChoice, 'downPayment' | 'termMonths'>
  /** Every legally expected figure, in display order. */
  figures: FinanceFigure[]
  expirationDate: IsoDate | null
  assumption: boolean
  /**
   * Whether the product, for this usage, is credit under the Consumer Credit Directive (data/legal/credit.json):
   * then the warning, the SECCI, the 14-day credit withdrawal and the right to human intervention apply.
   */
  consumerCredit: boolean
  /** The representative example every monthly figure is shown with (CCD Art. 8(2)); null for cash. */
  example: RepresentativeExample | null
}

export type FinanceOutcome = { ok: true; summary: FinanceSummary } | { ok: false; problems: FinanceProblem[] }

/** A car's finance basis with the usage, the start date and the visitor's choice. */
type SummaryRequest = FinanceBasis & { usage: Usage; startDate: IsoDate; choice: FinanceChoice }

const percentOf = (amount: number, bp: number) => Math.round((amount * bp) / 10_000)

/**
 * What finance needs of a priced car: the price to pay, the standard VAT rate, the car's net value from
 * the engine's own lines (fees without VAT count in full) and the share of a lease's rent that bears VAT.
 *
 * @example
 * financeSummary(product, { ...financeBasis(quote), usage: 'personal', startDate, choice: {} })
 */
export interface FinanceBasis {
  price: number
  vatRateBp: number
  netPrice?: number
  rentVatShare?: { taxable: number; of: number }
  /**
   * A trade-in estimate set against the car: the customer's own contribution besides the down payment, so it lowers
   * what is financed and the monthly figure (with VAT, minor units; 0 or absent without a trade-in).
   */
  tradeInCredit?: number
}

/**
 * The finance basis of an on-the-road price: its total, its net total and its lease VAT share.
 *
 * @example
 * financeBasis(onTheRoadPrice(input)).netPrice === onTheRoadPrice(input).totalExclVat // true
 */
export function financeBasis(quote: PriceQuote): Required<Omit<FinanceBasis, 'tradeInCredit'>> {
  return {
    price: quote.totalInclVat,
    vatRateBp: quote.leaseVat.rateBasisPoints,
    netPrice: quote.totalExclVat,
    rentVatShare: { taxable: quote.leaseVat.taxable, of: quote.leaseVat.of },
  }
}

/**
 * The finance of a car price with one product and a choice: validated against the product's limits
 * (field-level problems with the allowed range), then computed by the loan or lease maths.
 *
 * @example
 * financeSummary(loan, { price: 5_799_000, vatRateBp: 2100, usage: 'personal', startDate: '2026-11-21', choice: { termMonths: 48 } })
 */
export function financeSummary(product: FinanceProduct, input: SummaryRequest): FinanceOutcome {
  const { price, startDate, choice } = input
  const credit = Math.max(0, input.tradeInCredit ?? 0)
  if (!isCreditProduct(product) && !isLeaseProduct(product)) return cashSummary(product.kind, price)
  const termMonths = choice.termMonths ?? product.defaults.termMonths
  // Without a chosen down payment, a trade-in takes the place of the product's default one as far as it goes.
  const downPayment = choice.downPayment ?? Math.max(0, defaultDownPayment(price, product) - credit)
  const lease = isLeaseProduct(product)
  const mileageKmPerYear = lease ? (choice.mileageKmPerYear ?? product.defaults.mileageKmPerYear) : undefined
  const balloonAmount =
    !lease && (choice.balloonAmount !== undefined || product.defaults.balloonBp !== undefined)
      ? (choice.balloonAmount ?? percentOf(price, product.defaults.balloonBp ?? 0))
      : undefined
  // The trade-in is paid in like a down payment: the product's limits hold for both together.
  const problems = validateFinanceRequest(product, {
    usage: input.usage,
    date: startDate,
    price,
    downPayment: downPayment + credit,
    termMonths,
    ...(balloonAmount !== undefined ? { balloonAmount } : {}),
    ...(mileageKmPerYear !== undefined ? { mileageKmPerYear } : {}),
    ...(choice.services ? { services: choice.services } : {}),
    ...(choice.birthday ? { birthday: choice.birthday } : {}),
  })
  // A quote needs no birthday: the Dutch private lease asks for it on the personal form (SPEC §5).
  const blocking = problems.filter((problem) => problem.code !== 'birthdayRequired')
  if (blocking.length > 0) return { ok: false, problems: blocking.map((problem) => lessTradeIn(problem, credit)) }

  const applied = { ...choice, downPayment, termMonths, balloonAmount, mileageKmPerYear }
  return lease ? leaseSummary(product, input, applied, credit) : loanSummary(product, input, applied, credit)
}

/** The summary of paying in cash: the price, paid at once. */
function cashSummary(kind: FinanceKind, price: number): FinanceOutcome {
  return {
    ok: true,
    summary: {
      kind,
      partnerName: null,
      monthlyPayment: null,
      totalCost: price,
      applied: { downPayment: price, termMonths: 0 },
      figures: [{ key: 'finance.field.cashSellingPrice', kind: 'money', value: price }],
      expirationDate: null,
      assumption: false,
      consumerCredit: false,
      example: null,
    },
  }
}

/** The summary of a lease on the applied choice, the trade-in paid in with the down payment. */
function leaseSummary(
  product: LeaseProduct,
  input: SummaryRequest,
  applied: FinanceSummary['applied'],
  credit: number,
): FinanceOutcome {
  const { price, vatRateBp, startDate, choice } = input
  const { downPayment, termMonths, mileageKmPerYear } = applied
  const quote = leaseQuoteForProduct(product, {
    price,
    vatRateBp,
    ...(input.netPrice !== undefined ? { netPrice: input.netPrice } : {}),
    ...(input.rentVatShare ? { rentVatShare: input.rentVatShare } : {}),
    startDate,
    termMonths,
    downPayment: downPayment + credit,
    mileageKmPerYear,
    services: choice.services ?? [],
  })
  return withExample({
    kind: product.kind,
    partnerName: quote.partnerName,
    monthlyPayment: quote.pricePerMonthAfterVat,
    totalCost: quote.totalLeaseCostAfterVat + (quote.purchasePriceAfterVat ?? 0),
    applied,
    figures: [
      { key: 'finance.field.leaseBase', kind: 'money', value: quote.priceBeforeVat },
      ...(quote.rentVatShareBp !== 10_000
        ? [{ key: 'finance.field.rentVatShare', kind: 'rate' as const, value: quote.rentVatShareBp }]
        : []),
      { key: 'finance.field.pricePerMonthBeforeVat', kind: 'money', value: quote.pricePerMonthBeforeVat },
      { key: 'finance.field.pricePerMonthAfterVat', kind: 'money', value: quote.pricePerMonthAfterVat },
      ...ownContribution(downPayment, credit),
      { key: 'finance.field.period', kind: 'months', value: quote.period },
      { key: 'finance.field.mileage', kind: 'km', value: quote.mileageKmPerYear },
      { key: 'finance.field.mileageLimit', kind: 'km', value: quote.mileageLimit },
      ...quote.package.map((line) => ({
        key: `finance.service.${line.code}`,
        kind: 'money' as const,
        value: line.monthlyAfterVat,
      })),
      { key: 'finance.field.fee1', kind: 'money', value: quote.fee1AfterVat },
      { key: 'finance.field.totalLeaseCost', kind: 'money', value: quote.totalLeaseCostAfterVat },
      ...(quote.purchasePriceAfterVat !== null
        ? [{ key: 'finance.field.purchasePriceAtEnd', kind: 'money' as const, value: quote.purchasePriceAfterVat }]
        : []),
      { key: 'finance.field.nominalRate', kind: 'rate', value: quote.nominalRateBp },
      { key: 'finance.field.expirationDate', kind: 'date', value: quote.expirationDate },
    ],
    expirationDate: quote.expirationDate,
    assumption: product.assumption === true,
    consumerCredit: creditInScope(product.kind, input.usage),
  })
}

/** The summary of a loan on the applied choice, the trade-in paid in with the down payment. */
function loanSummary(
  product: CreditProduct,
  input: SummaryRequest,
  applied: FinanceSummary['applied'],
  credit: number,
): FinanceOutcome {
  const { price, vatRateBp, startDate } = input
  const { downPayment, termMonths, balloonAmount } = applied
  const quote = loanQuoteForProduct(product, {
    price,
    startDate,
    vatRateBp,
    ...(input.netPrice !== undefined ? { netPrice: input.netPrice } : {}),
    termMonths,
    downPayment: downPayment + credit,
    balloonAmount,
  })
  return withExample({
    kind: product.kind,
    partnerName: quote.partnerName,
    monthlyPayment: quote.monthlyPayment,
    totalCost: quote.totalPurchasePrice,
    applied,
    figures: [
      { key: 'finance.field.monthlyPayment', kind: 'money', value: quote.monthlyPayment },
      { key: 'finance.field.termMonths', kind: 'months', value: quote.termMonths },
      ...ownContribution(downPayment, credit),
      { key: 'finance.field.totalLoanAmount', kind: 'money', value: quote.totalLoanAmount },
      ...(quote.balloonPayment > 0
        ? [{ key: 'finance.field.balloonPayment', kind: 'money' as const, value: quote.balloonPayment }]
        : []),
      { key: 'finance.field.nominalRate', kind: 'rate', value: quote.nominalRateBp },
      { key: 'finance.field.apr', kind: 'rate', value: quote.aprBp },
      { key: 'finance.field.fee1', kind: 'money', value: quote.fee1 },
      { key: 'finance.field.fee3', kind: 'money', value: quote.fee3 },
      { key: 'finance.field.termFee', kind: 'money', value: quote.totalTermFees },
      { key: 'finance.field.creditCost', kind: 'money', value: quote.creditCost },
      { key: 'finance.field.totalToRepay', kind: 'money', value: quote.totalToRepay },
      { key: 'finance.field.cashSellingPrice', kind: 'money', value: quote.cashSellingPrice },
      { key: 'finance.field.expirationDate', kind: 'date', value: quote.expirationDate },
    ],
    expirationDate: quote.expirationDate,
    assumption: product.assumption === true,
    consumerCredit: creditInScope(product.kind, input.usage),
  })
}

/** A summary with the representative example of its own figures. */
function withExample(summary: Omit<FinanceSummary, 'example'>): FinanceOutcome {
  return { ok: true, summary: { ...summary, example: representativeExample({ ...summary, example: null }) } }
}

/** The down payment, and the trade-in credit beside it when there is one (both lower what is financed). */
function ownContribution(downPayment: number, credit: number): FinanceFigure[] {
  const down: FinanceFigure = { key: 'finance.field.downPayment', kind: 'money', value: downPayment }
  return credit > 0 ? [down, { key: 'finance.field.tradeInCredit', kind: 'money', value: credit }] : [down]
}

/** A down-payment problem's range as the customer types it: what the down payment may be beside the trade-in. */
function lessTradeIn(problem: FinanceProblem, credit: number): FinanceProblem {
  if (credit === 0 || problem.code !== 'downPaymentOutOfRange') return problem
  const less = (value: unknown) => (typeof value === 'number' ? Math.max(0, value - credit) : value)
  return {
    ...problem,
    params: { ...problem.params, min: less(problem.params.min) as number, max: less(problem.params.max) as number },
  }
}
