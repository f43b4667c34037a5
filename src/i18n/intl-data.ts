import { provideIntl } from '../domain/locale-formats'

/** Whether the runtime formats a locale's numbers and dates itself (workerd and Chromium lack Icelandic). */
export function hasIntlData(locale: string): boolean {
  return (
    Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 &&
    Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0
  )
}

let icelandic: Promise<void> | null = null

/**
 * Makes sure a locale's numbers and dates can be formatted in it: for Icelandic on a runtime without its data,
 * loads the data (a separate chunk, fetched only then) once. Await it before formatting.
 *
 * @example
 * await loadIntlData('is-IS')
 * formatMoney({ amount: 699000000, currency: 'ISK' }, 'is-IS') // '6.990.000 kr.'
 */
export function loadIntlData(locale: string): Promise<void> {
  if (!locale.toLowerCase().startsWith('is')) return Promise.resolve()
  // Loading (or loaded) already: the same promise, without asking the runtime again on every request.
  if (icelandic) return icelandic
  if (hasIntlData(locale)) return Promise.resolve()
  icelandic ??= import('./icelandic-data').then(({ ICELANDIC_INTL }) =>
    // formatjs types its classes apart from lib.dom's; they implement the same ECMA-402 interface.
    provideIntl('is', ICELANDIC_INTL as unknown as Parameters<typeof provideIntl>[1]),
  )
  return icelandic
}
