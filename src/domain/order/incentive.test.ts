import { describe, expect, it } from 'vitest'
import marketing from '../../../data/pricing/marketing.json'
import { formatRate } from '../../i18n/formats'
import { BLIND_ORDER_INCENTIVE_CODE, blindOrderIncentive, incentiveApplies } from './incentive'

describe('blindOrderIncentive', () => {
  it('offers the advertised business lease rate of SPEC §9: 3.99 % instead of 6.99 %, 3 points less', () => {
    const incentive = blindOrderIncentive(marketing.businessLeaseInterest)
    expect(incentive).toEqual({
      code: BLIND_ORDER_INCENTIVE_CODE,
      offerRate: 0.0399,
      referenceRate: 0.0699,
      reductionBasisPoints: 300,
      reductionPoints: 3,
    })
    expect(formatRate(incentive.offerRate, 'en-US')).toBe('3.99%')
    expect(formatRate(incentive.referenceRate, 'en-US')).toBe('6.99%')
  })

  it('applies only to a business pre-order leased as a company leases', () => {
    expect(incentiveApplies('preOrder', 'business', 'operationalLease')).toBe(true)
    expect(incentiveApplies('preOrder', 'business', 'financialLease')).toBe(true)
    expect(incentiveApplies('preOrder', 'business', null)).toBe(true)
    // The finding of the issue: a private loan buyer was shown, and had recorded, the business lease rate.
    expect(incentiveApplies('preOrder', 'personal', 'loan')).toBe(false)
    expect(incentiveApplies('preOrder', 'personal', 'privateLease')).toBe(false)
    expect(incentiveApplies('preOrder', 'business', 'loan')).toBe(false)
    expect(incentiveApplies('order', 'business', 'operationalLease')).toBe(false)
  })

  it('keeps basis points exact where binary fractions are not', () => {
    // 0.07 - 0.0001 in floating point is 0.06990000000000002; the incentive is computed in whole basis points.
    expect(blindOrderIncentive({ offerRateBasisPoints: 1, referenceRateBasisPoints: 700 })).toMatchObject({
      offerRate: 0.0001,
      referenceRate: 0.07,
      reductionBasisPoints: 699,
      reductionPoints: 6.99,
    })
  })

  it('refuses an offer that is not below the ordinary rate, and rates that are not basis points', () => {
    expect(() => blindOrderIncentive({ offerRateBasisPoints: 699, referenceRateBasisPoints: 699 })).toThrow(RangeError)
    expect(() => blindOrderIncentive({ offerRateBasisPoints: 3.99, referenceRateBasisPoints: 699 })).toThrow(RangeError)
    expect(() => blindOrderIncentive({ offerRateBasisPoints: -1, referenceRateBasisPoints: 699 })).toThrow(RangeError)
    expect(() => blindOrderIncentive({ offerRateBasisPoints: 399, referenceRateBasisPoints: 10_001 })).toThrow(
      RangeError,
    )
  })
})
