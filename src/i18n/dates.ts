import { memo } from '../lib/memo'
import { formatted, dateTimeFormat as localeDateTimeFormat } from './locale-formats'

/**
 * A date in the storefront's format "DD MMM, YYYY HH:mm" (SPEC §9), month abbreviated in the
 * visitor's language (with its full stop, "janv."), in the site's time zone, 24-hour clock; the year in
 * the Buddhist Era for Thai.
 *
 * @example
 * formatDateTime(new Date('2026-03-05T13:30:00Z'), 'en-US', 'Europe/Oslo') // '05 Mar, 2026 14:30'
 */
export function formatDateTime(date: Date, locale: string, timeZone: string): string {
  return formatted(`datetime|${locale}|${timeZone}|${date.getTime()}`, () => dateTime(date, locale, timeZone))
}

function dateTime(date: Date, locale: string, timeZone: string): string {
  const parts = dateTimeFormat(locale, timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  // The abbreviation keeps its own full stop ("janv.", "มี.ค."): dropping it leaves a cut-off word.
  return `${part('day')} ${part('month')}, ${part('year')} ${part('hour')}:${part('minute')}`
}

// One formatter per locale and time zone: building one costs far more than using it.
const dateTimeFormats = memo<[], Intl.DateTimeFormat>(Number.POSITIVE_INFINITY, { share: false })

function dateTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormats([], `${locale}|${timeZone}`, () =>
    localeDateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // Thai readers count years in the Buddhist Era (2026 is 2569), as Thai documents do.
      calendar: locale.startsWith('th') ? 'buddhist' : 'gregory',
      numberingSystem: 'latn',
    }),
  )
}

/**
 * A date without time, "DD MMM, YYYY", month in the visitor's language (delivery windows).
 *
 * @example
 * formatDate('2027-03-05', 'en-US') // '05 Mar, 2027'
 */
export function formatDate(isoDate: string, locale: string): string {
  return formatDateTime(new Date(`${isoDate}T12:00:00Z`), locale, 'UTC').slice(0, -6)
}

/**
 * A calendar day with its weekday, in full words of the visitor's language ("tirsdag 8. desember"), the year added
 * where the day may lie in another year than the reader's (a booking read later); the Buddhist Era for Thai.
 *
 * @example
 * formatWeekdayDate('2026-12-08', 'nb-NO') // 'tirsdag 8. desember'
 * formatWeekdayDate('2026-12-08', 'en-US', { year: true }) // 'Tuesday, December 8, 2026'
 */
export function formatWeekdayDate(isoDate: string, locale: string, { year = false }: { year?: boolean } = {}): string {
  return formatted(`weekday|${locale}|${year ? 'y' : ''}|${isoDate}`, () =>
    weekdayDateFormat(locale, year).format(new Date(`${isoDate}T12:00:00Z`)),
  )
}

/**
 * A slot of a calendar day in full: its weekday, date and wall time ("tirsdag 8. desember · 10:00").
 *
 * @example
 * formatSlot('2026-12-08', '10:00', 'da-DK') // 'tirsdag den 8. december · 10:00'
 */
export function formatSlot(isoDate: string, localTime: string, locale: string, options?: { year?: boolean }): string {
  return `${formatWeekdayDate(isoDate, locale, options)} · ${localTime}`
}

const weekdayDateFormats = memo<[], Intl.DateTimeFormat>(Number.POSITIVE_INFINITY, { share: false })

function weekdayDateFormat(locale: string, year: boolean): Intl.DateTimeFormat {
  return weekdayDateFormats([], `${locale}|${year}`, () =>
    localeDateTimeFormat(locale, {
      // The day is a wall-calendar date, read at its noon in UTC: the same day in every time zone.
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(year ? { year: 'numeric' } : {}),
      calendar: locale.startsWith('th') ? 'buddhist' : 'gregory',
      numberingSystem: 'latn',
    }),
  )
}
