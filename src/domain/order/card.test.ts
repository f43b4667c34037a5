import { describe, expect, it } from 'vitest'
import { checkCardForm } from './card'

const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardName: 'Anne de Vries' }

/** A card problem as the form shows it: the SPEC §5 message with the field's label. */
const problem = (field: string, code: 'required' | 'invalid') => ({
  field,
  code,
  messageKey: `validation.${code}`,
  labelKey: `order.pay.field.${field}`,
})

describe('checkCardForm', () => {
  it('accepts a complete card and answers its digits', () => {
    expect(checkCardForm(good, '2026-11-24')).toEqual({ number: '4242424242424242', problems: [] })
  })

  it('says which field is missing, each on its own', () => {
    expect(checkCardForm({}, '2026-11-24').problems).toEqual([
      problem('cardNumber', 'required'),
      problem('expiry', 'required'),
      problem('cvc', 'required'),
      problem('cardName', 'required'),
    ])
  })

  it('refuses a mistyped number (Luhn), letters and a wrong length as invalid, not as declined', () => {
    for (const cardNumber of ['4242 4242 4242 4241', '4242 abcd', '4242'])
      expect(checkCardForm({ ...good, cardNumber }, '2026-11-24').problems).toEqual([problem('cardNumber', 'invalid')])
  })

  it('takes an expiry up to the current month and refuses a past or impossible one', () => {
    expect(checkCardForm({ ...good, expiry: '11/26' }, '2026-11-24').problems).toEqual([])
    expect(checkCardForm({ ...good, expiry: '11/2026' }, '2026-11-24').problems).toEqual([])
    for (const expiry of ['10/26', '13/30', '1230', '00/30'])
      expect(checkCardForm({ ...good, expiry }, '2026-11-24').problems, expiry).toEqual([problem('expiry', 'invalid')])
  })

  it('wants a security code of 3 or 4 digits', () => {
    expect(checkCardForm({ ...good, cvc: '1234' }, '2026-11-24').problems).toEqual([])
    expect(checkCardForm({ ...good, cvc: '12' }, '2026-11-24').problems).toEqual([problem('cvc', 'invalid')])
  })
})
