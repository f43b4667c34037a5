/**
 * Test-drive slots of a store, laid out on the store's wall clock in its own time zone.
 */
import { addDays, type IsoDate, isIsoDate } from '../catalog/markets'
import type { Store } from './schema'
import { formatMinutes, type LocalTime, minutesOfDay, utcToZoned, wallMinuteMs, wallToUtcMs, weekdayOf } from './time'

const HOUR = 3_600_000
const MINUTE = 60_000

/** A slot's start as an ISO instant in UTC exactly as `Date.prototype.toISOString` writes it. */
export type SlotStartIso = string

/**
 * One bookable test-drive slot.
 *
 * @example
 * const slot: Slot = { start: '2026-03-30T08:00:00.000Z', localDate: '2026-03-30', localTime: '10:00', available: 2 }
 */
export interface Slot {
  start: SlotStartIso
  /** The date and time on the store's wall clock. */
  localDate: IsoDate
  localTime: LocalTime
  /** Cars still free: capacity minus bookings, always ≥ 1. */
  available: number
}

/** The part of a store slot generation needs. */
export type SlotStore = Pick<Store, 'timeZone' | 'openingHours' | 'closedDates' | 'testDrive'>

/** At most this many days are generated per call (a year). */
export const MAX_SLOT_DAYS = 366

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The canonical slot key (`toISOString`, UTC) of an ISO-8601 instant with `Z` or an offset, or null when the
 * text is not one. Bookings are counted under this key.
 *
 * @example
 * normalizeSlotStart('2026-03-30T10:00+02:00') // '2026-03-30T08:00:00.000Z'
 */
