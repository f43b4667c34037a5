import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CountryCode } from '../catalog/markets'
import {
  isAtLeastYearsOld,
  MIN_LEASE_AGE,
  needsBirthday,
  normalizeCompanyNumber,
  normalizeZip,
  type OrderCountry,
  PERSONAL_FIELDS,
  type PersonalContext,
  type PersonalInput,
  personalLabelKey,
  personalVisibleLabelKey,
  validatePersonal,
} from './personal'

const ORDER_DATE = '2026-03-01'

interface CountryCase {
  zip: [input: string, stored: string][]
  badZip: string[]
  phone: [input: string, e164: string]
  company: [input: string, stored: string][]
  badCompany: string[]
}

const COUNTRIES: Record<OrderCountry, CountryCase> = {
  NO: {
    zip: [['0150', '0150']],
    badZip: ['01500', '015', 'O150'],
    phone: ['412 34 567', '+4741234567'],
    company: [
      ['923 609 016', '923609016'],
      ['NO 923609016 MVA', '923609016'],
    ],
    badCompany: ['123456789', '92360901'],
  },
  SE: {
    zip: [
      ['11152', '111 52'],
      ['111 52', '111 52'],
    ],
    badZip: ['1115', '111-52', '111  5'],
    phone: ['070-123 45 67', '+46701234567'],
    company: [
      ['556036-0793', '556036-0793'],
      ['5560360793', '556036-0793'],
      ['SE556036079301', '556036-0793'],
    ],
    badCompany: ['55603607', 'SE5560360793'],
  },
  DK: {
    zip: [['1050', '1050']],
    badZip: ['105', '10500'],
    phone: ['20 12 34 56', '+4520123456'],
    company: [
      ['12345678', '12345678'],
      ['DK 12 34 56 78', '12345678'],
    ],
    badCompany: ['1234567', '123456789'],
  },
  NL: {
    zip: [
      ['1012ab', '1012 AB'],
      ['1012 AB', '1012 AB'],
    ],
    badZip: ['1012', '1012 A1', '101 AB', 'AB 1012'],
    phone: ['06 12345678', '+31612345678'],
    company: [
      ['12345678', '12345678'],
      ['NL123456789B01', 'NL123456789B01'],
    ],
    badCompany: ['1234567', 'NL123456789'],
  },
  DE: {
    zip: [['10115', '10115']],
    badZip: ['1011', '101155'],
    phone: ['0151 23456789', '+4915123456789'],
    company: [
      ['DE 123 456 789', 'DE123456789'],
      ['HRB 12345 B', 'HRB12345B'],
      ['HRA 987', 'HRA987'],
    ],
    badCompany: ['123456789', 'HRC 12345'],
  },
  FR: {
    zip: [['75001', '75001']],
    badZip: ['7500', '7500A'],
    phone: ['06 12 34 56 78', '+33612345678'],
    company: [
      ['732 829 320', '732829320'],
      ['732 829 320 00074', '73282932000074'],
      ['FR 44 732829320', 'FR44732829320'],
    ],
    badCompany: ['73282932', '7328293200007'],
  },
  BE: {
    zip: [['1000', '1000']],
    badZip: ['100', '10000'],
    phone: ['0470 12 34 56', '+32470123456'],
    company: [
      ['BE 0123.456.749', '0123456749'],
      ['1123456789', '1123456789'],
    ],
    badCompany: ['2123456749', '012345674'],
  },
  TH: {
    zip: [['10110', '10110']],
    badZip: ['1011', '101100'],
    phone: ['081 234 5678', '+66812345678'],
    company: [['0-1055-12345-67-8', '0105512345678']],
    badCompany: ['010551234567'],
  },
  IS: {
    zip: [['101', '101']],
    badZip: ['10', '1010'],
    phone: ['611 2345', '+3546112345'],
    company: [['530269-7609', '5302697609']],
    badCompany: ['53026976'],
  },
  LU: {
    zip: [
      ['L-1009', '1009'],
      ['l-1009', '1009'],
      ['1009', '1009'],
    ],
    badZip: ['L-109', 'L1009', '10090'],
    phone: ['621 123 456', '+352621123456'],
    company: [
      ['B 123456', 'B123456'],
      ['LU 12345678', 'LU12345678'],
    ],
    badCompany: ['C123456', 'LU1234567'],
  },
  AT: {
    zip: [['1010', '1010']],
    badZip: ['101', '10100'],
    phone: ['0664 1234567', '+436641234567'],
    company: [
      ['FN 123456 a', 'FN123456A'],
      ['ATU12345678', 'ATU12345678'],
    ],
    badCompany: ['FN 123456', 'ATU1234567'],
  },
}
const ALL = Object.keys(COUNTRIES) as OrderCountry[]

