import { describe, expect, it } from 'vitest'
import { assertInstant, isIsoInstant } from './instant'

describe('isIsoInstant', () => {
  it('accepts only toISOString output', () => {
    expect(isIsoInstant('2026-03-01T09:30:00.000Z')).toBe(true)
    expect(isIsoInstant(new Date(0).toISOString())).toBe(true)
    for (const bad of [
      '2026-03-01',
      '2026-03-01T09:30:00Z',
      '2026-03-01T10:30:00.000+01:00',
      '2026-02-30T00:00:00.000Z',
    ])
      expect(isIsoInstant(bad)).toBe(false)
  })

  it('assertInstant throws a RangeError on anything else', () => {
    expect(() => assertInstant('yesterday')).toThrow(RangeError)
    expect(() => assertInstant('2026-03-01T09:30:00.000Z')).not.toThrow()
  })
})
