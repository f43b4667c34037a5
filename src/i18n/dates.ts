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
