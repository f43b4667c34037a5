// Weekdays in full, for test-drive slots: apart from dates.ts, so a page that shows only plain dates (the
// configurator) does not load them.
import { memo } from '../lib/memo'
import { formatted, dateTimeFormat as localeDateTimeFormat } from './locale-formats'

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
