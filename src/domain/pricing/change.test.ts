import { describe, expect, it } from 'vitest'
import { priceChange } from './change'

describe('priceChange', () => {
  it('shows a rise, a fall and no change in minor units', () => {
    // 58 490.00 − 57 990.00 = 500.00
    expect(priceChange(5_799_000, 5_849_000)).toEqual({
      saved: 5_799_000,
      current: 5_849_000,
      difference: 50_000,
      direction: 'up',
    })
    expect(priceChange(5_849_000, 5_799_000).direction).toBe('down')
    expect(priceChange(100, 100)).toMatchObject({ difference: 0, direction: 'same' })
  })

  it('refuses fractions of a minor unit', () => {
    expect(() => priceChange(1.5, 2)).toThrow(RangeError)
  })
})
