import { describe, expect, it } from 'vitest'
import { createOffer, isExpired, OFFER_EXPIRED_KEYS } from './offer'

describe('finance offers', () => {
  const offer = createOffer('loan', { monthlyPayment: 93_875 }, new Date('2025-06-01T10:00:00Z'), 30)

  it('expire validity days × 24 h after creation', () => {
    expect(offer).toEqual({
      kind: 'loan',
      quote: { monthlyPayment: 93_875 },
      createdAt: '2025-06-01T10:00:00.000Z',
      expiresAt: '2025-07-01T10:00:00.000Z',
    })
  })

  it('are valid until the expiry instant, which already counts as expired', () => {
    expect(isExpired(offer, new Date('2025-06-01T10:00:00Z'))).toBe(false)
    expect(isExpired(offer, new Date('2025-07-01T09:59:59.999Z'))).toBe(false)
    expect(isExpired(offer, new Date('2025-07-01T10:00:00Z'))).toBe(true)
    expect(isExpired(offer, new Date('2026-01-01T00:00:00Z'))).toBe(true)
  })

  it('treat an unreadable expiry as expired and refuse a bad validity', () => {
    expect(isExpired({ createdAt: '2025-06-01T10:00:00Z', expiresAt: 'soon' }, new Date('2025-06-02'))).toBe(true)
    expect(() => createOffer('cash', {}, new Date('2025-06-01'), 0)).toThrow(RangeError)
    expect(() => createOffer('cash', {}, new Date('not a date'), 30)).toThrow(RangeError)
  })

  it('name the messages of the SPEC §8 expiry notice', () => {
    expect(OFFER_EXPIRED_KEYS.title).toBe('finance.offerExpired.title')
  })
})
