/**
 * Loan and hire-purchase quotes: an annuity with an optional balloon, exact to the minor unit.
 *
 * Rounding: the instalment A is rounded half up to the minor unit once; each month's interest is
 * balance × nominal rate / 12 rounded half up (exact integer arithmetic); the last instalment is what
 * is left (remaining balance + its interest − balloon), so it absorbs every rounding remainder and the
 * principal is repaid exactly: Σ instalments + balloon = loan amount + Σ interest, to the minor unit.
 */
import { addDays, type IsoDate } from '../catalog/markets'
import { roundHalfUp, vatIncludedIn } from '../pricing/rounding'
import { type Repayment, rateToBasisPoints, solveApr, effectiveRateBp as toEffectiveRateBp } from './apr'
import type { CreditKind, CreditProduct, LeaseProduct } from './products'

/**
 * Days an offer stays valid when the product does not say (SPEC §4: a customised option can expire).
 *
 * @example
 * addDays('2025-06-01', DEFAULT_OFFER_VALIDITY_DAYS) // '2025-07-01'
 */
export const DEFAULT_OFFER_VALIDITY_DAYS = 30

/**
 * The down payment a product suggests: its share of the price rounded up to a whole currency unit (100 minor
 * units: a whole euro, krone or baht, a hundred krónur), so a form opens on a round figure that still meets the
 * product's minimum share, and never above its maximum.
 *
 * @example
 * defaultDownPayment(51_947_500, noLoan) // 18_181_700 (35 % is 181 816.25 kr, rounded up to 181 817 kr)
 */
export function defaultDownPayment(
  price: number,
  product: Pick<CreditProduct | LeaseProduct, 'defaults' | 'limits'>,
  shareBp: number = product.defaults.downPaymentBp,
): number {
  const round = Math.ceil((price * shareBp) / 1_000_000) * 100
  return Math.min(round, Math.floor((price * product.limits.downPaymentBp.max) / 10_000))
}

/**
 * What a loan quote needs. Money is whole minor units; the price includes VAT.
 *
 * @example
 * const input: LoanInput = { price: 4_799_000, downPayment: 959_800, termMonths: 60, nominalRateBp: 699,
 *   fee1: 29_500, fee3: 500, startDate: '2025-06-01' }
 */
export interface LoanInput {
  /** Cash selling price of the car, VAT included. */
  price: number
  downPayment: number
  termMonths: number
  /** Nominal yearly interest in basis points; the monthly rate is this / 12. */
  nominalRateBp: number
  /** Final lump sum due with the last instalment; 0 or absent for a plain annuity. */
  balloonAmount?: number
  /** Establishment fee, paid upfront (not financed). */
  fee1: number
  /** Term fee added to every monthly payment. */
  fee3: number
  /** The day the quote is made; effectiveDate of the offer. */
  startDate: IsoDate
  kind?: CreditKind
  partnerName?: string
  /** VAT rate contained in the price, for priceBeforeVat; absent when the price is not split. */
  vatRateBp?: number
  /** The price's net total as the price engine computed it; wins over removing vatRateBp from the whole. */
  netPrice?: number
  offerValidityDays?: number
}

/**
 * One month of the repayment plan; `payment` excludes the term fee.
 *
 * @example
 * loanQuote(input).schedule[0] // { month: 1, payment: 86_066, interest: 5_000, principal: 81_066, balance: 918_934 }
 */
export interface ScheduleRow {
  month: number
  payment: number
  interest: number
  principal: number
  /** Still owed after this payment (the balloon after the last one). */
  balance: number
}

/**
 * Every SPEC §3 finance-detail field of a loan or hire purchase; money in minor units, rates in bp and decimals.
 *
 * @example
 * const { monthlyPayment, aprBp, totalToRepay }: LoanQuote = loanQuote(input)
 */
