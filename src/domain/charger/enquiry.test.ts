import { describe, expect, it } from 'vitest'
import { validateChargerEnquiry } from './enquiry'

const form = {
  name: ' Anna  Berg ',
  email: 'anna@example.se',
  phone: '070-123 45 67',
  street: 'Storgatan 1',
  zip: '11152',
  city: 'Stockholm',
  houseType: 'detached',
  installationWindow: 'withinMonth',
  privacyAccepted: 'yes',
}

describe('validateChargerEnquiry', () => {
  it('normalises a valid enquiry: phone in E.164, the country’s postcode spelling', () => {
    expect(validateChargerEnquiry(form, 'SE')).toEqual({
      problems: [],
      values: {
        name: 'Anna Berg',
        email: 'anna@example.se',
        phone: '+46701234567',
        street: 'Storgatan 1',
        zip: '111 52',
        city: 'Stockholm',
        houseType: 'detached',
        installationWindow: 'withinMonth',
      },
    })
  })

  it('asks for every field, selects with "select", and for the privacy statement', () => {
    const { values, problems } = validateChargerEnquiry({}, 'NO')
    expect(values).toBeNull()
    expect(problems.map((p) => [p.field, p.messageKey])).toEqual([
      ['name', 'validation.required'],
      ['email', 'validation.required'],
      ['phone', 'validation.required'],
      ['street', 'validation.required'],
      ['zip', 'validation.required'],
      ['city', 'validation.required'],
      ['houseType', 'validation.select'],
      ['installationWindow', 'validation.select'],
      ['privacyAccepted', 'charger.problem.privacyRequired'],
    ])
  })

  it('refuses values outside the rules', () => {
    const { problems } = validateChargerEnquiry(
      {
        ...form,
        email: 'anna@',
        phone: '12',
        street: 'Storgatan',
        zip: '1234',
        houseType: 'castle',
        installationWindow: 'never',
      },
      'SE',
    )
    expect(problems.map((p) => [p.field, p.messageKey])).toEqual([
      ['email', 'validation.invalid'],
      ['phone', 'validation.invalid'],
      ['street', 'validation.invalid'],
      ['zip', 'validation.invalid'],
      ['houseType', 'validation.invalid'],
      ['installationWindow', 'validation.invalid'],
    ])
  })

  it('checks the postcode of the site’s country', () => {
    expect(validateChargerEnquiry({ ...form, zip: '1012ab', phone: '06 12345678' }, 'NL').values?.zip).toBe('1012 AB')
  })

  it('says a name’s limit when too long and what it may hold when it has an emoji', () => {
    const long = validateChargerEnquiry({ ...form, name: 'A'.repeat(81) }, 'SE').problems
    expect(long).toEqual([
      {
        field: 'name',
        code: 'tooLong',
        messageKey: 'validation.tooLong',
        labelKey: 'charger.field.name',
        params: { max: 80 },
      },
    ])
    const emoji = validateChargerEnquiry({ ...form, name: 'Anna 🔌' }, 'SE').problems
    expect(emoji.map((p) => [p.field, p.messageKey])).toEqual([['name', 'validation.nameCharacters']])
  })
})
