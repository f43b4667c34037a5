/**
 * Wall-clock time in a store's IANA time zone. Only `Intl.DateTimeFormat` is used, so the same code runs in the
 * worker and in the browser bundle (no zod, no time-zone library, no tz database of our own).
 *
 * Method: `Intl.DateTimeFormat` with `timeZone` turns an instant into the zone's wall clock; the difference is the
 * zone's UTC offset at that instant. To go the other way, the wall time is read as if it were UTC and the offsets a
 * day before and a day after are tried; an offset is right when the instant it gives formats back to the same wall
 * time. That covers every zone whose offset changes at most once within two days (all real ones today).
 */
import { type IsoDate, isIsoDate } from '../catalog/markets'

const MINUTE = 60_000
const DAY = 86_400_000

/**
 * Weekdays in the order the opening hours are shown (ISO: Monday first).
 *
 * @example
 * WEEKDAYS[0] // 'mon'
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** A wall-clock time as `HH:mm`, 00:00 to 23:59. */
export type LocalTime = string

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * Whether a string is a wall-clock time as `HH:mm` (00:00 to 23:59).
 *
 * @example
 * isLocalTime('09:30') // true
 */
export function isLocalTime(value: string): boolean {
  return LOCAL_TIME.test(value)
}

/**
 * Minutes since midnight of an `HH:mm` time.
 *
 * @example
 * minutesOfDay('10:30') // 630
 */
export function minutesOfDay(time: LocalTime): number {
  if (!isLocalTime(time)) throw new RangeError(`not a time (HH:mm): ${time}`)
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

/**
 * The `HH:mm` time of minutes since midnight (0 to 1439).
 *
 * @example
 * formatMinutes(630) // '10:30'
 */
export function formatMinutes(minutes: number): LocalTime {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 1440)
    throw new RangeError(`not a minute of a day: ${minutes}`)
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * The weekday of a calendar date; a date has one weekday in every time zone.
 *
 * @example
 * weekdayOf('2026-03-29') // 'sun'
 */
export function weekdayOf(date: IsoDate): Weekday {
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`)
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay()
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/**
 * Whether the runtime knows an IANA time zone name.
 *
 * @example
 * isTimeZone('Europe/Oslo') // true
 */
export function isTimeZone(value: string): boolean {
  if (value.trim() === '' || value !== value.trim()) return false
  try {
    formatter(value)
    return true
  } catch {
    return false
  }
}

/** The zone's wall clock at an instant, read as if it were a UTC time (whole seconds), from the runtime. */
function formattedWallClockMs(instantMs: number, timeZone: string): number {
  const fields: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const { year = Number.NaN, month = Number.NaN, day = Number.NaN, hour = 0, minute = 0, second = 0 } = fields
  const wall = new Date(0)
  wall.setUTCFullYear(year, month - 1, day)
  wall.setUTCHours(hour, minute, second, 0)
  return wall.getTime()
}

/** The zone's offset at an instant, read from the runtime (one `formatToParts`). */
function formattedOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000
  return formattedWallClockMs(wholeSecond, timeZone) - wholeSecond
}

// The offset at each UTC midnight, per zone: a few hundred numbers, kept for the isolate's life.
const midnightOffsets = new Map<string, Map<number, number>>()
const MAX_MIDNIGHTS_PER_ZONE = 4096

function midnightOffset(day: number, timeZone: string): number {
  let offsets = midnightOffsets.get(timeZone)
  if (!offsets) {
    offsets = new Map()
    midnightOffsets.set(timeZone, offsets)
  }
  let offset = offsets.get(day)
  if (offset === undefined) {
    if (offsets.size >= MAX_MIDNIGHTS_PER_ZONE) offsets.clear()
    offset = formattedOffsetMs(day * DAY, timeZone)
    offsets.set(day, offset)
  }
  return offset
}

/**
 * The zone's offset from UTC at an instant, in milliseconds (Oslo in summer: +7 200 000). A UTC day whose two
 * midnights have the same offset has no change of the clocks in it (at most one change within two days, as above),
 * so the offset comes from those two cached readings; only a day with a change is read at the instant itself. A
 * page of slots then costs a few readings of the runtime instead of several per slot.
 */
function offsetMs(instantMs: number, timeZone: string): number {
  const day = Math.floor(instantMs / DAY)
  const start = midnightOffset(day, timeZone)
  return start === midnightOffset(day + 1, timeZone) ? start : formattedOffsetMs(instantMs, timeZone)
}

/** The zone's wall clock at an instant, read as if it were a UTC time (whole seconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  return Math.floor(instantMs / 1000) * 1000 + offsetMs(instantMs, timeZone)
}

/**
 * The instant at which a zone's wall clock shows a date and time. Around a change of the clocks it follows the
 * `compatible` rule of Temporal: a repeated time (autumn) is its first occurrence, a skipped time (spring) is
 * moved forward by the length of the gap (Oslo 2026-03-29 02:30 → 03:30 summer time).
 *
 * @example
 * zonedTimeToUtc('2026-03-30', '10:00', 'Europe/Oslo').toISOString() // '2026-03-30T08:00:00.000Z'
 */
export function zonedTimeToUtc(localDate: IsoDate, localTime: LocalTime, timeZone: string): Date {
  if (!isIsoDate(localDate)) throw new RangeError(`not a date: ${localDate}`)
  if (!isLocalTime(localTime)) throw new RangeError(`not a time (HH:mm): ${localTime}`)
  if (!isTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`)
  return new Date(wallToUtcMs(Date.parse(`${localDate}T${localTime}:00Z`), timeZone))
}

