import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../catalog/markets'
import { canBook, normalizeSlotStart, slotsFor } from './slots'
import { storeById, testStore } from './test-data'
import { formatMinutes, minutesOfDay, utcToZoned, weekdayOf, zonedTimeToUtc } from './time'

const EARLY = new Date('2026-03-01T00:00:00Z')
const times = (slots: { localTime: string }[]) => slots.map((slot) => slot.localTime)

describe('slotsFor: opening hours', () => {
  it('cuts a weekday into slots that end by closing time', () => {
    const slots = slotsFor(testStore(), '2026-03-16', 1, EARLY)
    expect(times(slots)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'])
    expect(slots[0]).toEqual({
      start: '2026-03-16T09:00:00.000Z',
      localDate: '2026-03-16',
      localTime: '10:00',
      available: 2,
    })
  })

  it('uses Saturday hours and no slots on a closed Sunday', () => {
    expect(times(slotsFor(testStore(), '2026-03-21', 1, EARLY))).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
    ])
    expect(slotsFor(testStore(), '2026-03-22', 1, EARLY)).toEqual([])
  })

  it('skips a slot that would run past closing and respects a lunch break', () => {
    const hours = [
      { open: '09:30', close: '12:30' },
      { open: '14:00', close: '19:00' },
    ]
    const store = testStore({
      openingHours: { ...testStore().openingHours, tue: hours },
      testDrive: { slotMinutes: 90, capacity: 1, leadHours: 0, horizonDays: 30 },
    })
    expect(times(slotsFor(store, '2026-03-17', 1, EARLY))).toEqual(['09:30', '11:00', '14:00', '15:30', '17:00'])
  })

  it('leaves out special closed dates (holidays)', () => {
    const store = testStore({ closedDates: ['2026-03-17'] })
    const slots = slotsFor(store, '2026-03-16', 3, EARLY)
    expect([...new Set(slots.map((slot) => slot.localDate))]).toEqual(['2026-03-16', '2026-03-18'])
  })

  it('leaves out the real stores’ Christmas and New Year', () => {
    const oslo = storeById('no-oslo-skoyen')
    const now = new Date('2026-12-20T12:00:00Z')
    const dates = new Set(slotsFor(oslo, '2026-12-21', 13, now).map((slot) => slot.localDate))
    expect([...dates]).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2027-01-02',
    ])
  })

  it('answers nothing for zero days and refuses bad arguments', () => {
    expect(slotsFor(testStore(), '2026-03-16', 0, EARLY)).toEqual([])
    expect(() => slotsFor(testStore(), '2026-02-30', 1, EARLY)).toThrow(RangeError)
    expect(() => slotsFor(testStore(), '2026-03-16', 1.5, EARLY)).toThrow(RangeError)
    expect(() => slotsFor(testStore(), '2026-03-16', 400, EARLY)).toThrow(RangeError)
    expect(() => slotsFor(testStore(), '2026-03-16', 1, new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('slotsFor: lead time and horizon', () => {
  it('offers the first slot no earlier than now plus the lead time', () => {
    const now = new Date('2026-03-16T09:30:00Z') // 10:30 in Oslo
    const slots = slotsFor(testStore(), '2026-03-16', 2, now)
    expect(slots[0]?.start).toBe('2026-03-17T10:00:00.000Z') // 11:00 the next day; 10:00 is 23.5 h ahead
    expect(slots.every((slot) => slot.localDate === '2026-03-17')).toBe(true)
  })

  it('offers a slot exactly at the lead time', () => {
    const now = new Date('2026-03-16T09:00:00Z')
    expect(slotsFor(testStore(), '2026-03-17', 1, now)[0]?.start).toBe('2026-03-17T09:00:00.000Z')
  })

  it('offers no past slots with a lead time of zero', () => {
    const store = testStore({ testDrive: { slotMinutes: 60, capacity: 2, leadHours: 0, horizonDays: 30 } })
    expect(times(slotsFor(store, '2026-03-16', 1, new Date('2026-03-16T14:00:00Z')))).toEqual([
      '15:00',
      '16:00',
      '17:00',
    ])
  })

  it('stops at the store’s today plus the horizon', () => {
    const now = new Date('2026-03-01T12:00:00Z')
    const dates = new Set(slotsFor(testStore(), '2026-03-28', 7, now).map((slot) => slot.localDate))
    expect([...dates]).toEqual(['2026-03-28', '2026-03-30', '2026-03-31'])
  })

  it('counts the horizon from the store’s local today, not UTC', () => {
    const bangkok = testStore({
      timeZone: 'Asia/Bangkok',
      testDrive: { slotMinutes: 60, capacity: 2, leadHours: 0, horizonDays: 1 },
    })
    const now = new Date('2026-03-16T20:00:00Z') // already Tuesday 03:00 in Bangkok
    const dates = new Set(slotsFor(bangkok, '2026-03-16', 5, now).map((slot) => slot.localDate))
    expect([...dates]).toEqual(['2026-03-17', '2026-03-18'])
  })
})

describe('slotsFor: bookings', () => {
  it('subtracts bookings and leaves out full or overbooked slots', () => {
    const booked = new Map([
      ['2026-03-16T09:00:00.000Z', 1],
      ['2026-03-16T10:00:00.000Z', 2],
      ['2026-03-16T11:00:00.000Z', 5],
    ])
    const slots = slotsFor(testStore(), '2026-03-16', 1, EARLY, booked)
    expect(slots[0]).toMatchObject({ localTime: '10:00', available: 1 })
    expect(times(slots)).toEqual(['10:00', '13:00', '14:00', '15:00', '16:00', '17:00'])
    expect(slots.every((slot) => slot.available > 0)).toBe(true)
  })
})

describe('slotsFor: time zones', () => {
  const allDay = (timeZone: string) =>
    testStore({
      timeZone,
      openingHours: Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
          day,
          [
            { open: '01:00', close: '04:00' },
            { open: '10:00', close: '11:00' },
          ],
        ]),
      ) as ReturnType<typeof testStore>['openingHours'],
      testDrive: { slotMinutes: 30, capacity: 2, leadHours: 0, horizonDays: 365 },
    })
  const starts = (slots: { localTime: string; start: string }[]) =>
    slots.map((s) => `${s.localTime}=${s.start.slice(11, 16)}`)

  it('Oslo 2026-03-29 (clocks forward at 02:00): 02:00–02:59 does not exist, 10:00 is 08:00 UTC', () => {
    expect(starts(slotsFor(allDay('Europe/Oslo'), '2026-03-29', 1, EARLY))).toEqual([
      '01:00=00:00',
      '01:30=00:30',
      '03:00=01:00',
      '03:30=01:30',
      '10:00=08:00',
      '10:30=08:30',
    ])
  })

  it('Oslo 2026-10-25 (clocks back at 03:00): 02:00–02:59 once, 10:00 is 09:00 UTC', () => {
    const slots = slotsFor(allDay('Europe/Oslo'), '2026-10-25', 1, EARLY)
    expect(starts(slots)).toEqual([
      '01:00=23:00',
      '01:30=23:30',
      '02:00=00:00',
      '02:30=00:30',
      '03:00=02:00',
      '03:30=02:30',
      '10:00=09:00',
      '10:30=09:30',
    ])
    expect(slots[0]?.start).toBe('2026-10-24T23:00:00.000Z')
  })

  it('the real Oslo store keeps 10:00 local on both sides of the change', () => {
    const oslo = storeById('no-oslo-skoyen')
    expect(slotsFor(oslo, '2026-03-27', 1, EARLY)[0]?.start).toBe('2026-03-27T09:00:00.000Z')
    expect(slotsFor(oslo, '2026-03-30', 1, EARLY)[0]?.start).toBe('2026-03-30T08:00:00.000Z')
    const autumn = new Date('2026-10-01T00:00:00Z')
    expect(slotsFor(oslo, '2026-10-23', 1, autumn)[0]?.start).toBe('2026-10-23T08:00:00.000Z')
    expect(slotsFor(oslo, '2026-10-26', 1, autumn)[0]?.start).toBe('2026-10-26T09:00:00.000Z')
  })

  it('Bangkok is UTC+7 with no change', () => {
    const march = starts(slotsFor(allDay('Asia/Bangkok'), '2026-03-29', 1, EARLY))
    expect(march).toEqual([
      '01:00=18:00',
      '01:30=18:30',
      '02:00=19:00',
      '02:30=19:30',
      '03:00=20:00',
      '03:30=20:30',
      '10:00=03:00',
      '10:30=03:30',
    ])
    const rama9 = storeById('th-bangkok-rama9')
    const slots = slotsFor(rama9, '2026-11-29', 1, new Date('2026-11-22T00:00:00Z'))
    expect(slots[0]).toEqual({
      start: '2026-11-29T03:00:00.000Z',
      localDate: '2026-11-29',
      localTime: '10:00',
      available: 3,
    })
    expect(slots).toHaveLength(10) // Sunday 10:00–20:00
  })

  it('Reykjavík is UTC all year', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-07-01']) {
      const slots = slotsFor(allDay('Atlantic/Reykjavik'), date, 1, EARLY)
      expect(slots.every((slot) => slot.start === `${date}T${slot.localTime}:00.000Z`)).toBe(true)
      expect(slots).toHaveLength(8)
    }
  })
})

