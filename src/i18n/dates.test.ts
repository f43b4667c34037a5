import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './dates'

describe('formatDateTime', () => {
  const instant = new Date('2026-03-05T13:07:00Z')

  it('writes DD MMM, YYYY HH:mm in the site’s time zone', () => {
    expect(formatDateTime(instant, 'en-US', 'Europe/Oslo')).toBe('05 Mar, 2026 14:07')
    expect(formatDateTime(instant, 'en-US', 'Asia/Bangkok')).toBe('05 Mar, 2026 20:07')
  })

  it('names the month in the visitor’s language, with a Gregorian year', () => {
    expect(formatDateTime(instant, 'de-DE', 'Europe/Berlin')).toBe('05 März, 2026 14:07')
    // Buddhist Era for Thai, and the abbreviation keeps its full stops.
    expect(formatDateTime(instant, 'th-TH', 'Asia/Bangkok')).toBe('05 มี.ค., 2569 20:07')
    expect(formatDateTime(new Date('2026-01-15T12:00:00Z'), 'fr-FR', 'Europe/Paris')).toBe('15 janv., 2026 13:00')
  })

  it('uses a 24-hour clock at midnight', () => {
    expect(formatDateTime(new Date('2026-12-31T23:30:00Z'), 'en-US', 'Europe/Paris')).toBe('01 Jan, 2027 00:30')
  })
})

describe('formatDate', () => {
  it('writes DD MMM, YYYY without a time', () => {
    expect(formatDate('2027-03-05', 'en-US')).toBe('05 Mar, 2027')
    expect(formatDate('2027-12-24', 'nb-NO')).toBe('24 des., 2027')
  })
})