/**
 * `zonedTimeToUtc` in milliseconds, for a wall time already read as if it were UTC (`Date.parse('…T10:00:00Z')`)
 * in a zone already checked with `isTimeZone`: no checks, for code that converts many times of one zone.
 *
 * @example
 * wallToUtcMs(Date.parse('2026-03-30T10:00:00Z'), 'Europe/Oslo') // Date.parse('2026-03-30T08:00:00Z')
 */
export function wallToUtcMs(wall: number, timeZone: string): number {
  const before = offsetMs(wall - DAY, timeZone)
  const after = offsetMs(wall + DAY, timeZone)
  const first = Math.min(wall - before, wall - after)
  const second = Math.max(wall - before, wall - after)
  // The earlier instant that shows this wall time (a repeated time's first occurrence), else the later one.
  if (wallClockMs(first, timeZone) === wall) return first
  if (second !== first && wallClockMs(second, timeZone) === wall) return second
  // No offset matches: the time falls in a gap, so read it with the offset in force before the gap.
  return wall - before
}

/**
 * The wall-clock date, time (to the minute) and weekday of an instant in a zone.
 *
 * @example
 * utcToZoned(new Date('2026-10-25T09:00:00Z'), 'Europe/Oslo') // { date: '2026-10-25', time: '10:00', weekday: 'sun' }
 */
export function utcToZoned(instant: Date, timeZone: string): { date: IsoDate; time: LocalTime; weekday: Weekday } {
  const ms = instant.getTime()
  if (Number.isNaN(ms)) throw new RangeError('not a valid instant')
  if (!isTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`)
  const wall = new Date(wallMinuteMs(ms, timeZone))
  const date = wall.toISOString().slice(0, 10)
  return { date, time: wall.toISOString().slice(11, 16), weekday: weekdayOf(date) }
}

/**
 * The zone's wall clock at an instant to the minute, read as if it were UTC: what `utcToZoned` writes out, for a
 * zone already checked with `isTimeZone` (no checks).
 *
 * @example
 * new Date(wallMinuteMs(Date.parse('2026-10-25T09:00:30Z'), 'Europe/Oslo')).toISOString() // '2026-10-25T10:00:00.000Z'
 */
export function wallMinuteMs(instantMs: number, timeZone: string): number {
  const wall = Math.floor(instantMs / MINUTE) * MINUTE + offsetMs(instantMs, timeZone)
  // An offset of whole minutes (every zone's today) leaves it on the minute; an old one with seconds is cut to it.
  return Math.floor(wall / MINUTE) * MINUTE
}
