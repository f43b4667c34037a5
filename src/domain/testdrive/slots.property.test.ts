import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../catalog/markets'
import type { OpeningHours, OpeningInterval } from './schema'
import { slotsFor } from './slots'
import { testStore } from './test-data'
import { formatMinutes, minutesOfDay, utcToZoned, WEEKDAYS, weekdayOf } from './time'

const ZONES = [
  'Europe/Oslo',
  'Asia/Bangkok',
  'Atlantic/Reykjavik',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
]

/** 0–2 ordered, non-overlapping intervals on a quarter-hour grid. */
const dayArb: fc.Arbitrary<OpeningInterval[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 95 }), { minLength: 0, maxLength: 4 })
  .map((points) => {
    const sorted = points.sort((a, b) => a - b).map((quarter) => quarter * 15)
    const intervals: OpeningInterval[] = []
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      intervals.push({ open: formatMinutes(sorted[i] as number), close: formatMinutes(sorted[i + 1] as number) })
    }
    return intervals
  })

const hoursArb = fc
  .tuple(...WEEKDAYS.map(() => dayArb))
  .map((days) => Object.fromEntries(WEEKDAYS.map((day, i) => [day, days[i]])) as OpeningHours)

const BASE = Date.parse('2026-01-01T00:00:00Z')
const caseArb = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  openingHours: hoursArb,
  slotMinutes: fc.constantFrom(15, 30, 45, 60, 90),
  capacity: fc.integer({ min: 1, max: 4 }),
  leadHours: fc.integer({ min: 0, max: 72 }),
  horizonDays: fc.integer({ min: 1, max: 40 }),
  // Any day of 2026–2027, or five days before a clock change (New York, Oslo, Sydney, Lord Howe: March, April, October).
  fromDay: fc.oneof(fc.integer({ min: 0, max: 700 }), fc.constantFrom(61, 82, 89, 271, 292, 299)),
  days: fc.integer({ min: 1, max: 10 }),
  nowOffsetHours: fc.integer({ min: -24 * 3, max: 24 * 2 }),
  closedOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
  bookedSeed: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }),
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

function build(c: Case) {
  const fromDate = addDays('2026-01-01', c.fromDay)
  const store = testStore({
    timeZone: c.timeZone,
    openingHours: c.openingHours,
    closedDates: c.closedOffsets.map((offset) => addDays(fromDate, offset)),
    testDrive: { slotMinutes: c.slotMinutes, capacity: c.capacity, leadHours: c.leadHours, horizonDays: c.horizonDays },
  })
  const now = new Date(BASE + c.fromDay * 86_400_000 + c.nowOffsetHours * 3_600_000)
  // Bookings on the slots the store would offer without any, so some become full.
  const free = slotsFor(store, fromDate, c.days, now)
  const booked = new Map<string, number>()
  c.bookedSeed.forEach((count, i) => {
    const slot = free[(i * 7) % Math.max(free.length, 1)]
    if (slot !== undefined) booked.set(slot.start, count)
  })
  return { store, fromDate, now, booked, slots: slotsFor(store, fromDate, c.days, now, booked) }
}

describe('slot generation properties', () => {
  it('every slot lies inside the opening hours on the store’s wall clock, on an open day', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { store, fromDate, slots } = build(c)
        for (const slot of slots) {
          const wall = utcToZoned(new Date(slot.start), store.timeZone)
          expect(wall).toMatchObject({ date: slot.localDate, time: slot.localTime })
          expect(store.closedDates).not.toContain(slot.localDate)
          expect(slot.localDate >= fromDate && slot.localDate < addDays(fromDate, c.days)).toBe(true)
          const start = minutesOfDay(slot.localTime)
          const inside = store.openingHours[weekdayOf(slot.localDate)].some(
            (interval) => minutesOfDay(interval.open) <= start && start + c.slotMinutes <= minutesOfDay(interval.close),
          )
          expect(inside, `${slot.localDate} ${slot.localTime}`).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('no slot has available ≤ 0, and available is capacity minus bookings', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { booked, slots } = build(c)
        for (const slot of slots) {
          expect(slot.available).toBeGreaterThan(0)
          expect(slot.available).toBe(c.capacity - (booked.get(slot.start) ?? 0))
        }
      }),
      { numRuns: 150 },
    )
  })

  it('slots respect the lead time and horizon and come once each, in time order', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { store, now, slots } = build(c)
        const lastDate = addDays(utcToZoned(now, store.timeZone).date, c.horizonDays)
        slots.forEach((slot, i) => {
          expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(now.getTime() + c.leadHours * 3_600_000)
          expect(slot.localDate <= lastDate).toBe(true)
          if (i > 0) expect(slot.start > (slots[i - 1]?.start ?? '')).toBe(true)
        })
      }),
      { numRuns: 150 },
    )
  })
})
