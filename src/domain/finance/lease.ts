/**
 * Lease quotes for the four lease kinds (operational, private, financial, bank private lease).
 *
 * Monthly price model, on amounts net of VAT (n = term in months, rate = nominal yearly rate):
 *
 *   netPrice = the car's net value: the price engine's own net total (lines less the VAT they carry,
 *              so registration tax and plates count in full), or price − VAT contained in it when a
 *              price is all standard-VAT (the default)
 *   C        = netPrice − net down payment                 (capitalised amount)
 *   RV       = netPrice × residual %(term, mileage band)   (half up, percentOf)
 *   base     = (C − RV) / n + (C + RV) × rate / 24         (one half-up rounding of the exact fraction)
 *
 * i.e. straight-line depreciation to the residual value plus a month's interest on the average capital
 * (C + RV) / 2: the "depreciation plus interest" (money-factor) model lessors quote with. The price per
 * month before VAT adds the chosen services and the term fee (fee3); VAT is then charged on that
 * monthly total, half up per month, so price after VAT = before + VAT, each month exactly.
 *
 * VAT on the rent (base + fee3) follows the car: where a sale of the car is partly VAT-free, so is the
 * rent (NO mval. § 6-8 (2): VAT on rent × (cost − threshold) / cost), given as `rentVatShare`; services
 * and the establishment fee are supplies of their own and carry the full rate.
 * Leases do not transfer ownership, except a financial lease, which ends with buying the car for RV.
 */
import { addDays, type IsoDate } from '../catalog/markets'
import type { LeaseVatShare } from '../pricing/engine'
import { divideHalfUp, percentOf, roundHalfUp, vatIncludedIn } from '../pricing/rounding'
import { DEFAULT_OFFER_VALIDITY_DAYS, defaultDownPayment } from './loan'
import type { LeaseKind, LeaseProduct, LeaseService } from './products'

/**
 * What a lease quote needs. The price and the down payment include VAT; fees and services are net.
 *
 * @example
 * const input: LeaseInput = { kind: 'privateLease', price: 4_799_000, vatRateBp: 2_100, downPayment: 0,
 *   termMonths: 48, mileageKmPerYear: 10_000, residualBp: 4_500, nominalRateBp: 699, fee1: 0, fee3: 0,
 *   services: [], startDate: '2025-06-01' }
 */
export interface LeaseInput {
  kind: LeaseKind
  price: number
  /** The standard VAT rate, charged on fees and services, and on the rent's taxable share. */
  vatRateBp: number
  /** The car's net value, the lease base; when absent, the price less the VAT a standard-rate price holds. */
  netPrice?: number
  /** The share of the rent that bears VAT (taxable / of); all of it when absent. */
  rentVatShare?: Pick<LeaseVatShare, 'taxable' | 'of'>
  downPayment: number
  termMonths: number
  mileageKmPerYear: number
  /** Residual value as a share of the net price for this term and mileage. */
  residualBp: number
  nominalRateBp: number
  /** Establishment fee, net of VAT, paid once. */
  fee1: number
  /** Monthly administration fee, net of VAT, part of the price per month. */
  fee3: number
  /** The chosen optional services with their net monthly prices. */
  services: readonly { code: LeaseService; monthlyMinor: number }[]
  startDate: IsoDate
  /** True for a financial lease: the lessee buys the car for the residual value at the end. */
  purchaseAtEnd?: boolean
  partnerName?: string
  offerValidityDays?: number
}

/**
 * A chosen service with its monthly price; after VAT rounded half up per service, for display.
 *
 * @example
 * leaseQuote(input).package[0] // { code: 'insurance', monthlyBeforeVat: 6_500, monthlyAfterVat: 7_865 }
 */
export interface LeaseServiceLine {
  code: LeaseService
  monthlyBeforeVat: number
  monthlyAfterVat: number
}

/**
 * SPEC §3 lease fields plus the finance-detail fields that apply to a lease. Money in minor units.
 *
 * @example
 * const { pricePerMonthAfterVat, totalLeaseCostAfterVat }: LeaseQuote = leaseQuote(input)
 */
export interface LeaseQuote {
  kind: LeaseKind
  partnerName: string | null
  cashSellingPrice: number
  priceAfterVat: number
  priceBeforeVat: number
  vatRateBp: number
  /** Share of the rent that bears VAT, in basis points (10 000 = all of it), for display. */
  rentVatShareBp: number
  downPayment: number
  downPaymentBeforeVat: number
  /** Months of the contract (SPEC "period"). */
  period: number
  termMonths: number
  mileageKmPerYear: number
  /** Kilometres allowed over the whole contract: km a year × months / 12, half up. */
  mileageLimit: number
  nominalRateBp: number
  residualBp: number
  /** Residual value, net of VAT. */
  residualValue: number
  /** Depreciation plus interest per month, net of VAT. */
  baseMonthly: number
  /** SPEC "package": the optional services taken. */
  package: LeaseServiceLine[]
  fee1: number
  /** Establishment fee with VAT (half up). */
  fee1AfterVat: number
  fee3: number
  pricePerMonthBeforeVat: number
  vatPerMonth: number
  pricePerMonthAfterVat: number
  /** Down payment + fee1 + every monthly price, net of VAT. */
  totalLeaseCostBeforeVat: number
  /** Down payment + fee1 with VAT + every monthly price with VAT. */
  totalLeaseCostAfterVat: number
  transfersOwnership: boolean
  /** Financial lease only: the residual value paid to own the car at the end, net and with VAT. */
  purchasePriceBeforeVat: number | null
  purchasePriceAfterVat: number | null
  effectiveDate: IsoDate
  expirationDate: IsoDate
}

