import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leaseQuote } from './lease'
import { loanQuote } from './loan'

const START = '2025-06-01'
const loanArb = fc.record({
  loan: fc.integer({ min: 500_000, max: 200_000_000 }),
  termMonths: fc.integer({ min: 6, max: 120 }),
  nominalRateBp: fc.integer({ min: 0, max: 2_000 }),
  fee1: fc.integer({ min: 0, max: 100_000 }),
  fee3: fc.integer({ min: 0, max: 2_000 }),
  balloonShare: fc.integer({ min: 0, max: 5_000 }),
})
const quote = (l: {
  loan: number
  termMonths: number
  nominalRateBp: number
  fee1: number
  fee3: number
  balloonShare?: number
}) =>
  loanQuote({
    price: l.loan,
    downPayment: 0,
    termMonths: l.termMonths,
    nominalRateBp: l.nominalRateBp,
    balloonAmount: Math.floor((l.loan * (l.balloonShare ?? 0)) / 10_000),
    fee1: l.fee1,
    fee3: l.fee3,
    startDate: START,
  })

describe('loan properties', () => {
  it('the payment rises with the rate', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 1_000 }), (l, extra) => {
        expect(quote({ ...l, nominalRateBp: l.nominalRateBp + extra }).monthlyInstalment).toBeGreaterThanOrEqual(
          quote(l).monthlyInstalment,
        )
      }),
    )
  })

  it('the payment falls as the term grows', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 60 }), (l, extra) => {
        expect(quote({ ...l, termMonths: l.termMonths + extra }).monthlyInstalment).toBeLessThanOrEqual(
          quote(l).monthlyInstalment,
        )
      }),
    )
  })

  it('the APR is at least the nominal rate when there are fees', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 100_000 }), (l, fee) => {
        const q = quote({ ...l, fee1: l.fee1 + fee })
        expect(q.aprBp).toBeGreaterThanOrEqual(q.nominalRateBp)
        expect(q.aprBp).toBeGreaterThanOrEqual(quote({ ...l, fee1: 0, fee3: 0 }).aprBp)
      }),
    )
  })

  it('a zero-rate loan pays principal / n, the remainder with the last payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 100_000_000 }), fc.integer({ min: 1, max: 120 }), (loan, n) => {
        const q = quote({ loan, termMonths: n, nominalRateBp: 0, fee1: 0, fee3: 0 })
        const regular = Math.floor(loan / n + 0.5)
        expect(q.monthlyInstalment).toBe(regular)
        expect(q.lastPayment).toBe(loan - (n - 1) * regular)
        expect(q.totalInterest).toBe(0)
        expect(q.aprBp).toBe(0)
      }),
    )
  })

  it('every amount is whole minor units and the totals add up exactly', () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const q = quote(l)
        for (const value of [q.monthlyPayment, q.lastPayment, q.totalInterest, q.creditCost, q.totalToRepay, q.aprBp]) {
          expect(Number.isSafeInteger(value)).toBe(true)
        }
        const paid = q.schedule.reduce((sum, row) => sum + row.payment, 0)
        expect(paid + q.balloonPayment).toBe(q.totalLoanAmount + q.totalInterest)
        expect(q.totalToRepay).toBe(paid + q.balloonPayment + q.fee1 + q.fee3 * q.termMonths)
        expect(q.schedule.every((row) => Number.isSafeInteger(row.interest) && row.balance >= 0)).toBe(true)
        // The last payment differs only by the rounding that piled up: at most half a unit (instalment) plus
        // half a unit (interest) a month, each growing with interest to the end: Σ (1 + r)^(n − k).
        const r = q.nominalRateBp / 120_000
        const bound = r === 0 ? q.termMonths : ((1 + r) ** q.termMonths - 1) / r
        expect(Math.abs(q.lastPayment - q.monthlyPayment)).toBeLessThanOrEqual(bound)
      }),
    )
  })
})

describe('lease properties', () => {
  const leaseArb = fc.record({
    price: fc.integer({ min: 1_000_000, max: 200_000_000 }),
    vatRateBp: fc.constantFrom(0, 700, 1_700, 1_900, 2_000, 2_100, 2_400, 2_500),
    downShare: fc.integer({ min: 0, max: 3_000 }),
    termMonths: fc.integer({ min: 12, max: 72 }),
    residualBp: fc.integer({ min: 500, max: 6_500 }),
    nominalRateBp: fc.integer({ min: 0, max: 1_500 }),
    fee1: fc.integer({ min: 0, max: 100_000 }),
    service: fc.integer({ min: 0, max: 100_000 }),
  })

  it('totals are whole minor units and VAT adds up every month', () => {
    fc.assert(
      fc.property(leaseArb, (l) => {
        const q = leaseQuote({
          kind: 'operationalLease',
          price: l.price,
          vatRateBp: l.vatRateBp,
          downPayment: Math.floor((l.price * l.downShare) / 10_000),
          termMonths: l.termMonths,
          mileageKmPerYear: 15_000,
          residualBp: l.residualBp,
          nominalRateBp: l.nominalRateBp,
          fee1: l.fee1,
          fee3: 0,
          services: [{ code: 'maintenance', monthlyMinor: l.service }],
          startDate: START,
        })
        expect(Number.isSafeInteger(q.totalLeaseCostAfterVat)).toBe(true)
        expect(q.pricePerMonthAfterVat).toBe(q.pricePerMonthBeforeVat + q.vatPerMonth)
        expect(q.totalLeaseCostAfterVat).toBe(q.downPayment + q.fee1AfterVat + q.termMonths * q.pricePerMonthAfterVat)
        expect(q.pricePerMonthAfterVat).toBeGreaterThanOrEqual(q.pricePerMonthBeforeVat)
      }),
    )
  })
})
