import { describe, expect, it } from 'vitest'
import { parseWholeAmount, wholeUnits } from './amount'

describe('amounts typed by staff', () => {
  it('take whole units with spaces between thousands, in minor units of the currency', () => {
    expect(parseWholeAmount('49 900', 'EUR')).toEqual({ amount: 4_990_000, currency: 'EUR' })
    expect(parseWholeAmount(' 368000 ', 'SEK')).toEqual({ amount: 36_800_000, currency: 'SEK' })
    expect(parseWholeAmount('4 500 000', 'ISK')).toEqual({ amount: 4_500_000, currency: 'ISK' })
  })

  it.each(['', '0', '012', '49.900', '49,900', '-5', '1e6', 'abc', '100000001'])('refuse %j', (text) => {
    expect(parseWholeAmount(text, 'EUR')).toBeNull()
  })

  it('show an amount as whole units for a form', () => {
    expect(wholeUnits({ amount: 36_800_000, currency: 'SEK' })).toBe('368000')
    expect(wholeUnits({ amount: 4_500_000, currency: 'ISK' })).toBe('4500000')
  })
})
