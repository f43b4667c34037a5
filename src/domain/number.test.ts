import { describe, expect, it } from 'vitest'
import { formatQuantity, formatRate, roundDown } from './number'

describe('roundDown', () => {
  it('cuts towards negative infinity at the given decimal', () => {
    expect(roundDown(7.45678, 2)).toBe(7.45)
    expect(roundDown(2.999, 0)).toBe(2)
    expect(roundDown(-1.231, 1)).toBe(-1.3)
  })

  it('is exact where binary floating point is not', () => {
    // 1.005 is stored as 1.00499999…; 4.35 * 100 is 434.99999…
    expect(roundDown(1.005, 3)).toBe(1.005)
    expect(roundDown(4.35, 2)).toBe(4.35)
    expect(roundDown(0.1 + 0.2, 1)).toBe(0.3)
  })

  it('keeps whole numbers and refuses a negative decimal count', () => {
    expect(roundDown(42, 2)).toBe(42)
    expect(() => roundDown(1, -1)).toThrow(RangeError)
  })
})

describe('formatRate', () => {
  it('shows a rate as a percentage with two decimals', () => {
    expect(formatRate(0.0399, 'en-US')).toBe('3.99%')
    expect(formatRate(0.0699, 'en-US')).toBe('6.99%')
    expect(formatRate(0.05, 'en-US')).toBe('5.00%')
  })

  it('uses the locale’s decimal separator and spacing', () => {
    expect(formatRate(0.0399, 'de-DE')).toBe('3,99\u00a0%')
  })

  it('shows dashes when the rate is unknown', () => {
    expect(formatRate(null, 'en-US')).toBe('--')
    expect(formatRate(undefined, 'en-US')).toBe('--')
    expect(formatRate(Number.NaN, 'en-US')).toBe('--')
  })
})

describe('formatQuantity', () => {
  it('writes decimals with the locale’s mark, not as JavaScript does', () => {
    expect(formatQuantity(17.7, 'de-DE')).toBe('17,7')
    expect(formatQuantity(17.7, 'nl-NL')).toBe('17,7')
    expect(formatQuantity(17.7, 'en-US')).toBe('17.7')
    expect(formatQuantity(1234.56, 'fr-FR')).toBe('1\u202f234,56')
    expect(formatQuantity(0.125, 'sv-SE')).toBe('0,13')
  })

  it('groups thousands the way each language writes them', () => {
    expect(formatQuantity(15000, 'en-US')).toBe('15,000')
    expect(formatQuantity(15000, 'de-DE')).toBe('15.000')
    // Norwegian groups with a no-break space.
    expect(formatQuantity(15000, 'nb-NO')).toBe('15\u00a0000')
  })
})
