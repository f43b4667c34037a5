import { describe, expect, it } from 'vitest'
import { FINANCE_PARAMS, financeQuery, parseFinanceChoice, readAmount, withKeptFinance } from './params'

const query = (text: string) => new URLSearchParams(text)

describe('finance parameters in the address', () => {
  it('reads amounts typed in whole units (a decimal comma too) as minor units, and whole terms and mileage', () => {
    expect(parseFinanceChoice(query('down=50000,5&term=48&km=15000&balloon=100000'), 'NOK')).toEqual({
      downPayment: 5_000_050,
      termMonths: 48,
      mileageKmPerYear: 15_000,
      balloonAmount: 10_000_000,
    })
    // Icelandic krónur have no minor unit.
    expect(parseFinanceChoice(query('down=990000'), 'ISK')).toEqual({ downPayment: 990_000 })
  })

  it('reads an amount as each locale writes it, with or without grouping', () => {
    const cases: [string, number | undefined][] = [
      ['181817', 181_817],
      ['181 817', 181_817], // nb-NO, sv-SE, fr-FR: a (no-break) space groups
      ['181\u00a0817', 181_817],
      ['4.699,05', 4_699.05], // de-DE, nl-NL, da-DK, is-IS
      ['4699,05', 4_699.05],
      ['4,699.05', 4_699.05], // en, th-TH
      ['4699.05', 4_699.05],
      ['1.234', 1_234], // three digits after one mark: grouping, money has two decimals
      ['1,234,567', 1_234_567],
      ["1'234", 1_234],
      ['12,5', 12.5],
      ['12 kr', undefined],
      ['-5000', -5000], // read, so the product's range says why it is refused
      ['\u22125\u00a0000', -5000], // as nb-NO and sv-SE write it back: the minus sign U+2212
      ['1,2,3.4.5', undefined],
      ['', undefined],
    ]
    expect(cases.map(([text]) => [text, readAmount(text)])).toEqual(cases)
  })

  it('leaves out what is missing, empty or unreadable, so the product’s defaults apply', () => {
    expect(parseFinanceChoice(query('down=&term=4.5&km=lots&balloon=%20'), 'EUR')).toEqual({})
    expect(parseFinanceChoice(query(''), 'EUR')).toEqual({})
  })

  it('writes a selection back as the address carries it, and reads it to the same choice', () => {
    const selection = {
      selected: 'privateLease' as const,
      choice: { termMonths: 36, mileageKmPerYear: 10_000, downPayment: 1_234_500 },
    }
    const written = financeQuery(selection, 'SEK')
    expect(written).toEqual({ finance: 'privateLease', down: '12345', term: '36', km: '10000' })
    expect(parseFinanceChoice(query(new URLSearchParams(written).toString()), 'SEK')).toEqual(selection.choice)
  })

  it('fills the address with the finance kept with a saved build, unless the address names a product', () => {
    const kept = { kind: 'loan' as const, termMonths: 60, downPayment: 5_000_000 }
    expect(withKeptFinance(query('usage=business'), kept, 'NOK').toString()).toBe(
      'usage=business&finance=loan&term=60&down=50000.00',
    )
    const asked = query(`${FINANCE_PARAMS.kind}=cash`)
    expect(withKeptFinance(asked, kept, 'NOK')).toBe(asked)
    expect(withKeptFinance(query('a=1'), null, 'NOK').toString()).toBe('a=1')
  })
})
