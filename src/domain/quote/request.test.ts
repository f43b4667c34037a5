import { describe, expect, it } from 'vitest'
import { validateQuoteRequest } from './request'

const good = { name: ' Anne  de Vries ', email: 'anne@example.com', phone: '06 12345678', privacyAccepted: 'yes' }

describe('validateQuoteRequest', () => {
  it('accepts a contact and stores the phone in E.164', () => {
    expect(validateQuoteRequest(good, 'NL')).toEqual({
      problems: [],
      values: { name: 'Anne de Vries', email: 'anne@example.com', phone: '+31612345678' },
    })
  })

  it('reports each field once, in screen order, with the SPEC §5 messages and the privacy statement’s own', () => {
    expect(validateQuoteRequest({}, 'NL')).toEqual({
      values: null,
      problems: [
        { field: 'name', code: 'required', messageKey: 'validation.required', labelKey: 'field.name' },
        { field: 'email', code: 'required', messageKey: 'validation.required', labelKey: 'field.email' },
        { field: 'phone', code: 'required', messageKey: 'validation.required', labelKey: 'field.phone' },
        { field: 'privacyAccepted', code: 'privacyRequired', messageKey: 'quote.problem.privacyRequired' },
      ],
    })
  })

  it('refuses a name over 80 characters, a malformed e-mail and a phone of another country', () => {
    const { problems } = validateQuoteRequest(
      { ...good, name: 'A'.repeat(81), email: 'anne@', phone: '412 34 567' },
      'NL',
    )
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ['name', 'tooLong'],
      ['email', 'invalid'],
      ['phone', 'invalid'],
    ])
    expect(problems[0]).toMatchObject({ messageKey: 'validation.tooLong', labelKey: 'field.name', params: { max: 80 } })
  })
})