function formFor(country: OrderCountry, extra: PersonalInput = {}): PersonalInput {
  const c = COUNTRIES[country]
  return {
    firstName: 'Anne-Marie',
    lastName: 'Dupont',
    country,
    zip: c.zip[0]?.[0] ?? '',
    city: 'Capital',
    street: 'Main Street 1',
    email: 'anne@example.com',
    phone: c.phone[0],
    usage: 'personal',
    ...extra,
  }
}
const ctx = (site: CountryCode, extra: Partial<PersonalContext> = {}): PersonalContext => ({
  site,
  orderDate: ORDER_DATE,
  ...extra,
})
const problemsOf = (input: PersonalInput, context: PersonalContext) =>
  validatePersonal(input, context).problems.map((p) => `${p.field}:${p.code}`)

describe('validatePersonal per country', () => {
  describe.each(ALL)('%s', (country) => {
    const c = COUNTRIES[country]

    it('accepts a valid private form and normalises it', () => {
      const result = validatePersonal(formFor(country), ctx(country))
      expect(result.problems).toEqual([])
      expect(result.values).toEqual({
        firstName: 'Anne-Marie',
        lastName: 'Dupont',
        country,
        zip: c.zip[0]?.[1],
        city: 'Capital',
        street: 'Main Street 1',
        apartment: null,
        email: 'anne@example.com',
        phone: c.phone[1],
        usage: 'personal',
        companyName: null,
        companyNumber: null,
        companyAddress: null,
        birthday: null,
        financeId: null,
      })
    })

    it.each(c.zip)('accepts zip %j as %j', (zip, stored) => {
      expect(validatePersonal(formFor(country, { zip }), ctx(country)).values?.zip).toBe(stored)
    })

    it.each(c.badZip)('refuses zip %j', (zip) => {
      expect(problemsOf(formFor(country, { zip }), ctx(country))).toEqual(['zip:invalid'])
    })

    it('refuses a phone of another country or too short', () => {
      expect(problemsOf(formFor(country, { phone: '+1 555 123 4567' }), ctx(country))).toEqual(['phone:invalid'])
      expect(problemsOf(formFor(country, { phone: '12' }), ctx(country))).toEqual(['phone:invalid'])
    })

    it.each(c.company)('accepts company number %j as %j for business', (companyNumber, stored) => {
      const input = formFor(country, {
        usage: 'business',
        companyName: 'Nordic Fleet AS',
        companyNumber,
        companyAddress: 'Harbour Road 2, Capital',
      })
      const result = validatePersonal(input, ctx(country))
      expect(result.problems).toEqual([])
      expect(result.values).toMatchObject({
        usage: 'business',
        companyName: 'Nordic Fleet AS',
        companyNumber: stored,
        companyAddress: 'Harbour Road 2, Capital',
      })
    })

    it.each(c.badCompany)('refuses company number %j', (companyNumber) => {
      const input = formFor(country, {
        usage: 'business',
        companyName: 'Nordic Fleet AS',
        companyNumber,
        companyAddress: 'Harbour Road 2',
      })
      const result = validatePersonal(input, ctx(country))
      expect(result.problems).toEqual([
        {
          field: 'companyNumber',
          code: 'invalid',
          messageKey: 'validation.invalid',
          labelKey: country === 'DK' ? 'order.field.cvr' : 'order.field.companyNumber',
        },
      ])
      expect(result.values).toBeNull()
    })
  })
})

