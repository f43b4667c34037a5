import { describe, expect, it } from 'vitest'
import { allStores } from './test-data'
import { type BookingContext, type BookingRequest, validateBooking } from './validate'

const NOW = new Date('2026-11-22T00:00:00Z')
const SLOT = '2026-12-01T09:00:00.000Z' // Tuesday 10:00 in Oslo
const context: BookingContext = { stores: allStores, now: NOW, booked: new Map() }
const valid: BookingRequest = {
  country: 'NO',
  storeId: 'no-oslo-skoyen',
  modelCode: 'p5',
  slotStart: SLOT,
  name: 'Kari Nordmann',
  phone: '412 34 567',
  email: 'kari@example.no',
  privacyAccepted: true,
}
const problemsOf = (request: BookingRequest, ctx: BookingContext = context) =>
  validateBooking(request, ctx).problems.map((problem) => `${problem.field}:${problem.code}`)

describe('validateBooking', () => {
  it('accepts a complete request and normalises it for storage', () => {
    const result = validateBooking(
      { ...valid, name: '  Kari   Nordmann ', slotStart: '2026-12-01T10:00+01:00', carCode: 'p5' },
      context,
    )
    expect(result.problems).toEqual([])
    expect(result.booking).toEqual({
      country: 'NO',
      storeId: 'no-oslo-skoyen',
      modelCode: 'p5',
      carCode: 'p5',
      slotStart: SLOT,
      localDate: '2026-12-01',
      localTime: '10:00',
      timeZone: 'Europe/Oslo',
      name: 'Kari Nordmann',
      phone: '+4741234567',
      email: 'kari@example.no',
    })
  })

  it('names every missing field, choices with the select message', () => {
    const result = validateBooking({}, context)
    expect(result.booking).toBeNull()
    expect(result.problems.map((p) => [p.field, p.code, p.messageKey, p.labelKey])).toEqual([
      ['country', 'required', 'testDrive.problem.requiredSelect', 'testDrive.field.country'],
      ['storeId', 'required', 'testDrive.problem.requiredSelect', 'testDrive.field.store'],
      ['modelCode', 'required', 'testDrive.problem.requiredSelect', 'testDrive.field.model'],
      ['slotStart', 'required', 'testDrive.problem.requiredSelect', 'testDrive.field.slot'],
      ['name', 'required', 'testDrive.problem.required', 'testDrive.field.name'],
      ['phone', 'required', 'testDrive.problem.required', 'testDrive.field.phone'],
      ['email', 'required', 'testDrive.problem.required', 'testDrive.field.email'],
      ['privacyAccepted', 'privacyRequired', 'testDrive.problem.privacyRequired', 'testDrive.field.privacy'],
    ])
  })

  it('treats blank text as missing', () => {
    expect(problemsOf({ ...valid, name: '   ', email: ' ' })).toEqual(['name:required', 'email:required'])
  })

  it('refuses the global site and unknown countries', () => {
    expect(problemsOf({ ...valid, country: 'GLOBAL' })).toEqual(['country:invalid'])
    expect(problemsOf({ ...valid, country: 'US' })).toEqual(['country:invalid'])
  })

  it('refuses an unknown store and a store of another country', () => {
    expect(problemsOf({ ...valid, storeId: 'no-narvik' })).toEqual(['storeId:storeNotFound'])
    expect(problemsOf({ ...valid, storeId: 'se-stockholm-sveavagen' })).toEqual(['storeId:storeNotFound'])
  })

  it('refuses a model the store does not show and a malformed model or car code', () => {
    expect(problemsOf({ ...valid, modelCode: 'p7' })).toEqual(['modelCode:modelNotOnShow'])
    expect(problemsOf({ ...valid, modelCode: 'P5!' })).toEqual(['modelCode:invalid'])
    expect(problemsOf({ ...valid, carCode: '../p5' })).toEqual(['carCode:invalid'])
  })

  it('refuses a slot that is not an instant', () => {
    expect(problemsOf({ ...valid, slotStart: 'tomorrow at ten' })).toEqual(['slotStart:invalid'])
  })

  it('refuses slots the store does not offer now', () => {
    const unavailable = [
      '2026-12-01T09:30:00.000Z', // between slots
      '2026-12-01T17:00:00.000Z', // 18:00: closing time
      '2026-12-06T11:00:00.000Z', // Sunday
      '2026-12-24T09:00:00.000Z', // Christmas Eve
      '2026-11-22T09:00:00.000Z', // within the 24-hour lead time
      '2026-12-23T09:00:00.000Z', // beyond the 30-day horizon
    ]
    for (const slotStart of unavailable) {
      expect(problemsOf({ ...valid, slotStart }), slotStart).toEqual(['slotStart:slotUnavailable'])
    }
  })

  it('refuses a full slot and accepts it while a car is free', () => {
    expect(problemsOf(valid, { ...context, booked: new Map([[SLOT, 3]]) })).toEqual(['slotStart:slotUnavailable'])
    expect(problemsOf(valid, { ...context, booked: new Map([[SLOT, 2]]) })).toEqual([])
  })

  it('checks the phone in the booking country’s format, with an example', () => {
    const result = validateBooking({ ...valid, phone: '070-123 45 67' }, context)
    expect(result.problems).toEqual([
      {
        field: 'phone',
        code: 'invalid',
        messageKey: 'testDrive.problem.invalidPhone',
        labelKey: 'testDrive.field.phone',
        params: { example: '+47 412 34 567' },
      },
    ])
    const swedish = { ...valid, country: 'SE', storeId: 'se-stockholm-sveavagen', slotStart: SLOT }
    expect(problemsOf({ ...swedish, phone: '070-123 45 67' })).toEqual([])
  })

  it('checks name and e-mail', () => {
    expect(problemsOf({ ...valid, name: 'Kari <script>' })).toEqual(['name:nameCharacters'])
    expect(problemsOf({ ...valid, name: 'x'.repeat(101) })).toEqual(['name:tooLong'])
    expect(problemsOf({ ...valid, name: 'Jean-Luc D’Arcy' })).toEqual([])
    expect(problemsOf({ ...valid, name: 'Þórunn Guðmundsdóttir' })).toEqual([])
    expect(problemsOf({ ...valid, email: 'kari@example' })).toEqual(['email:invalid'])
  })

  it('says what is wrong with a name: too long (with the limit) or a character a name does not have', () => {
    const [long] = validateBooking({ ...valid, name: 'Kari '.repeat(25) }, context).problems
    expect(long).toMatchObject({ code: 'tooLong', messageKey: 'validation.tooLong', params: { max: '100' } })
    expect(long?.labelKey).toBe('testDrive.field.name')
    const [emoji] = validateBooking({ ...valid, name: 'Kari 🚗 Nordmann' }, context).problems
    expect(emoji).toMatchObject({ code: 'nameCharacters', messageKey: 'validation.nameCharacters' })
  })

  it('accepts Thai names and a Bangkok booking a few hours ahead', () => {
    const thai: BookingRequest = {
      country: 'TH',
      storeId: 'th-bangkok-rama9',
      modelCode: 'p5',
      slotStart: '2026-11-22T07:00:00.000Z', // 14:00 in Bangkok, 7 hours after now
      name: 'สมชาย ใจดี',
      phone: '081 234 5678',
      email: 'somchai@example.co.th',
      privacyAccepted: true,
    }
    expect(validateBooking(thai, context)).toMatchObject({
      problems: [],
      booking: { phone: '+66812345678', localTime: '14:00' },
    })
  })

  it('requires the privacy statement to be accepted, not just present', () => {
    expect(problemsOf({ ...valid, privacyAccepted: false })).toEqual(['privacyAccepted:privacyRequired'])
    expect(problemsOf({ ...valid, privacyAccepted: 'yes' as unknown as boolean })).toEqual([
      'privacyAccepted:privacyRequired',
    ])
  })
})