describe('normalizeSlotStart', () => {
  it('writes any ISO instant as its UTC key', () => {
    expect(normalizeSlotStart('2026-03-30T10:00+02:00')).toBe('2026-03-30T08:00:00.000Z')
    expect(normalizeSlotStart('2026-03-30T08:00:00Z')).toBe('2026-03-30T08:00:00.000Z')
    expect(normalizeSlotStart('2026-03-30T08:00:00.000Z')).toBe('2026-03-30T08:00:00.000Z')
  })

  it('refuses text that is not an instant', () => {
    for (const text of ['2026-03-30', '2026-03-30T08:00', '2026-02-30T08:00Z', 'tomorrow', '2026-03-30T25:00Z']) {
      expect(normalizeSlotStart(text), text).toBeNull()
    }
  })
})

describe('canBook', () => {
  const slot = { start: '2026-03-30T08:00:00.000Z' }

  it('allows a booking while fewer than capacity hold the slot', () => {
    expect(canBook(slot, 0, 2)).toBe(true)
    expect(canBook(slot, 1, 2)).toBe(true)
    expect(canBook(slot, 2, 2)).toBe(false)
    expect(canBook(slot, 3, 2)).toBe(false)
  })

  it('refuses a slot without a valid start and bad counts', () => {
    expect(canBook({ start: 'soon' }, 0, 2)).toBe(false)
    expect(() => canBook(slot, -1, 2)).toThrow(RangeError)
    expect(() => canBook(slot, 0, 0)).toThrow(RangeError)
    expect(() => canBook(slot, 0.5, 2)).toThrow(RangeError)
  })
})