describe('validatePersonal', () => {
  it('names every missing field in screen order, choices with the select message', () => {
    const result = validatePersonal({}, ctx('NO'))
    expect(result.values).toBeNull()
    expect(result.problems.map((p) => [p.field, p.code, p.messageKey, p.labelKey])).toEqual([
      ['firstName', 'required', 'validation.required', 'order.field.firstName'],
      ['lastName', 'required', 'validation.required', 'order.field.lastName'],
      ['country', 'requiredSelect', 'validation.select', 'order.field.country'],
      ['zip', 'required', 'validation.required', 'order.field.zip'],
      ['city', 'required', 'validation.required', 'order.field.city'],
      ['street', 'required', 'validation.required', 'order.field.street'],
      ['email', 'required', 'validation.required', 'order.field.email'],
      ['phone', 'required', 'validation.required', 'order.field.phone'],
      ['usage', 'requiredSelect', 'validation.select', 'order.field.usage'],
    ])
  })

  it('trims, collapses spaces and keeps the optional apartment and finance id', () => {
    const result = validatePersonal(
      formFor('NO', {
        firstName: '  Kari   Anne ',
        city: ' Oslo ',
        apartment: ' H0301, 3. etasje ',
        financeId: 'FIN-2026_01',
      }),
      ctx('NO'),
    )
    expect(result.values).toMatchObject({
      firstName: 'Kari Anne',
      city: 'Oslo',
      apartment: 'H0301, 3. etasje',
      financeId: 'FIN-2026_01',
    })
  })

  it('asks business fields only for business usage', () => {
    const personal = validatePersonal(
      formFor('DK', { companyName: '!!', companyNumber: 'x', companyAddress: '' }),
      ctx('DK'),
    )
    expect(personal.problems).toEqual([])
    expect(personal.values).toMatchObject({ companyName: null, companyNumber: null, companyAddress: null })

    const business = validatePersonal(formFor('DK', { usage: 'business' }), ctx('DK'))
    expect(business.problems.map((p) => [p.field, p.code, p.labelKey])).toEqual([
      ['companyName', 'required', 'order.field.companyName'],
      ['companyNumber', 'required', 'order.field.cvr'],
      ['companyAddress', 'required', 'order.field.companyAddress'],
    ])
  })

  it('refuses an unknown usage', () => {
    expect(problemsOf(formFor('NO', { usage: 'fleet' }), ctx('NO'))).toEqual(['usage:invalid'])
  })

  it('takes the country of the site only; the global site cannot order', () => {
    expect(problemsOf(formFor('NO', { country: 'no' }), ctx('NO'))).toEqual([])
    expect(problemsOf(formFor('NO', { country: 'SE' }), ctx('NO'))).toEqual(['country:invalid'])
    const global = validatePersonal(formFor('NO', { country: 'GLOBAL' }), ctx('GLOBAL'))
    expect(global.values).toBeNull()
    expect(global.problems.map((p) => `${p.field}:${p.code}`)).toEqual(['country:invalid'])
  })

  it('accepts names with accents, apostrophes, hyphens and other scripts; refuses digits and overlong names', () => {
    for (const name of ['Åsa', "O'Brien", 'D’Artagnan', 'Jean-Luc', 'Þórður', 'Müller-Lüdenscheidt', 'สมชาย'])
      expect(problemsOf(formFor('NO', { firstName: name, lastName: name }), ctx('NO'))).toEqual([])
    for (const name of ['Kari2', '-Kari', 'Kari!'])
      expect(problemsOf(formFor('NO', { firstName: name }), ctx('NO'))).toEqual(['firstName:nameCharacters'])
    expect(problemsOf(formFor('NO', { firstName: 'a'.repeat(81) }), ctx('NO'))).toEqual(['firstName:tooLong'])
    expect(problemsOf(formFor('NO', { lastName: 'a'.repeat(80) }), ctx('NO'))).toEqual([])
  })

  it('wants a letter and a house number in the street, a letter in the city', () => {
    expect(problemsOf(formFor('NO', { street: 'Storgata' }), ctx('NO'))).toEqual(['street:invalid'])
    expect(problemsOf(formFor('NO', { street: '12' }), ctx('NO'))).toEqual(['street:invalid'])
    expect(problemsOf(formFor('NO', { city: '1234' }), ctx('NO'))).toEqual(['city:invalid'])
    expect(problemsOf(formFor('NO', { apartment: 'x'.repeat(41) }), ctx('NO'))).toEqual(['apartment:invalid'])
  })

  it('checks the e-mail and the finance id', () => {
    expect(problemsOf(formFor('NO', { email: 'kari@example' }), ctx('NO'))).toEqual(['email:invalid'])
    expect(problemsOf(formFor('NO', { financeId: 'has space!' }), ctx('NO'))).toEqual(['financeId:invalid'])
  })

  it('does not judge zip and phone formats while the country is wrong', () => {
    expect(problemsOf(formFor('NO', { country: 'SE', zip: 'x', phone: 'x' }), ctx('NO'))).toEqual(['country:invalid'])
  })

  it('rejects a bad order date (caller data)', () => {
    expect(() => validatePersonal(formFor('NO'), { site: 'NO', orderDate: '2026-02-30' })).toThrow(RangeError)
  })

  it('never throws and gives values exactly when there are no problems (property)', () => {
    const field = fc.option(fc.string({ maxLength: 30 }), { nil: undefined })
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, field])) as Record<string, typeof field>),
        fc.constantFrom<CountryCode>('GLOBAL', ...ALL),
        (input, site) => {
          const result = validatePersonal(input, ctx(site, { financeKind: 'privateLease' }))
          expect(result.values === null).toBe(result.problems.length > 0)
        },
      ),
    )
  })
})

