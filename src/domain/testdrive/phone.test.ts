import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../catalog/markets'
import {
  isStoreCountry,
  isValidEmail,
  isValidPhone,
  normalizePhone,
  PHONE_RULES,
  STORE_COUNTRIES,
  type StoreCountry,
} from './phone'

/** Per country: numbers that must pass (with the E.164 of the first) and numbers that must not. */
const CASES: Record<StoreCountry, { e164: string; valid: string[]; invalid: string[] }> = {
  NO: {
    e164: '+4741234567',
    valid: ['412 34 567', '+47 412 34 567', '0047 22 12 34 56', '22-12-34-56'],
    invalid: ['012 34 567', '412 34 56', '+46 412 34 567', '+47 0412 34 567', '412.34.567'],
  },
  SE: {
    e164: '+46701234567',
    valid: ['070-123 45 67', '+46 70 123 45 67', '08-123 456 78', '0046 8 123 456'],
    invalid: ['70 123 45 67', '+46 070 123 45 67', '070-12', '+47 70 123 45 67'],
  },
  DK: {
    e164: '+4520123456',
    valid: ['20 12 34 56', '+45 20 12 34 56', '0045 33 12 34 56', '33-12-34-56'],
    invalid: ['020 12 34 56', '2012345', '+45 1234 5678', '+47 20 12 34 56'],
  },
  NL: {
    e164: '+31612345678',
    valid: ['06 12345678', '+31 6 12345678', '020-123 4567', '0031 6 1234 5678'],
    invalid: ['6 12345678', '06 1234567', '+31 06 12345678', '06 123456789'],
  },
  DE: {
    e164: '+4915123456789',
    valid: ['0151 23456789', '+49 151 23456789', '030 1234567', '0049 89 123456'],
    invalid: ['151 23456789', '+49 0151 23456789', '030 12', '0151 234567890123'],
  },
  FR: {
    e164: '+33612345678',
    valid: ['06 12 34 56 78', '+33 6 12 34 56 78', '01-23-45-67-89', '0033 1 23 45 67 89'],
    invalid: ['6 12 34 56 78', '06 12 34 56 7', '+33 06 12 34 56 78', '(06) 12 34 56 78'],
  },
  BE: {
    e164: '+32470123456',
    valid: ['0470 12 34 56', '+32 470 12 34 56', '02 123 45 67', '0032 9 123 45 67'],
    invalid: ['470 12 34 56', '0470 12 3', '+32 0470 12 34 56', '0470 12 34 56 78'],
  },
  TH: {
    e164: '+66812345678',
    valid: ['081 234 5678', '+66 81 234 5678', '02 123 4567', '0066 2 123 4567'],
    invalid: ['81 234 5678', '081 234 56', '+66 081 234 5678', '+65 81 234 5678'],
  },
  IS: {
    e164: '+3546112345',
    valid: ['611 2345', '+354 611 2345', '00354 551 2345', '551-2345'],
    invalid: ['0611 2345', '611 234', '911 2345', '+354 611 23456'],
  },
  LU: {
    e164: '+352621123456',
    valid: ['621 123 456', '+352 621 123 456', '26 12 34 56', '00352 4796 1'],
    invalid: ['0621 123 456', '1234', '+352 123 456', '621 123 456 789 0'],
  },
  AT: {
    e164: '+436641234567',
    valid: ['0664 1234567', '+43 664 1234567', '01 234 5678', '0043 1 234 5678'],
    invalid: ['664 1234567', '+43 0664 1234567', '01 23', '0664 12345678901234'],
  },
}

describe('phone numbers per country', () => {
  it('cover every country site and not the global one', () => {
    expect([...STORE_COUNTRIES].sort()).toEqual(COUNTRY_CODES.filter((code) => code !== 'GLOBAL').sort())
    expect(isStoreCountry('GLOBAL')).toBe(false)
    expect(isStoreCountry('toString')).toBe(false)
  })

  it.each(STORE_COUNTRIES)('%s accepts national and international formats and gives E.164', (country) => {
    const { e164, valid } = CASES[country]
    expect(normalizePhone(country, valid[0] as string)).toBe(e164)
    expect(normalizePhone(country, valid[1] as string)).toBe(e164)
    for (const number of valid) expect(isValidPhone(country, number), number).toBe(true)
  })

  it.each(STORE_COUNTRIES)('%s refuses malformed numbers and other countries’ numbers', (country) => {
    for (const number of [...CASES[country].invalid, '', '   ', 'phone me', '+', '++47 412 34 567']) {
      expect(isValidPhone(country, number), number).toBe(false)
    }
  })

  it.each(STORE_COUNTRIES)('%s: the example in the message is valid', (country) => {
    expect(isValidPhone(country, PHONE_RULES[country].example)).toBe(true)
    expect(PHONE_RULES[country].example.startsWith(`+${PHONE_RULES[country].callingCode} `)).toBe(true)
  })
})

describe('isValidEmail', () => {
  it('accepts standard addresses', () => {
    for (const email of ['kari@example.no', 'jean-luc.dupont+essai@mail.example.fr', ' anna@example.se ', 'a@b.co']) {
      expect(isValidEmail(email), email).toBe(true)
    }
  })

  it('refuses malformed ones', () => {
    for (const email of [
      'kari',
      'kari@',
      '@example.no',
      'kari@example',
      'kari @example.no',
      'kari@exa_mple.no',
      'kari@-example.no',
      `${'a'.repeat(250)}@example.no`,
    ]) {
      expect(isValidEmail(email), email).toBe(false)
    }
  })
})
