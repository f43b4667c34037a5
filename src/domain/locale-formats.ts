/**
 * The Intl constructors to format a language with. The runtime's own, unless a language's data had to be
 * shipped (workerd and Chromium carry no Icelandic number or date data and would fall back to English:
 * "ISK 6,990,000"); `src/i18n/intl-data.ts` provides those, only where a page or message needs them.
 */
type NumberFormatConstructor = new (locale: string, options?: Intl.NumberFormatOptions) => Intl.NumberFormat
type DateTimeFormatConstructor = new (locale: string, options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat

const provided = new Map<string, { NumberFormat: NumberFormatConstructor; DateTimeFormat: DateTimeFormatConstructor }>()

const language = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? ''

/**
 * Registers shipped constructors for a language.
 *
 * @example
 * provideIntl('is', { NumberFormat, DateTimeFormat })
 */
export function provideIntl(
  lang: string,
  ctors: { NumberFormat: NumberFormatConstructor; DateTimeFormat: DateTimeFormatConstructor },
): void {
  provided.set(lang, ctors)
}

/**
 * A number format for a locale, from shipped data where the runtime lacks it.
 *
 * @example
 * numberFormat('is-IS', { style: 'currency', currency: 'ISK' }).format(6990000) // '6.990.000 kr.' once provided
 */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const Ctor = provided.get(language(locale))?.NumberFormat ?? Intl.NumberFormat
  return new Ctor(locale, options)
}

/**
 * A date format for a locale, from shipped data where the runtime lacks it.
 *
 * @example
 * dateTimeFormat('is-IS', { month: 'short' }).format(new Date('2026-03-25')) // 'mar.' once provided
 */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const Ctor = provided.get(language(locale))?.DateTimeFormat ?? Intl.DateTimeFormat
  return new Ctor(locale, options)
}
