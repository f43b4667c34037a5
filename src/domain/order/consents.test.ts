import { describe, expect, it } from 'vitest'
import { canPay, checkConsents, hasRequiredConsents, offeredConsents, requiredConsents } from './consents'
import { AT, versions } from './test-data'

describe('requiredConsents', () => {
  it.each([
    ['order', ['terms', 'orderAgreement']],
    ['reservation', ['terms', 'reservationAgreement']],
    ['preOrder', ['terms']],
  ] as const)('%s needs %j, marketing is offered as optional', (kind, required) => {
    expect(requiredConsents(kind)).toEqual(required)
    expect(offeredConsents(kind)).toEqual([...required, 'marketing'])
  })
})

describe('checkConsents', () => {
  it.each([
    ['order', { terms: true, orderAgreement: true }],
    ['reservation', { terms: true, reservationAgreement: true }],
    ['preOrder', { terms: true }],
  ] as const)('accepts a %s with its required consents and records them', (kind, flags) => {
    const result = checkConsents(kind, flags, versions, AT)
    expect(result.problems).toEqual([])
    expect(result.records).toEqual(
      Object.keys(flags).map((consent) => ({
        consent,
        textKey: `order.consent.${consent}`,
        textVersion: versions[consent as keyof typeof versions],
        acceptedAt: AT,
      })),
    )
  })

  it.each([
    ['order', {}, ['terms', 'orderAgreement']],
    ['order', { terms: true, reservationAgreement: true }, ['orderAgreement']],
    ['reservation', { orderAgreement: true, reservationAgreement: true }, ['terms']],
    ['reservation', { terms: true, marketing: true }, ['reservationAgreement']],
    ['preOrder', { marketing: true, terms: false }, ['terms']],
  ] as const)('refuses a %s with %j: %j missing', (kind, flags, missing) => {
    const result = checkConsents(kind, flags, versions, AT)
    expect(result.records).toBeNull()
    expect(result.problems).toEqual(
      missing.map((consent) => ({
        field: consent,
        code: 'consentRequired',
        messageKey: 'order.problem.consentRequired',
        valueKeys: { consent: `order.consentName.${consent}` },
      })),
    )
  })

  it('records the optional marketing consent only when ticked, and ignores consents the kind does not show', () => {
    const withMarketing = checkConsents(
      'preOrder',
      { terms: true, marketing: true, orderAgreement: true },
      versions,
      AT,
    )
    expect(withMarketing.records?.map((r) => r.consent)).toEqual(['terms', 'marketing'])
    const without = checkConsents('preOrder', { terms: true, marketing: null }, versions, AT)
    expect(without.records?.map((r) => r.consent)).toEqual(['terms'])
  })

  it('throws on a bad time or text version (caller data)', () => {
    expect(() => checkConsents('preOrder', { terms: true }, versions, '2026-03-01')).toThrow(RangeError)
    expect(() => checkConsents('preOrder', { terms: true }, { ...versions, terms: '' }, AT)).toThrow(RangeError)
  })
})

describe('canPay and hasRequiredConsents', () => {
  const records = checkConsents('order', { terms: true, orderAgreement: true }, versions, AT).records ?? []

  it('lets the customer pay only after agreeing to the terms', () => {
    expect(canPay({ terms: true })).toBe(true)
    expect(canPay({ terms: false, orderAgreement: true })).toBe(false)
    expect(canPay({})).toBe(false)
    expect(canPay(records)).toBe(true)
    expect(canPay(records.filter((r) => r.consent !== 'terms'))).toBe(false)
  })

  it('tells whether records cover a kind', () => {
    expect(hasRequiredConsents('order', records)).toBe(true)
    expect(hasRequiredConsents('reservation', records)).toBe(false)
    expect(hasRequiredConsents('preOrder', records)).toBe(true)
  })
})
