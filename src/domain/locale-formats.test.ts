import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatted, recordFormatting, replayFormatting, takeFormatting } from './locale-formats'
import { formatDeduction, formatMoney, money } from './money'
import { formatRate } from './number'

describe('formatting handed from the server to the browser', () => {
  afterEach(() => {
    takeFormatting()
  })

  it('notes what a render formats, keyed by kind, locale and value, and stops noting once taken', () => {
    recordFormatting()
    expect(formatMoney(money(5799000, 'EUR'), 'de-DE')).toBe('57.990,00\u00a0€')
    expect(formatDeduction(money(1_970_000, 'EUR'), 'nl-NL')).toBe('\u2212\u00a0€\u00a019.700,00')
    expect(formatRate(0.0499, 'de-DE')).toBe('4,99\u00a0%')
    expect(takeFormatting()).toEqual({
      'money|de-DE|EUR|5799000': '57.990,00\u00a0€',
      'deduction|nl-NL|EUR|1970000': '\u2212\u00a0€\u00a019.700,00',
      'rate|de-DE|0.0499': '4,99\u00a0%',
    })
    formatMoney(money(100, 'EUR'), 'de-DE')
    expect(takeFormatting()).toEqual({})
  })

  it('gives the handed-over text without formatting again, and formats what was not handed over', () => {
    // A text no Intl would write: proof that the browser shows the server's, not its own.
    replayFormatting({ 'money|sv-SE|SEK|12300': 'the server’s 123 kronor' })
    const format = vi.fn(() => 'formatted here')
    expect(formatted('money|sv-SE|SEK|12300', format)).toBe('the server’s 123 kronor')
    expect(format).not.toHaveBeenCalled()
    expect(formatMoney(money(12300, 'SEK'), 'sv-SE')).toBe('the server’s 123 kronor')
    expect(formatMoney(money(12400, 'SEK'), 'sv-SE')).toBe('124,00\u00a0kr')
    expect(formatted('money|sv-SE|SEK|1', format)).toBe('formatted here')
  })
})
