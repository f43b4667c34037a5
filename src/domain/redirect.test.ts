import { describe, expect, it } from 'vitest'
import { HOSTILE_REDIRECTS } from '../../test/quality/payloads'
import { safeRedirectPath } from './redirect'

describe('safeRedirectPath', () => {
  it.each(HOSTILE_REDIRECTS)('sends %j to the fallback', (raw) => {
    expect(safeRedirectPath(raw, '/no')).toBe('/no')
  })

  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirectPath('/no/configurator/p5?paint=red#price', '/')).toBe('/no/configurator/p5?paint=red#price')
    expect(safeRedirectPath('/', '/no')).toBe('/')
  })

  it('refuses missing and oversized values', () => {
    expect(safeRedirectPath(null, '/se')).toBe('/se')
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`, '/se')).toBe('/se')
  })

  describe('given the request’s address', () => {
    const request = new URL('https://shop.example/no/sign-in?frontRedirect=x')

    it('takes our own absolute URL as its path and query, without the fragment', () => {
      expect(safeRedirectPath('https://shop.example/no/profile?tab=orders#top', '/no', request)).toBe(
        '/no/profile?tab=orders',
      )
    })

    it('resolves a relative path against the request', () => {
      expect(safeRedirectPath('orders', '/no', request)).toBe('/no/orders')
    })

    it.each([
      'https://evil.example/no/profile',
      'http://shop.example/no/profile',
      '//evil.example/x',
      'javascript:alert(1)',
    ])('sends %j to the fallback', (raw) => {
      expect(safeRedirectPath(raw, '/no', request)).toBe('/no')
    })

    it.each(HOSTILE_REDIRECTS)('keeps %j on our origin', (raw) => {
      const target = safeRedirectPath(raw, '/no', request)
      expect(target.startsWith('/') && !target.startsWith('//')).toBe(true)
      expect(new URL(target, request).origin).toBe(request.origin)
    })
  })
})