function requireWhole(value: number, name: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}`)
}

/**
 * VAT at `rateBp` on `taxable / of` of `share` plus all of `full`, rounded half up once:
 * (share × taxable + full × of) × rate / (10 000 × of).
 */
function vatOnShare(share: number, rateBp: number, taxable: number, of: number, full = 0): number {
  const numerator = (BigInt(share) * BigInt(taxable) + BigInt(full) * BigInt(of)) * BigInt(rateBp)
  return Number(divideHalfUp(numerator, 10_000n * BigInt(of)))
}

/** The VAT contained in a gross amount that carries VAT on `taxable / of` of its net, the net rounded half up. */
function vatInShare(gross: number, rateBp: number, taxable: number, of: number): number {
  // net = gross / (1 + rate × share) = gross × 10 000 × of / (10 000 × of + rate × taxable)
  const net = divideHalfUp(
    BigInt(gross) * 10_000n * BigInt(of),
    10_000n * BigInt(of) + BigInt(rateBp) * BigInt(taxable),
  )
  return gross - Number(net)
}

/**
 * Quotes a lease with the depreciation-plus-interest model described at the top of this file. Throws a
 * RangeError on inputs no product allows (a down payment that pushes the capital below the residual).
 *
 * @example
 * const q = leaseQuote({ kind: 'privateLease', price: 4_840_000, vatRateBp: 2_100, downPayment: 0,
 *   termMonths: 48, mileageKmPerYear: 10_000, residualBp: 5_000, nominalRateBp: 699, fee1: 0, fee3: 0,
 *   services: [], startDate: '2025-06-01' })
 * q.baseMonthly // 59_142 (net 40 000.00, RV 20 000.00: 20 000 / 48 + 60 000 × 0.0699 / 24 = 416.67 + 174.75)
 * q.pricePerMonthAfterVat // 71_562 (591.42 + 21 % VAT 124.20)
 */
export function leaseQuote(input: LeaseInput): LeaseQuote {
  const { price, vatRateBp, downPayment, termMonths: n, nominalRateBp, residualBp, fee1, fee3 } = input
  const { taxable, of } = input.rentVatShare ?? { taxable: 1, of: 1 }
  requireWhole(price, 'price', 1)
  requireWhole(taxable, 'rentVatShare.taxable')
  requireWhole(of, 'rentVatShare.of', 1)
  if (taxable > of) throw new RangeError('the taxable share is at most the whole')
  if (input.netPrice !== undefined) requireWhole(input.netPrice, 'netPrice', 1)
  requireWhole(vatRateBp, 'vatRateBp')
  requireWhole(downPayment, 'downPayment')
  requireWhole(n, 'termMonths', 1)
  requireWhole(input.mileageKmPerYear, 'mileageKmPerYear', 1)
  requireWhole(residualBp, 'residualBp')
  requireWhole(nominalRateBp, 'nominalRateBp')
  requireWhole(fee1, 'fee1')
  requireWhole(fee3, 'fee3')
  for (const service of input.services) requireWhole(service.monthlyMinor, `service ${service.code}`)
  if (residualBp > 10_000) throw new RangeError('the residual value is at most the price')

  const priceBeforeVat = input.netPrice ?? price - vatIncludedIn(price, vatRateBp)
  if (priceBeforeVat > price) throw new RangeError('the net value is at most the price')
  const downPaymentBeforeVat = downPayment - vatInShare(downPayment, vatRateBp, taxable, of)
  const capital = priceBeforeVat - downPaymentBeforeVat
  const residualValue = percentOf(priceBeforeVat, residualBp)
  if (capital < residualValue) throw new RangeError('the down payment leaves less to lease than the residual value')

  // (C − RV)/n + (C + RV)·bp/(10 000·24) = [(C − RV)·240 000 + (C + RV)·bp·n] / (240 000·n), rounded once.
  const baseMonthly = roundHalfUp(
    (capital - residualValue) * 240_000 + (capital + residualValue) * nominalRateBp * n,
    240_000 * n,
  )
  const servicesLines = input.services.map((service) => ({
    code: service.code,
    monthlyBeforeVat: service.monthlyMinor,
    monthlyAfterVat: service.monthlyMinor + percentOf(service.monthlyMinor, vatRateBp),
  }))
  const servicesBeforeVat = servicesLines.reduce((sum, s) => sum + s.monthlyBeforeVat, 0)
  const pricePerMonthBeforeVat = baseMonthly + fee3 + servicesBeforeVat
  // One rounding for the month: rent at its taxable share plus services in full, over a common denominator.
  const vatPerMonth = vatOnShare(baseMonthly + fee3, vatRateBp, taxable, of, servicesBeforeVat)
  const pricePerMonthAfterVat = pricePerMonthBeforeVat + vatPerMonth
  const purchaseAtEnd = input.purchaseAtEnd ?? input.kind === 'financialLease'
  const fee1AfterVat = fee1 + percentOf(fee1, vatRateBp)

  return {
    kind: input.kind,
    partnerName: input.partnerName ?? null,
    cashSellingPrice: price,
    priceAfterVat: price,
    priceBeforeVat,
    vatRateBp,
    rentVatShareBp: roundHalfUp(taxable * 10_000, of),
    downPayment,
    downPaymentBeforeVat,
    period: n,
    termMonths: n,
    mileageKmPerYear: input.mileageKmPerYear,
    mileageLimit: roundHalfUp(input.mileageKmPerYear * n, 12),
    nominalRateBp,
    residualBp,
    residualValue,
    baseMonthly,
    package: servicesLines,
    fee1,
    fee1AfterVat,
    fee3,
    pricePerMonthBeforeVat,
    vatPerMonth,
    pricePerMonthAfterVat,
    totalLeaseCostBeforeVat: downPaymentBeforeVat + fee1 + n * pricePerMonthBeforeVat,
    totalLeaseCostAfterVat: downPayment + fee1AfterVat + n * pricePerMonthAfterVat,
    transfersOwnership: purchaseAtEnd,
    purchasePriceBeforeVat: purchaseAtEnd ? residualValue : null,
    purchasePriceAfterVat: purchaseAtEnd ? residualValue + vatOnShare(residualValue, vatRateBp, taxable, of) : null,
    effectiveDate: input.startDate,
    expirationDate: addDays(input.startDate, input.offerValidityDays ?? DEFAULT_OFFER_VALIDITY_DAYS),
  }
}

/**
 * What a buyer picks for a lease; anything left out takes the product's default.
 *
 * @example
 * const choice: LeaseChoice = { termMonths: 36, mileageKmPerYear: 15_000, services: ['insurance'] }
 */
export interface LeaseChoice {
  termMonths?: number
  mileageKmPerYear?: number
  /** Down payment in minor units, VAT included; wins over downPaymentBp. */
  downPayment?: number
  downPaymentBp?: number
  services?: readonly LeaseService[]
}

/**
 * A lease quote from a product: its rate, fees, residual table, service prices and partner. Throws a
 * RangeError when the term and mileage have no residual value or a service is not offered.
 *
 * @example
 * leaseQuoteForProduct(nlPrivateLease, { price: 4_799_000, vatRateBp: 2_100, startDate: '2025-06-01' })
 *   .pricePerMonthAfterVat
 */
export function leaseQuoteForProduct(
  product: LeaseProduct,
  request: LeaseChoice & {
    price: number
    vatRateBp: number
    netPrice?: number
    rentVatShare?: Pick<LeaseVatShare, 'taxable' | 'of'>
    startDate: IsoDate
  },
): LeaseQuote {
  const termMonths = request.termMonths ?? product.defaults.termMonths
  const mileageKmPerYear = request.mileageKmPerYear ?? product.defaults.mileageKmPerYear
  const residual = product.residualValues.find(
    (row) => row.termMonths === termMonths && row.mileageKmPerYear === mileageKmPerYear,
  )
  if (residual === undefined)
    throw new RangeError(`no residual value for ${termMonths} months at ${mileageKmPerYear} km`)
  const services = (request.services ?? []).map((code) => {
    const offered = product.services.find((service) => service.code === code)
    if (offered === undefined) throw new RangeError(`service ${code} is not offered`)
    return offered
  })
  return leaseQuote({
    kind: product.kind,
    partnerName: product.partnerName,
    price: request.price,
    vatRateBp: request.vatRateBp,
    ...(request.netPrice !== undefined ? { netPrice: request.netPrice } : {}),
    ...(request.rentVatShare ? { rentVatShare: request.rentVatShare } : {}),
    downPayment: request.downPayment ?? defaultDownPayment(request.price, product, request.downPaymentBp),
    termMonths,
    mileageKmPerYear,
    residualBp: residual.residualBp,
    nominalRateBp: product.nominalRateBp,
    fee1: product.fees.fee1,
    fee3: product.fees.fee3,
    services,
    startDate: request.startDate,
    purchaseAtEnd: product.purchaseAtEnd,
    offerValidityDays: product.offerValidityDays,
  })
}