describe('Dutch private-lease birthday', () => {
  const lease = ctx('NL', { financeKind: 'privateLease' })

  it('is needed only for a private lease in the Netherlands', () => {
    expect(needsBirthday('NL', 'privateLease')).toBe(true)
    expect(needsBirthday('NL', 'bankPrivateLease')).toBe(false)
    expect(needsBirthday('NL', 'cash')).toBe(false)
    expect(needsBirthday('BE', 'privateLease')).toBe(false)
    expect(needsBirthday('NL', null)).toBe(false)
  })

  it('is required and stored for a Dutch private lease', () => {
    expect(problemsOf(formFor('NL'), lease)).toEqual(['birthday:required'])
    expect(validatePersonal(formFor('NL', { birthday: '1990-05-17' }), lease).values?.birthday).toBe('1990-05-17')
  })

  it('is ignored elsewhere', () => {
    const result = validatePersonal(formFor('NL', { birthday: 'garbage' }), ctx('NL', { financeKind: 'cash' }))
    expect(result.problems).toEqual([])
    expect(result.values?.birthday).toBeNull()
    expect(problemsOf(formFor('BE', { birthday: '' }), ctx('BE', { financeKind: 'privateLease' }))).toEqual([])
  })

  it('needs an 18-year-old on the order date, and says so when the customer is younger', () => {
    expect(problemsOf(formFor('NL', { birthday: '2008-03-01' }), lease)).toEqual([])
    expect(problemsOf(formFor('NL', { birthday: '2008-03-02' }), lease)).toEqual(['birthday:tooYoungToLease'])
    expect(problemsOf(formFor('NL', { birthday: '2030-01-01' }), lease)).toEqual(['birthday:tooYoungToLease'])
    const [young] = validatePersonal(formFor('NL', { birthday: '2010-07-01' }), lease).problems
    expect(young).toMatchObject({ messageKey: 'order.problem.tooYoungToLease', params: { age: MIN_LEASE_AGE } })
    expect(problemsOf(formFor('NL', { birthday: '1906-03-01' }), lease)).toEqual([])
    expect(problemsOf(formFor('NL', { birthday: '1905-03-01' }), lease)).toEqual(['birthday:invalid'])
  })

  it('refuses what is not a real ISO date', () => {
    for (const birthday of ['2001-02-29', '17-05-1990', '1990/05/17'])
      expect(problemsOf(formFor('NL', { birthday }), lease)).toEqual(['birthday:invalid'])
  })

  it('counts someone born on 29 February as adult from 1 March in common years', () => {
    expect(isAtLeastYearsOld('2008-02-29', '2026-02-28', 18)).toBe(false)
    expect(isAtLeastYearsOld('2008-02-29', '2026-03-01', 18)).toBe(true)
    expect(isAtLeastYearsOld('2006-02-28', '2024-02-28', 18)).toBe(true)
  })
})

describe('names', () => {
  const plain = ctx('NO')
  it('says a name is too long, with the limit, rather than that it is not valid', () => {
    const [problem] = validatePersonal(formFor('NO', { firstName: 'Kari'.repeat(21) }), plain).problems
    expect(problem).toMatchObject({
      field: 'firstName',
      code: 'tooLong',
      messageKey: 'validation.tooLong',
      labelKey: 'order.field.firstName',
      params: { max: 80 },
    })
  })

  it('says which characters a name may have when it has an emoji, a digit or a symbol', () => {
    for (const lastName of ['Nordmann 🚗', 'Nordmann2', 'Nord@mann']) {
      const [problem] = validatePersonal(formFor('NO', { lastName }), plain).problems
      expect(problem, lastName).toMatchObject({
        field: 'lastName',
        code: 'nameCharacters',
        messageKey: 'validation.nameCharacters',
        labelKey: 'order.field.lastName',
      })
    }
  })
})

describe('helpers', () => {
  it('normalise zips and company numbers or answer null', () => {
    expect(normalizeZip('NL', ' 1012ab ')).toBe('1012 AB')
    expect(normalizeZip('DE', '1011')).toBeNull()
    expect(normalizeCompanyNumber('BE', 'BE 0123.456.749')).toBe('0123456749')
    expect(normalizeCompanyNumber('DK', '1234567')).toBeNull()
  })

  it('label the Danish company number CVR', () => {
    expect(personalLabelKey('companyNumber', 'DK')).toBe('order.field.cvr')
    expect(personalLabelKey('companyNumber', 'NO')).toBe('order.field.companyNumber')
    expect(personalVisibleLabelKey('companyNumber', 'DK')).toBe('order.label.cvr')
    expect(personalVisibleLabelKey('zip', 'DK')).toBe('order.label.zip')
  })
})
