/**
 * The blind-order incentive (page label `blind_order_incentive`, SPEC §2): what a customer gets for pre-ordering a
 * car they have not yet seen or driven. SPEC §9 gives one advertised offer, "business lease interest 3.99% against
 * 6.99%"; our reading (SPEC does not say who it is for) is that it rewards the blind order: a pre-order keeps the
 * right to lease the car for business at the campaign rate instead of the ordinary one. The rates come from the
 * marketing facts of the price data (data/pricing/marketing.json); the pre-order records the incentive's code.
 */

/**
 * The code a pre-order stores in `incentives` (SPEC §3).
 *
 * @example
 * BLIND_ORDER_INCENTIVE_CODE // 'blindOrderBusinessLeaseRate'
 */
export const BLIND_ORDER_INCENTIVE_CODE = 'blindOrderBusinessLeaseRate'

/**
 * The finance kinds a business lease incentive is for: the leases a company takes (an operational lease, or a
 * financial lease that ends with buying the car).
 *
 * @example
 * BUSINESS_LEASE_KINDS.includes('privateLease') // false
 */
export const BUSINESS_LEASE_KINDS = ['operationalLease', 'financialLease'] as const

/**
 * Whether the blind-order incentive applies to an order: a pre-order for business use, leased as a company leases
 * (an operational or financial lease). A private buyer, a loan or cash gets no business lease rate, and is not told
 * of one. Before a product is chosen (`financeKind` null), a business pre-order is offered it.
 *
 * @example
 * incentiveApplies('preOrder', 'business', 'operationalLease') // true
 * incentiveApplies('preOrder', 'personal', 'loan') // false
 */
export function incentiveApplies(
  kind: 'preOrder' | 'order' | 'reservation',
  usage: 'personal' | 'business',
  financeKind: string | null,
): boolean {
  if (kind !== 'preOrder' || usage !== 'business') return false
  return financeKind === null || (BUSINESS_LEASE_KINDS as readonly string[]).includes(financeKind)
}

/**
 * The incentive as the pre-order page shows it: both rates as fractions (for `formatRate`) and the reduction in
 * basis points and in percentage points (300 bp = 3 points: the difference of two rates is not a percentage of
 * either).
 *
 * @example
 * const i: BlindOrderIncentive = { code: 'blindOrderBusinessLeaseRate', offerRate: 0.0399, referenceRate: 0.0699,
 *   reductionBasisPoints: 300, reductionPoints: 3 }
 */
export interface BlindOrderIncentive {
  code: typeof BLIND_ORDER_INCENTIVE_CODE
  offerRate: number
  referenceRate: number
  reductionBasisPoints: number
  /** The difference in percentage points: 3 for 3.99 % against 6.99 %. */
  reductionPoints: number
}

/** Basis points as a fraction, exact to the basis point (399 → 0.0399, not 0.039900000000000005). */
const fraction = (basisPoints: number) => Number((basisPoints / 10_000).toFixed(4))

/**
 * The blind-order incentive from the advertised business lease rates. Throws when a rate is not a whole number of
 * basis points between 0 and 10 000, or when the offer is not below the rate it is compared with.
 *
 * @example
 * blindOrderIncentive({ offerRateBasisPoints: 399, referenceRateBasisPoints: 699 })
 * // { code: 'blindOrderBusinessLeaseRate', offerRate: 0.0399, referenceRate: 0.0699, reductionBasisPoints: 300,
 * //   reductionPoints: 3 }
 */
export function blindOrderIncentive(rates: {
  offerRateBasisPoints: number
  referenceRateBasisPoints: number
}): BlindOrderIncentive {
  const { offerRateBasisPoints: offer, referenceRateBasisPoints: reference } = rates
  for (const value of [offer, reference])
    if (!Number.isInteger(value) || value < 0 || value > 10_000)
      throw new RangeError(`a rate is a whole number of basis points from 0 to 10000, not ${value}`)
  if (offer >= reference) throw new RangeError('the incentive rate must be below the ordinary rate')
  return {
    code: BLIND_ORDER_INCENTIVE_CODE,
    offerRate: fraction(offer),
    referenceRate: fraction(reference),
    reductionBasisPoints: reference - offer,
    reductionPoints: (reference - offer) / 100,
  }
}
