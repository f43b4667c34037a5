import { describe, expect, it } from 'vitest'
import { formatMoney, money } from './money'

describe('money', () => {
  it('refuses fractions of a minor unit', () => {
    expect(() => money(10.5, 'EUR')).toThrow(RangeError)
    expect(money(119800, 'EUR')).toEqual({ amount: 119800, currency: 'EUR' })
  })

  it('formats each site currency with its own minor digits', () => {
    expect(formatMoney(money(5799000, 'EUR'), 'en-US')).toBe('€57,990.00')
    expect(formatMoney(money(119800, 'EUR'), 'nl-NL')).toBe('€\u00a01.198,00')
    expect(formatMoney(money(42000, 'DKK'), 'da-DK')).toBe('420,00\u00a0kr.')
    // ISK has no minor unit: 5 990 000 krónur are 5 990 000 minor units.
    expect(formatMoney(money(5990000, 'ISK'), 'is-IS')).toBe('5.990.000\u00a0kr.')
    expect(formatMoney(money(159900000, 'THB'), 'th-TH')).toBe('฿1,599,000.00')
  })
})
