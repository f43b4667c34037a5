import { describe, expect, it } from 'vitest'
import { effectiveRateBp, rateToBasisPoints, solveApr } from './apr'

const monthly = (amount: number, months: number) =>
  Array.from({ length: months }, (_, k) => ({ years: (k + 1) / 12, amount }))

describe('solveApr (CCD Annex I)', () => {
  it('finds the rate of a single repayment', () => {
    // 1 000 000 paid out, 1 100 000 back after a year: 1 100 000 / (1 + X) = 1 000 000 → X = 10 %
    expect(solveApr(1_000_000, [{ years: 1, amount: 1_100_000 }])).toBeCloseTo(0.1, 10)
    // after two years: (1 + X)^2 = 1.21 → 10 %
    expect(solveApr(1_000_000, [{ years: 2, amount: 1_210_000 }])).toBeCloseTo(0.1, 10)
  })

  it('is 0 when nothing is paid on top, negative when less comes back', () => {
    expect(solveApr(1_200, monthly(100, 12))).toBeCloseTo(0, 10)
    expect(solveApr(1_200, monthly(99, 12))).toBeLessThan(0)
  })

  it('equals the effective rate of a monthly annuity without fees', () => {
    // P = 1 000 000 at r = 0.5 % a month: exact A = 86 066.4297…; APR = 1.005^12 − 1 = 6.16778 %
    const a = (1_000_000 * 0.005) / (1 - 1.005 ** -12)
    expect(solveApr(1_000_000, monthly(a, 12))).toBeCloseTo(1.005 ** 12 - 1, 9)
  })

  it('rises when a fee is deducted from the payout', () => {
    // Same repayments, 2 % of the loan withheld at t0: the consumer gets 980 000 for the same plan.
    const a = (1_000_000 * 0.005) / (1 - 1.005 ** -12)
    const withFee = solveApr(980_000, monthly(a, 12))
    expect(withFee).toBeGreaterThan(0.0617)
    expect(rateToBasisPoints(withFee)).toBe(1_025) // 10.2524 % → 10.25 %, checked with a 50-digit bisection
  })

  it('refuses cash flows without a meaning', () => {
    expect(() => solveApr(0, monthly(100, 12))).toThrow(RangeError)
    expect(() => solveApr(1_000, [])).toThrow(RangeError)
    expect(() => solveApr(1_000, [{ years: 0, amount: 1_000 }])).toThrow(RangeError)
    expect(() => solveApr(1_000, [{ years: 1, amount: 0 }])).toThrow(RangeError)
  })
})

describe('rateToBasisPoints', () => {
  it('rounds to 0.01 %, halves up', () => {
    expect(rateToBasisPoints(0.071249)).toBe(712)
    expect(rateToBasisPoints(0.07125)).toBe(713)
    expect(rateToBasisPoints(0.0399)).toBe(399)
    expect(rateToBasisPoints(-0.00125)).toBe(-13)
    expect(() => rateToBasisPoints(Number.NaN)).toThrow(RangeError)
  })
})

describe('effectiveRateBp', () => {
  it('compounds the nominal rate monthly', () => {
    expect(effectiveRateBp(699)).toBe(722) // (1 + 0.0699/12)^12 − 1 = 7.2183 %
    expect(effectiveRateBp(399)).toBe(406) // 4.0638 %
    expect(effectiveRateBp(0)).toBe(0)
  })
})
