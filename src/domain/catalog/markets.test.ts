import { describe, expect, it } from 'vitest'
import { isIsoDate } from './markets'

describe('isIsoDate', () => {
  it('accepts real calendar days, leap days included', () => {
    for (const day of ['2026-01-31', '2026-04-30', '2028-02-29', '2000-02-29', '2026-12-31']) {
      expect(isIsoDate(day), day).toBe(true)
    }
  })

  it('refuses days a month does not have, and other shapes', () => {
    for (const day of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-06-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
    ]) {
      expect(isIsoDate(day), day).toBe(false)
    }
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false)
  })
})