export interface LoanQuote {
  kind: CreditKind
  partnerName: string | null
  cashSellingPrice: number
  priceAfterVat: number
  priceBeforeVat: number | null
  downPayment: number
  /** Price − down payment: what the partner lends. */
  totalLoanAmount: number
  termMonths: number
  /** Months from the start to the last payment (= termMonths; payments are monthly in arrears). */
  totalPeriod: number
  nominalRateBp: number
  /** Regular instalment, without the term fee. */
  monthlyInstalment: number
  /** What is paid each month: instalment + fee3. */
  monthlyPayment: number
  /** The last month's payment (instalment that absorbed the rounding + fee3), balloon not included. */
  lastPayment: number
  balloonPayment: number
  /** Balloon as a share of the cash price, basis points half up. */
  balloonRatioBp: number
  fee1: number
  /** Term fee per month (SPEC "term fee"). */
  fee3: number
  totalTermFees: number
  totalInterest: number
  /** Total cost of credit (CCD art. 3(g)): interest + fee1 + all term fees. */
  creditCost: number
  /** Total amount payable by the consumer (CCD art. 3(h)): all payments + balloon + fees. */
  totalAmountForCredit: number
  /** Same amount as totalAmountForCredit, under the storefront's name. */
  totalToRepay: number
  /** Down payment + total to repay: what the car costs on credit, comparable with the cash price. */
  totalPurchasePrice: number
  /** (1 + nominal / 12)^12 − 1: the interest alone as a yearly effective rate. */
  effectiveRateBp: number
  effectiveRate: number
  /** APR per CCD Annex I from the actual cash flows (see apr.ts), 0.01 % precision. */
  aprBp: number
  apr: number
  effectiveDate: IsoDate
  expirationDate: IsoDate
  schedule: ScheduleRow[]
}