export function normalizeSlotStart(value: string): SlotStartIso | null {
  if (!ISO_INSTANT.test(value) || !isIsoDate(value.slice(0, 10))) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/**
 * The free slots of a store on `days` local dates from `fromDate`, in time order.
 *
 * A weekday's opening intervals are cut into slots of `slotMinutes` from the opening time; the last slot ends at
 * or before closing. Times are wall-clock times in `store.timeZone`, converted with `zonedTimeToUtc`, so a slot
 * at 10:00 stays at 10:00 local across a clock change. A wall time skipped by a clock change is not offered; a
 * repeated one is offered once (its first occurrence). Left out: dates in `closedDates`; slots starting before
 * `now` + `leadHours`; dates after the store's today + `horizonDays`; slots with `booked` ≥ capacity.
 *
 * @param booked bookings per slot start (`SlotStartIso` key) of this store
 * @example
 * slotsFor(oslo, '2026-03-30', 1, new Date('2026-03-28T12:00:00Z'), new Map())[0]
 * // { start: '2026-03-30T08:00:00.000Z', localDate: '2026-03-30', localTime: '10:00', available: 2 }
 */
export function slotsFor(
  store: SlotStore,
  fromDate: IsoDate,
  days: number,
  now: Date,
  booked: ReadonlyMap<SlotStartIso, number> = new Map(),
): Slot[] {
  if (!isIsoDate(fromDate)) throw new RangeError(`not a date: ${fromDate}`)
  if (!Number.isInteger(days) || days < 0 || days > MAX_SLOT_DAYS) {
    throw new RangeError(`days must be a whole number from 0 to ${MAX_SLOT_DAYS}, got ${days}`)
  }
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid instant')
  return slotsInWindow(layOutSlots(store, fromDate, days), store, now, booked)
}

/**
 * The free slots among a store's laid-out slots (`layOutSlots`) at a moment: those in the booking window
 * (`slotWindow`) with a place left.
 */
export function slotsInWindow(
  open: readonly OpenSlot[],
  store: SlotStore,
  now: Date,
  booked: ReadonlyMap<SlotStartIso, number> = new Map(),
): Slot[] {
  const { first, end } = slotWindow(open, store, now)
  return freeSlots(open, first, end, booked, store.testDrive.capacity)
}

/**
 * Which of a store's laid-out slots (in time order) may be booked at a moment: from the first one at least the lead
 * time away to the last one within the horizon, as `open.slice(first, end)`.
 */
export function slotWindow(open: readonly OpenSlot[], store: SlotStore, now: Date): { first: number; end: number } {
  const { timeZone, testDrive } = store
  const earliest = now.getTime() + testDrive.leadHours * HOUR
  const lastDate = addDays(utcToZoned(now, timeZone).date, testDrive.horizonDays)
  let first = 0
  while (first < open.length && (open[first] as OpenSlot).instant < earliest) first++
  let end = first
  while (end < open.length && (open[end] as OpenSlot).localDate <= lastDate) end++
  return { first, end }
}

/** The slots of `open.slice(first, end)` with places left, and how many. */
export function freeSlots(
  open: readonly OpenSlot[],
  first: number,
  end: number,
  booked: ReadonlyMap<SlotStartIso, number>,
  capacity: number,
): Slot[] {
  const slots: Slot[] = []
  for (const slot of open.slice(first, end)) {
    const available = capacity - (booked.get(slot.start) ?? 0)
    if (available > 0)
      slots.push({ start: slot.start, localDate: slot.localDate, localTime: slot.localTime, available })
  }
  return slots
}

/** A slot of a store's opening hours, before bookings: its start, as an instant too, and its wall-clock date and time. */
export interface OpenSlot {
  start: SlotStartIso
  instant: number
  localDate: IsoDate
  localTime: LocalTime
}

/** Every slot of the store's opening hours on `days` dates from `fromDate`, closed dates and skipped times left out. */
export function layOutSlots(store: SlotStore, fromDate: IsoDate, days: number): OpenSlot[] {
  const { timeZone, testDrive } = store
  const closed = new Set(store.closedDates)
  const slots: OpenSlot[] = []
  for (let day = 0; day < days; day++) {
    const localDate = addDays(fromDate, day)
    if (closed.has(localDate)) continue
    const dayStart = Date.parse(`${localDate}T00:00:00Z`)
    for (const interval of store.openingHours[weekdayOf(localDate)]) {
      const close = minutesOfDay(interval.close)
      for (
        let minute = minutesOfDay(interval.open);
        minute + testDrive.slotMinutes <= close;
        minute += testDrive.slotMinutes
      ) {
        const localTime = formatMinutes(minute)
        // zonedTimeToUtc and utcToZoned without their checks: slotsFor checked the zone, date and time are ours.
        const wall = dayStart + minute * MINUTE
        const instant = wallToUtcMs(wall, timeZone)
        if (wallMinuteMs(instant, timeZone) !== wall) continue
        slots.push({ start: new Date(instant).toISOString(), instant, localDate, localTime })
      }
    }
  }
  return slots.sort((a, b) => a.instant - b.instant)
}

/**
 * Whether one more booking fits a slot: the start is a valid instant and fewer than `capacity` bookings hold it.
 *
 * This is a pre-check for the screen and the request handler only. Two visitors can pass it for the last car at
 * the same moment, so the storage layer must enforce capacity itself: it inserts a booking with one conditional
 * statement that counts the slot's bookings in the same statement, e.g.
 * `INSERT INTO test_drive_bookings (…) SELECT … WHERE (SELECT COUNT(*) FROM test_drive_bookings
 * WHERE store_id = ? AND slot_start = ? AND status <> 'cancelled') < ?capacity`, and reports `slotUnavailable`
 * when no row was inserted. A read followed by a separate insert is not enough.
 *
 * @example
 * canBook({ start: '2026-03-30T08:00:00.000Z' }, 1, 2) // true
 */
export function canBook(slot: Pick<Slot, 'start'>, bookedCount: number, capacity: number): boolean {
  if (!Number.isInteger(bookedCount) || bookedCount < 0)
    throw new RangeError(`bookedCount must be ≥ 0, got ${bookedCount}`)
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be ≥ 1, got ${capacity}`)
  return normalizeSlotStart(slot.start) !== null && bookedCount < capacity
}