describe('slotsFor across changes of the clocks', () => {
  /** The slots as converting each wall time one by one with zonedTimeToUtc and utcToZoned gives them. */
  const reference = (store: ReturnType<typeof testStore>, from: string, days: number) => {
    const starts: string[] = []
    for (let day = 0; day < days; day++) {
      const date = new Date(Date.parse(`${from}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10)
      for (const interval of store.openingHours[weekdayOf(date)]) {
        for (let minute = minutesOfDay(interval.open); minute + 30 <= minutesOfDay(interval.close); minute += 30) {
          const time = formatMinutes(minute)
          const instant = zonedTimeToUtc(date, time, store.timeZone)
          const wall = utcToZoned(instant, store.timeZone)
          if (wall.date === date && wall.time === time) starts.push(instant.toISOString())
        }
      }
    }
    return starts.sort()
  }

  it.each([
    ['Europe/Oslo', '2026-03-27'],
    ['Europe/Oslo', '2026-10-23'],
    ['America/New_York', '2026-03-06'],
    ['Australia/Lord_Howe', '2026-04-03'],
    ['Australia/Lord_Howe', '2026-10-02'],
  ])('%s from %s: the same slots as converting each time on its own', (timeZone, from) => {
    const allDay = [{ open: '00:00', close: '23:59' }]
    const store = testStore({
      timeZone,
      openingHours: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
      testDrive: { slotMinutes: 30, capacity: 2, leadHours: 0, horizonDays: 30 },
    })
    const slots = slotsFor(store, from, 5, new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000))
    expect(slots.map((slot) => slot.start)).toEqual(reference(store, from, 5))
    for (const slot of slots)
      expect(utcToZoned(new Date(slot.start), timeZone)).toMatchObject({ date: slot.localDate, time: slot.localTime })
  })
})

describe('slotsFor for every visitor alike', () => {
  const monday = Date.parse('2026-03-30T06:00:00Z')

  it('offers, at any moment of the fortnight, the open slots from the lead time to the horizon', () => {
    const store = testStore()
    const { leadHours, horizonDays } = store.testDrive
    const booked = new Map<string, number>()
    // Every open slot of the fortnight, from a store with neither lead time nor horizon.
    const open = slotsFor(
      testStore({ testDrive: { ...store.testDrive, leadHours: 0, horizonDays: 400 } }),
      '2026-03-30',
      14,
      EARLY,
    )
    fc.assert(
      fc.property(fc.integer({ min: -2 * 24 * 60, max: 16 * 24 * 60 }), (minutes) => {
        const now = new Date(monday + minutes * 60_000)
        const lastDate = addDays(utcToZoned(now, store.timeZone).date, horizonDays)
        const expected = open.filter(
          (slot) => Date.parse(slot.start) >= now.getTime() + leadHours * 3_600_000 && slot.localDate <= lastDate,
        )
        expect(slotsFor(store, '2026-03-30', 14, now, booked)).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})
