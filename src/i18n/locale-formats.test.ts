import { afterEach, describe, expect, it, vi } from 'vitest'
import { money } from '../domain/money'
import { formatDeduction, formatMoney, formatRate } from './formats'
import { type FormattingNotes, formatted, noteFormattingIn, provideIntl, replayFormatting } from './locale-formats'

/** A render's own notes, as the renderer hands them to formatting. */
let notes: FormattingNotes | undefined
noteFormattingIn(() => notes)
const record = () => {
  notes = {}
}
const take = () => {
  const taken = notes ?? {}
  notes = undefined
  return taken
}

describe('formatting handed from the server to the browser', () => {
  afterEach(() => {
    take()
  })

  it('notes what a render formats, keyed by kind, locale and value, and stops noting once taken', () => {
    record()
    expect(formatMoney(money(5799000, 'EUR'), 'de-DE')).toBe('57.990,00\u00a0€')
    expect(formatDeduction(money(1_970_000, 'EUR'), 'nl-NL')).toBe('\u2212\u00a0€\u00a019.700,00')
    expect(formatRate(0.0499, 'de-DE')).toBe('4,99\u00a0%')
    expect(take()).toEqual({
      'money|de-DE|EUR|5799000': '57.990,00\u00a0€',
      'deduction|nl-NL|EUR|1970000': '\u2212\u00a0€\u00a019.700,00',
      'rate|de-DE|0.0499': '4,99\u00a0%',
    })
    formatMoney(money(100, 'EUR'), 'de-DE')
    expect(take()).toEqual({})
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

  it('formats a key once and finds it again, noted for every render that shows it', () => {
    const format = vi.fn(() => '1 234 kr')
    record()
    expect(formatted('money|test-memo|NOK|123400', format)).toBe('1 234 kr')
    expect(take()).toEqual({ 'money|test-memo|NOK|123400': '1 234 kr' })
    // The next render shows the same price: found, not formatted, and still handed to its browser.
    record()
    expect(formatted('money|test-memo|NOK|123400', format)).toBe('1 234 kr')
    expect(take()).toEqual({ 'money|test-memo|NOK|123400': '1 234 kr' })
    expect(format).toHaveBeenCalledTimes(1)
  })

  it('keeps a bounded number of texts, the oldest going first', () => {
    const format = vi.fn((n: number) => `text ${n}`)
    for (let n = 0; n < 4001; n++) formatted(`quantity|test-bound|${n}`, () => format(n))
    expect(format).toHaveBeenCalledTimes(4001)
    // The newest is kept; the first, pushed out by the 4,001st, is formatted again.
    formatted('quantity|test-bound|4000', () => format(-1))
    formatted('quantity|test-bound|0', () => format(0))
    expect(format).toHaveBeenCalledTimes(4002)
    expect(format).toHaveBeenLastCalledWith(0)
  })

  it('formats again once a language’s Intl data arrives: a text from before it was the runtime’s fallback', () => {
    expect(formatted('money|test-data|ISK|100', () => 'ISK 1')).toBe('ISK 1')
    provideIntl('test', { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat })
    expect(formatted('money|test-data|ISK|100', () => '1 kr.')).toBe('1 kr.')
  })
})
