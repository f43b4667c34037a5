// No zod here: the browser's configurator imports it.
import type { IsoDate } from './catalog/markets'

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The calendar day at an instant in a time zone, as an ISO date: a quote made at 00:30 in Bangkok is
 * dated by Bangkok's calendar, not by UTC's (which is still the day before).
 *
 * @example
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Asia/Bangkok') // '2026-11-24'
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Atlantic/Reykjavik') // '2026-11-23'
 */
export function dateInTimeZone(instant: Date, timeZone: string): IsoDate {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, format)
  }
  const parts = format.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}
