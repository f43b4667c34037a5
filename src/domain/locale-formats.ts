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
  if (import.meta.env.SSR) rememberedTexts.clear()
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

/*
 * Formatting a page's server render did, replayed in the browser while the page hydrates.
 *
 * Why: the first Intl.NumberFormat or Intl.DateTimeFormat a browser page builds loads ICU's number data, which
 * cost 35–80 ms of main-thread time on the bench machine (the later ones cost under 6 ms), four times that on
 * Lighthouse's phone: the largest single task of hydrating the configurator. Hydration must produce the server's
 * text anyway, so the server hands its formatted strings over (the payload's `formats`) and the browser builds
 * no formatter until a customer's choice needs a figure the server did not show.
 *
 * Each entry is a pure function of its key (the kind, the locale and the value), so a key another render of the
 * same isolate added is still right for this page: the recording needs no isolation between requests.
 */
const replayed = new Map<string, string>()
let recording: Record<string, string> | null = null

/**
 * Texts the server formatted so far in this isolate, the oldest dropped past `REMEMBERED_TEXTS`: a page shows the
 * same prices, rates and dates to every visitor, and formatting one costs more than finding it again. Cleared when a
 * language's Intl data arrives (`provideIntl`), since a text formatted before it was the runtime's fallback.
 */
const rememberedTexts = new Map<string, string>()
const REMEMBERED_TEXTS = 4000

/**
 * The text of one formatting: the server's, when the page was handed it, else `format()`'s (on the server, once per
 * key and then remembered), noted while a render records.
 *
 * @example
 * formatted(`money|de-DE|EUR|119800`, () => moneyFormat.format(1198)) // '1.198,00 €'
 */
export function formatted(key: string, format: () => string): string {
  const known = replayed.get(key)
  if (known !== undefined) return known
  // The browser formats the few figures a customer's choices add, and ships no memo for them.
  const text = import.meta.env.SSR ? remembered(key, format) : format()
  if (recording) recording[key] = text
  return text
}

function remembered(key: string, format: () => string): string {
  let text = rememberedTexts.get(key)
  if (text === undefined) {
    text = format()
    if (rememberedTexts.size >= REMEMBERED_TEXTS) rememberedTexts.delete(rememberedTexts.keys().next().value as string)
    rememberedTexts.set(key, text)
  }
  return text
}

/** Starts noting every `formatted` text (the server, as it renders a page that hydrates). */
export function recordFormatting(): void {
  recording = {}
}

/** What was noted since `recordFormatting`, for the page's payload; noting stops. */
export function takeFormatting(): Record<string, string> {
  const taken = recording ?? {}
  recording = null
  return taken
}

/** The server's formatting of this page (the browser, before it hydrates). */
export function replayFormatting(texts: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(texts ?? {})) replayed.set(key, text)
}
