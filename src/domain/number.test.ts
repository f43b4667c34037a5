import { describe, expect, it } from 'vitest'
import { roundDown } from './number'

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
