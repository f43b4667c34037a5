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
})
