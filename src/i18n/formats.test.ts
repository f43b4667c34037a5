import { describe, expect, it } from 'vitest'
import { money } from '../domain/money'
import { formatDeduction, formatMoney, formatQuantity, formatRate } from './formats'

describe('formatMoney', () => {
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
