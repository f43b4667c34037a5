import { describe, expect, it } from 'vitest'
import { allows, CONSENT_VERSION, consentCookieValue, consentFrom, parseConsent } from './consent'

const NOW = new Date('2026-11-22T23:59:00Z')

describe('consent cookie', () => {
  it('writes version, date and the two optional groups', () => {
    expect(consentCookieValue(consentFrom({ kind: 'acceptAll' }, NOW))).toBe('v1.2026-11-22.a1.m1')
    expect(consentCookieValue(consentFrom({ kind: 'rejectAll' }, NOW))).toBe('v1.2026-11-22.a0.m0')
    expect(consentCookieValue(consentFrom({ kind: 'save', analytics: true, marketing: false }, NOW))).toBe(
      'v1.2026-11-22.a1.m0',
    )
  })

  it('reads back what it wrote', () => {
    expect(parseConsent('v1.2026-11-22.a0.m1')).toEqual({
      version: CONSENT_VERSION,
      date: '2026-11-22',
      analytics: false,
      marketing: true,
    })
  })

  it('asks again for a missing, tampered or older cookie', () => {
    expect(parseConsent(undefined)).toBeNull()
    expect(parseConsent('')).toBeNull()
    expect(parseConsent('v1.2026-11-22.a2.m0')).toBeNull()
    expect(parseConsent('v1.2026-11-22.a1.m0;x')).toBeNull()
    expect(parseConsent('v0.2026-11-22.a1.m1')).toBeNull()
    expect(parseConsent('v1.2026-13-45.a1.m1')).toBeNull()
  })
})

describe('allows', () => {
  it('allows necessary cookies always and the others only when chosen', () => {
    expect(allows(null, 'necessary')).toBe(true)
    expect(allows(null, 'analytics')).toBe(false)
    const onlyAnalytics = consentFrom({ kind: 'save', analytics: true, marketing: false }, NOW)
    expect(allows(onlyAnalytics, 'analytics')).toBe(true)
    expect(allows(onlyAnalytics, 'marketing')).toBe(false)
  })
})
