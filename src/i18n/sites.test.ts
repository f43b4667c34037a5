import { describe, expect, it } from 'vitest'
import { type Site, siteByPrefix, today } from './sites'

const site = (prefix: string) => siteByPrefix(prefix) as Site

describe('today(site)', () => {
  it('dates by the site’s own calendar: Bangkok and Reykjavík differ from UTC around midnight', () => {
    const lateUtc = new Date('2026-11-23T17:30:00Z')
    expect(today(site('/th'), lateUtc)).toBe('2026-11-24')
    expect(today(site('/is'), lateUtc)).toBe('2026-11-23')
    expect(today(site('/no'), new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
    expect(today(site('/is'), new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })
})
