import { describe, expect, it } from 'vitest'
import { formatDeduction, formatMoney, money } from './money'

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

describe('formatDeduction', () => {
  const MINUS = '\u2212'
  const NBSP = '\u00a0'

  it('puts a real minus sign in front of the whole figure, never inside it', () => {
    // Intl writes "€ -19.700,00" in Dutch; a deduction reads "− € 19.700,00".
    expect(formatMoney(money(-1_970_000, 'EUR'), 'nl-NL')).toBe(`€${NBSP}-19.700,00`)
    expect(formatDeduction(money(1_970_000, 'EUR'), 'nl-NL')).toBe(`${MINUS}${NBSP}€${NBSP}19.700,00`)
    expect(formatDeduction(money(1_970_000, 'EUR'), 'nl-BE')).toBe(`${MINUS}${NBSP}€${NBSP}19.700,00`)
  })

  it('keeps each locale’s own order of currency and figure', () => {
    expect(formatDeduction(money(1_970_000, 'EUR'), 'de-DE')).toBe(`${MINUS}19.700,00${NBSP}€`)
    expect(formatDeduction(money(1_970_000, 'EUR'), 'en-US')).toBe(`${MINUS}€19,700.00`)
    expect(formatDeduction(money(19_700_000, 'NOK'), 'nb-NO')).toBe(`${MINUS}197${NBSP}000,00${NBSP}kr`)
    expect(formatDeduction(money(2_500_000, 'ISK'), 'is-IS')).toBe(`${MINUS}2.500.000${NBSP}kr.`)
    expect(formatDeduction(money(45_000_000, 'THB'), 'th-TH')).toBe(`${MINUS}฿450,000.00`)
  })

  it('takes the size of the deduction whatever its sign, and writes nothing off as plain zero', () => {
    expect(formatDeduction(money(-1_970_000, 'EUR'), 'de-DE')).toBe(`${MINUS}19.700,00${NBSP}€`)
    expect(formatDeduction(money(0, 'EUR'), 'de-DE')).toBe(`0,00${NBSP}€`)
  })
})
