import { describe, expect, it } from 'vitest'
import { money } from './money'

describe('money', () => {
  it('refuses fractions of a minor unit', () => {
    expect(() => money(10.5, 'EUR')).toThrow(RangeError)
    expect(money(119800, 'EUR')).toEqual({ amount: 119800, currency: 'EUR' })
  })
})
