import { provideIntl } from './locale-formats'

/** Whether the runtime formats a locale's numbers and dates itself (workerd and Chromium lack Icelandic). */
export function hasIntlData(locale: string): boolean {
  return (
    Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 &&
    Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0
  )
}

let icelandic: Promise<void> | null = null

type IcelandicData = typeof import('./icelandic-data')

/**
 * The Icelandic data module. The Worker bundles it as a chunk of its own; the browser imports the client build's
 * fixed-name entry by its address (vite.config.ts, `intl-is`), so no preload helper joins every page's first
 * JavaScript (as `import()` of a chunk would add to the browser's build).
 */
function importIcelandic(): Promise<IcelandicData> {
  if (import.meta.env.SSR) return import('./icelandic-data')
  const src = import.meta.env.PROD
    ? `/assets/intl-is.js?v=${import.meta.env.VITE_BUILD_ID ?? 'dev'}`
    : '/src/client/entries/intl-is.ts'
  return import(/* @vite-ignore */ src) as Promise<IcelandicData>
}

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
  icelandic ??= importIcelandic().then(({ ICELANDIC_INTL }) =>
    // formatjs types its classes apart from lib.dom's; they implement the same ECMA-402 interface.
    provideIntl('is', ICELANDIC_INTL as unknown as Parameters<typeof provideIntl>[1]),
  )
  return icelandic
}
