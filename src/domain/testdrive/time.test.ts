import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  formatMinutes,
  isLocalTime,
  isTimeZone,
  minutesOfDay,
  utcToZoned,
  WEEKDAYS,
  weekdayOf,
  zonedTimeToUtc,
} from './time'

const utc = (date: string, time: string, timeZone: string) => zonedTimeToUtc(date, time, timeZone).toISOString()

describe('zonedTimeToUtc', () => {
  it('Europe/Oslo: winter time (UTC+1) before and summer time (UTC+2) after 2026-03-29', () => {
    expect(utc('2026-03-28', '10:00', 'Europe/Oslo')).toBe('2026-03-28T09:00:00.000Z')
    expect(utc('2026-03-29', '01:59', 'Europe/Oslo')).toBe('2026-03-29T00:59:00.000Z')
    expect(utc('2026-03-29', '03:00', 'Europe/Oslo')).toBe('2026-03-29T01:00:00.000Z')
    expect(utc('2026-03-29', '10:00', 'Europe/Oslo')).toBe('2026-03-29T08:00:00.000Z')
    expect(utc('2026-03-30', '10:00', 'Europe/Oslo')).toBe('2026-03-30T08:00:00.000Z')
  })

  it('Europe/Oslo: a skipped time on 2026-03-29 moves forward by the gap', () => {
    expect(utc('2026-03-29', '02:00', 'Europe/Oslo')).toBe('2026-03-29T01:00:00.000Z')
    expect(utc('2026-03-29', '02:30', 'Europe/Oslo')).toBe('2026-03-29T01:30:00.000Z')
    expect(utcToZoned(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Oslo'), 'Europe/Oslo').time).toBe('03:30')
  })

  it('Europe/Oslo: summer time before and winter time after 2026-10-25, a repeated time is its first occurrence', () => {
    expect(utc('2026-10-24', '10:00', 'Europe/Oslo')).toBe('2026-10-24T08:00:00.000Z')
    expect(utc('2026-10-25', '01:59', 'Europe/Oslo')).toBe('2026-10-24T23:59:00.000Z')
    expect(utc('2026-10-25', '02:00', 'Europe/Oslo')).toBe('2026-10-25T00:00:00.000Z')
    expect(utc('2026-10-25', '02:30', 'Europe/Oslo')).toBe('2026-10-25T00:30:00.000Z')
    expect(utc('2026-10-25', '03:00', 'Europe/Oslo')).toBe('2026-10-25T02:00:00.000Z')
    expect(utc('2026-10-25', '10:00', 'Europe/Oslo')).toBe('2026-10-25T09:00:00.000Z')
    expect(utc('2026-10-26', '10:00', 'Europe/Oslo')).toBe('2026-10-26T09:00:00.000Z')
  })

  it('Asia/Bangkok is UTC+7 all year, crossing the date for early hours', () => {
    expect(utc('2026-01-15', '10:00', 'Asia/Bangkok')).toBe('2026-01-15T03:00:00.000Z')
    expect(utc('2026-07-15', '10:00', 'Asia/Bangkok')).toBe('2026-07-15T03:00:00.000Z')
    expect(utc('2026-03-29', '10:00', 'Asia/Bangkok')).toBe('2026-03-29T03:00:00.000Z')
    expect(utc('2026-07-01', '00:30', 'Asia/Bangkok')).toBe('2026-06-30T17:30:00.000Z')
  })

  it('Atlantic/Reykjavik is UTC all year', () => {
    expect(utc('2026-01-15', '10:00', 'Atlantic/Reykjavik')).toBe('2026-01-15T10:00:00.000Z')
    expect(utc('2026-03-29', '02:30', 'Atlantic/Reykjavik')).toBe('2026-03-29T02:30:00.000Z')
    expect(utc('2026-10-25', '02:30', 'Atlantic/Reykjavik')).toBe('2026-10-25T02:30:00.000Z')
  })

  it('works for other hemispheres and half-hour zones', () => {
    expect(utc('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
    expect(utc('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z')
    expect(utc('2026-06-01', '10:00', 'Asia/Kolkata')).toBe('2026-06-01T04:30:00.000Z')
  })

  it('refuses bad input', () => {
    expect(() => zonedTimeToUtc('2026-02-30', '10:00', 'Europe/Oslo')).toThrow(RangeError)
    expect(() => zonedTimeToUtc('2026-03-01', '24:00', 'Europe/Oslo')).toThrow(RangeError)
    expect(() => zonedTimeToUtc('2026-03-01', '9:00', 'Europe/Oslo')).toThrow(RangeError)
    expect(() => zonedTimeToUtc('2026-03-01', '10:00', 'Europe/Atlantis')).toThrow(RangeError)
  })

  it('round-trips every instant to its first wall-clock occurrence (property)', () => {
    const zones = ['Europe/Oslo', 'Asia/Bangkok', 'Atlantic/Reykjavik', 'America/New_York', 'Australia/Lord_Howe']
    const start = Date.parse('2025-01-01T00:00:00Z')
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }), (zone, minutes) => {
        const instant = new Date(start + minutes * 60_000)
        const wall = utcToZoned(instant, zone)
        const back = zonedTimeToUtc(wall.date, wall.time, zone)
        expect(back.getTime()).toBeLessThanOrEqual(instant.getTime())
        expect(utcToZoned(back, zone)).toEqual(wall)
      }),
    )
  })
})

describe('utcToZoned', () => {
  it('gives the wall date, time and weekday', () => {
    expect(utcToZoned(new Date('2026-10-25T09:00:00Z'), 'Europe/Oslo')).toEqual({
      date: '2026-10-25',
      time: '10:00',
      weekday: 'sun',
    })
    expect(utcToZoned(new Date('2026-06-30T17:30:59.999Z'), 'Asia/Bangkok')).toEqual({
      date: '2026-07-01',
      time: '00:30',
      weekday: 'wed',
    })
  })

  it('refuses an invalid instant', () => {
    expect(() => utcToZoned(new Date(Number.NaN), 'Europe/Oslo')).toThrow(RangeError)
  })
})

describe('time helpers', () => {
  it('reads and writes HH:mm', () => {
    expect(minutesOfDay('00:00')).toBe(0)
    expect(minutesOfDay('23:59')).toBe(1439)
    expect(formatMinutes(630)).toBe('10:30')
    expect(isLocalTime('24:00')).toBe(false)
    expect(() => formatMinutes(1440)).toThrow(RangeError)
  })

  it('names the weekday of a date', () => {
    expect(weekdayOf('2026-03-29')).toBe('sun')
    expect(weekdayOf('2026-03-30')).toBe('mon')
    expect(WEEKDAYS).toHaveLength(7)
  })

  it('knows IANA zone names', () => {
    expect(isTimeZone('Atlantic/Reykjavik')).toBe(true)
    expect(isTimeZone('Europe/Atlantis')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})

describe('offsets read once per day and zone', () => {
  it('gives the wall clock the runtime gives every quarter hour of a year, changes of the clocks included', () => {
    const zones = ['Europe/Oslo', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Atlantic/Reykjavik']
    const start = Date.parse('2026-01-01T00:00:00Z')
    const differences: string[] = []
    const toTheMinute = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    } as const
    for (const zone of zones) {
      // The runtime with no cache in between: what the cached offsets must equal.
      const runtime = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', ...toTheMinute })
      for (let minutes = 0; minutes < 366 * 24 * 60; minutes += 15) {
        const instant = new Date(start + minutes * 60_000)
        const { date, time } = utcToZoned(instant, zone)
        const expected = runtime.format(instant)
        if (`${date}, ${time}` !== expected) differences.push(`${zone} ${instant.toISOString()}: ${date} ${time}`)
      }
    }
    expect(differences).toEqual([])
  })

  it('reads the runtime a few times for two weeks of slots, not several times per slot', () => {
    const zone = 'America/Chicago'
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      let slots = 0
      for (let day = 1; day <= 14; day++) {
        for (let hour = 9; hour < 18; hour++) {
          const date = `2026-03-${String(day).padStart(2, '0')}`
          const time = `${String(hour).padStart(2, '0')}:00`
          const instant = zonedTimeToUtc(date, time, zone)
          expect(utcToZoned(instant, zone)).toMatchObject({ date, time })
          slots++
        }
      }
      // Chicago changes its clocks on 2026-03-08: that day's slots are read one by one, the others from the cache.
      expect(spy.mock.calls.length).toBeLessThan(slots)
      expect(spy.mock.calls.length).toBeGreaterThan(0)
    } finally {
      spy.mockRestore()
    }
  })
})
