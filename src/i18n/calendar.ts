// No zod here: the browser's configurator imports it.
import type { IsoDate } from '../domain/catalog/markets'
import { memo } from '../lib/memo'

const formatters = memo<[], Intl.DateTimeFormat>(Number.POSITIVE_INFINITY, { share: false })
/** A zone's calendar day per UTC minute: a page asks for it many times. */
const days = memo<[], IsoDate>(64)

/**
 * The calendar day at an instant in a time zone, as an ISO date: a quote made at 00:30 in Bangkok is
 * dated by Bangkok's calendar, not by UTC's (which is still the day before).
 *
 * @example
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Asia/Bangkok') // '2026-11-24'
 * dateInTimeZone(new Date('2026-11-23T17:30:00Z'), 'Atlantic/Reykjavik') // '2026-11-23'
 */
export function dateInTimeZone(instant: Date, timeZone: string): IsoDate {
  // Every zone's offset from UTC is a whole number of minutes (since 1972): a zone's day changes on a minute.
  const minute = Math.floor(instant.getTime() / 60_000)
  if (!Number.isFinite(minute)) return dayOf(instant, timeZone)
  return days([], `${timeZone}|${minute}`, () => dayOf(instant, timeZone))
}

function dayOf(instant: Date, timeZone: string): IsoDate {
  const format = formatters(
    [],
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  )
  const parts = format.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}