function requireWhole(value: number, name: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}`)
}

/**
 * The regular instalment, before rounding, of an annuity of `principal` over n months at monthly rate r
 * with a balloon B left at the end: (P − B / (1 + r)^n) · r / (1 − (1 + r)^−n), or (P − B) / n at 0 %.
 *
 * @example
 * annuityPayment(1_000_000, 0, 0.005, 12) // 86_066.4… (10 000.00 over a year at 6 % nominal)
 */
export function annuityPayment(principal: number, balloon: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return (principal - balloon) / months
  const discount = (1 + monthlyRate) ** -months
  return ((principal - balloon * discount) * monthlyRate) / (1 - discount)
}

/**
 * A balloon amount from a share of the cash price, half up to the minor unit.
 *
 * @example
 * balloonFromRatio(4_799_000, 3_000) // 1_439_700 (30 % of €47 990.00)
 */
export function balloonFromRatio(price: number, ratioBp: number): number {
  return roundHalfUp(price * ratioBp, 10_000)
}

/**
 * Quotes an annuity loan or hire purchase (hire purchase is the same maths; ownership passes with the
 * last payment). Throws a RangeError on inputs no product allows (validate requests first with
 * validateFinanceRequest for messages a buyer can read).
 *
 * @example
 * const q = loanQuote({ price: 1_200_000, downPayment: 200_000, termMonths: 12, nominalRateBp: 600,
 *   fee1: 0, fee3: 0, startDate: '2025-06-01' })
 * q.monthlyPayment // 86_066 (A = 1 000 000 · 0.005 / (1 − 1.005^−12) = 86 066.43 → half up)
 * q.lastPayment // 86_070 (absorbs the rounding: 11 × 86 066 + 86 070 = 1 000 000 + 32 796 interest)
 * q.aprBp // 617 ((1.005)^12 − 1 = 6.1678 %)
 */
export function loanQuote(input: LoanInput): LoanQuote {
  const { price, downPayment, termMonths: n, nominalRateBp, fee1, fee3, startDate } = input
  const balloon = input.balloonAmount ?? 0
  requireWhole(price, 'price', 1)
  requireWhole(downPayment, 'downPayment')
  requireWhole(n, 'termMonths', 1)
  requireWhole(nominalRateBp, 'nominalRateBp')
  requireWhole(balloon, 'balloonAmount')
  requireWhole(fee1, 'fee1')
  requireWhole(fee3, 'fee3')
  const loan = price - downPayment
  if (loan <= 0) throw new RangeError('the down payment leaves nothing to finance')
  if (balloon > loan) throw new RangeError('the balloon is larger than the loan')
  if (fee1 >= loan) throw new RangeError('the establishment fee is at least the loan amount')

  const monthlyRate = nominalRateBp / 120_000
  const instalment =
    nominalRateBp === 0
      ? roundHalfUp(loan - balloon, n)
      : Math.floor(annuityPayment(loan, balloon, monthlyRate, n) + 0.5)

  const schedule: ScheduleRow[] = []
  let balance = loan
  for (let month = 1; month <= n; month++) {
    // Interest on the balance owed during the month, half up to the minor unit, in exact integers.
    const interest = roundHalfUp(balance * nominalRateBp, 120_000)
    const payment = month < n ? instalment : balance + interest - balloon
    if (payment < 0) throw new RangeError('rounded instalments overpay the loan: the amount is too small for the term')
    const principal = payment - interest
    balance -= principal
    schedule.push({ month, payment, interest, principal, balance })
  }

  const last = schedule[schedule.length - 1]
  const lastInstalment = last?.payment ?? instalment
  const totalInterest = schedule.reduce((sum, row) => sum + row.interest, 0)
  const totalTermFees = fee3 * n
  const creditCost = totalInterest + fee1 + totalTermFees
  const totalAmountForCredit = loan + creditCost

  const repayments: Repayment[] = schedule.map((row) => ({
    years: row.month / 12,
    amount: row.payment + fee3 + (row.month === n ? balloon : 0),
  }))
  const aprBp = rateToBasisPoints(solveApr(loan - fee1, repayments))
  const effectiveRateBp = toEffectiveRateBp(nominalRateBp)
  const vatRateBp = input.vatRateBp

  return {
    kind: input.kind ?? 'loan',
    partnerName: input.partnerName ?? null,
    cashSellingPrice: price,
    priceAfterVat: price,
    priceBeforeVat: input.netPrice ?? (vatRateBp === undefined ? null : price - vatIncludedIn(price, vatRateBp)),
    downPayment,
    totalLoanAmount: loan,
    termMonths: n,
    totalPeriod: n,
    nominalRateBp,
    monthlyInstalment: instalment,
    monthlyPayment: instalment + fee3,
    lastPayment: lastInstalment + fee3,
    balloonPayment: balloon,
    balloonRatioBp: roundHalfUp(balloon * 10_000, price),
    fee1,
    fee3,
    totalTermFees,
    totalInterest,
    creditCost,
    totalAmountForCredit,
    totalToRepay: totalAmountForCredit,
    totalPurchasePrice: downPayment + totalAmountForCredit,
    effectiveRateBp,
    effectiveRate: effectiveRateBp / 10_000,
    aprBp,
    apr: aprBp / 10_000,
    effectiveDate: startDate,
    expirationDate: addDays(startDate, input.offerValidityDays ?? DEFAULT_OFFER_VALIDITY_DAYS),
    schedule,
  }
}

/**
 * What a buyer picks for a credit product; anything left out takes the product's default.
 *
 * @example
 * const choice: CreditChoice = { termMonths: 48, downPaymentBp: 2_000 }
 */
export interface CreditChoice {
  termMonths?: number
  /** Down payment in minor units; wins over downPaymentBp. */
  downPayment?: number
  downPaymentBp?: number
  balloonAmount?: number
  balloonBp?: number
}

/**
 * A loan quote with a product's rate, fees, partner and validity; choices default to the product's.
 *
 * @example
 * loanQuoteForProduct(noLoan, { price: 45_000_000, startDate: '2025-06-01', vatRateBp: 2500 }).monthlyPayment
 */
export function loanQuoteForProduct(
  product: CreditProduct,
  request: CreditChoice & { price: number; startDate: IsoDate; vatRateBp?: number; netPrice?: number },
): LoanQuote {
  const { price } = request
  const balloonBp = request.balloonBp ?? product.defaults.balloonBp
  const balloon = request.balloonAmount ?? (balloonBp === undefined ? 0 : balloonFromRatio(price, balloonBp))
  return loanQuote({
    kind: product.kind,
    partnerName: product.partnerName,
    price,
    downPayment: request.downPayment ?? defaultDownPayment(price, product, request.downPaymentBp),
    termMonths: request.termMonths ?? product.defaults.termMonths,
    nominalRateBp: product.nominalRateBp,
    balloonAmount: balloon,
    fee1: product.fees.fee1,
    fee3: product.fees.fee3,
    startDate: request.startDate,
    offerValidityDays: product.offerValidityDays,
    ...(request.vatRateBp === undefined ? {} : { vatRateBp: request.vatRateBp }),
    ...(request.netPrice === undefined ? {} : { netPrice: request.netPrice }),
  })
}
