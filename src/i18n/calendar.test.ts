import { describe, expect, it, vi } from 'vitest'
import { dateInTimeZone } from './calendar'

describe('dateInTimeZone', () => {
  it('dates an instant by the calendar of the zone, not UTC’s, around midnight', () => {
    const evening = new Date('2026-11-23T17:30:00Z') // 00:30 on the 24th in Bangkok (UTC+7)
    expect(dateInTimeZone(evening, 'Asia/Bangkok')).toBe('2026-11-24')
    expect(dateInTimeZone(evening, 'Atlantic/Reykjavik')).toBe('2026-11-23')
    const newYear = new Date('2026-12-31T23:30:00Z') // 00:30 on 1 January in Oslo (UTC+1)
    expect(dateInTimeZone(newYear, 'Europe/Oslo')).toBe('2027-01-01')
    expect(dateInTimeZone(newYear, 'Atlantic/Reykjavik')).toBe('2026-12-31')
  })

  it('follows summer time', () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Oslo (UTC+2 in summer), still 30 June in Reykjavík.
    const summer = new Date('2026-06-30T22:30:00Z')
    expect(dateInTimeZone(summer, 'Europe/Oslo')).toBe('2026-07-01')
    expect(dateInTimeZone(summer, 'Atlantic/Reykjavik')).toBe('2026-06-30')
  })

  it('reuses one formatter per zone and reads it once per call', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      expect(dateInTimeZone(new Date('2026-03-05T12:00:00Z'), 'America/Chicago')).toBe('2026-03-05')
      expect(dateInTimeZone(new Date('2026-03-06T12:00:00Z'), 'America/Chicago')).toBe('2026-03-06')
      expect(spy).toHaveBeenCalledTimes(2)
      expect(spy.mock.contexts[0]).toBe(spy.mock.contexts[1])
    } finally {
      spy.mockRestore()
    }
  })

  it('reads the zone once per minute, and the new day from the first minute after midnight', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      // Bangkok is UTC+7: 16:59 UTC is 23:59 there, 17:00 UTC is midnight.
      expect(dateInTimeZone(new Date('2027-02-10T16:59:00.000Z'), 'Asia/Bangkok')).toBe('2027-02-10')
      expect(dateInTimeZone(new Date('2027-02-10T16:59:59.999Z'), 'Asia/Bangkok')).toBe('2027-02-10')
      expect(spy).toHaveBeenCalledTimes(1)
      expect(dateInTimeZone(new Date('2027-02-10T17:00:00.000Z'), 'Asia/Bangkok')).toBe('2027-02-11')
      // Another zone in the same minute is read for itself.
      expect(dateInTimeZone(new Date('2027-02-10T17:00:30.000Z'), 'Atlantic/Reykjavik')).toBe('2027-02-10')
      expect(spy).toHaveBeenCalledTimes(3)
    } finally {
      spy.mockRestore()
    }
  })
})
