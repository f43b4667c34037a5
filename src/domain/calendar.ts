// No zod here: the browser's configurator imports it.
import type { IsoDate } from './catalog/markets'

const formatters = new Map<string, Intl.DateTimeFormat>()
/** Per zone, the last minute asked about and its calendar day. */
const lastDays = new Map<string, { minute: number; date: IsoDate }>()

/**
 * The calendar day at an instant in a time zone, as an ISO date: a quote made at 00:30 in Bangkok is
 * dated by Bangkok's calendar, not by UTC's (which is still the day before).
 *
 * @example
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Asia/Bangkok') // '2026-11-24'
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Atlantic/Reykjavik') // '2026-11-23'
 */
export function dateInTimeZone(instant: Date, timeZone: string): IsoDate {
  // Every zone's offset from UTC is a whole number of minutes (since 1972), so a zone's calendar day changes only on
  // a UTC minute boundary: the day is read once per zone and minute, not on every call (a page asks many times).
  const minute = Math.floor(instant.getTime() / 60_000)
  const last = lastDays.get(timeZone)
  if (last && last.minute === minute) return last.date
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, format)
  }
  const parts = format.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const date = `${part('year')}-${part('month')}-${part('day')}`
  if (Number.isFinite(minute)) lastDays.set(timeZone, { minute, date })
  return date
}
