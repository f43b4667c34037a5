import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { percentOf, ratePercent, roundHalfUp, vatIncludedIn } from './rounding'

describe('roundHalfUp', () => {
  it.each([
    [5, 2, 3], // 2.5 → 3
    [7, 2, 4], // 3.5 → 4
    [4, 3, 1], // 1.33 → 1
    [5, 3, 2], // 1.67 → 2
    [-5, 2, -3], // halves go away from zero
    [5, -2, -3],
    [0, 7, 0],
    [10, 5, 2],
  ])('%i / %i → %i', (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected)
  })

  it('refuses fractions, unsafe integers and zero divisors', () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError)
    expect(() => roundHalfUp(2 ** 60, 2)).toThrow(RangeError)
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError)
  })

  it('is the nearest integer, ties away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (numerator, denominator) => {
        const q = roundHalfUp(numerator, denominator)
        const twiceError = 2 * Math.abs(numerator - q * denominator)
        expect(Number.isSafeInteger(q)).toBe(true)
        expect(twiceError).toBeLessThanOrEqual(denominator)
        if (twiceError === denominator) expect(Math.abs(q * denominator)).toBeGreaterThan(Math.abs(numerator))
      }),
    )
  })
})

describe('percentOf', () => {
  it('rounds VAT on a net amount half up to whole minor units', () => {
    expect(percentOf(7197000, 2500)).toBe(1799250) // 25 % of NOK 71 970.00
    expect(percentOf(1, 2500)).toBe(0) // 0.25 øre
    expect(percentOf(2, 2500)).toBe(1) // 0.5 øre → 1
    expect(percentOf(99008, 2100)).toBe(20792) // 21 % of 990.08 = 207.9168
  })
})

describe('vatIncludedIn', () => {
  it('takes VAT out of gross amounts as gross − round(gross / (1 + rate))', () => {
    expect(vatIncludedIn(119800, 2100)).toBe(20792) // 1 198.00 / 1.21 = 990.082… → net 990.08
    expect(vatIncludedIn(107011, 2100)).toBe(18572) // 1 070.11 / 1.21 = 884.388… → net 884.39
    expect(vatIncludedIn(159900000, 700)).toBe(10460748) // THB 1 599 000 / 1.07 = 1 494 392.523… → net 1 494 392.52
    expect(vatIncludedIn(6990000, 2400)).toBe(1352903) // ISK 6 990 000 / 1.24 = 5 637 096.77 → net 5 637 097
    expect(vatIncludedIn(12345, 0)).toBe(0)
  })

  it('never leaves the net and VAT apart by more than the rounding, and adding VAT back gives the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (gross, rate) => {
        const vat = vatIncludedIn(gross, rate)
        const net = gross - vat
        expect(Number.isSafeInteger(vat)).toBe(true)
        expect(vat).toBeGreaterThanOrEqual(0)
        // The net is the nearest whole minor unit to gross / (1 + rate): |net·(1 + rate) − gross| ≤ (1 + rate) / 2.
        expect(2 * Math.abs(net * (10_000 + rate) - gross * 10_000)).toBeLessThanOrEqual(10_000 + rate)
        // VAT on that net, added back, lands within one minor unit of the gross.
        expect(Math.abs(net + percentOf(net, rate) - gross)).toBeLessThanOrEqual(1)
      }),
    )
  })
})

describe('ratePercent', () => {
  it('turns basis points into the percentage messages show', () => {
    expect(ratePercent(2500)).toBe(25)
    expect(ratePercent(700)).toBe(7)
    expect(ratePercent(550)).toBe(5.5)
  })
})
