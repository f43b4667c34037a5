import { memo } from '../lib/memo'

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
  if (import.meta.env.SSR) intlData++
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
 * Why: the first Intl.NumberFormat or Intl.DateTimeFormat a browser page builds loads ICU's number data, the
 * largest single task of hydrating the configurator (decision 26). Hydration must produce the server's
 * text anyway, so the server hands its formatted strings over (the payload's `formats`) and the browser builds
 * no formatter until a customer's choice needs a figure the server did not show.
 *
 * Each entry is a pure function of its key (the kind, the locale and the value).
 */
const replayed = new Map<string, string>()

/** What one server render formatted, keyed by kind, locale and value, for its page's payload. */
export type FormattingNotes = Record<string, string>

/** Where the render in progress keeps its notes: set once per isolate by the renderer (worker/ssr/render.tsx). */
let renderNotes: () => FormattingNotes | undefined = () => undefined

/**
 * Tells formatting where the render in progress keeps its notes: the renderer hands each render its own (an
 * AsyncLocalStorage), so what one page formatted never lands in another's payload.
 *
 * @example
 * noteFormattingIn(() => renders.getStore())
 */
export function noteFormattingIn(notes: () => FormattingNotes | undefined): void {
  renderNotes = notes
}

/**
 * Texts the server formatted so far in this isolate: a page shows the same prices, rates and dates to every visitor,
 * and formatting one costs more than finding it again. A language's Intl data arriving (`provideIntl`) starts them
 * anew, since a text formatted before it was the runtime's fallback.
 */
// Server only: the browser's build leaves the memo out.
const rememberedTexts = import.meta.env.SSR ? memo<[], string>(4000) : null
let intlData = 0

/**
 * The text of one formatting: the server's, when the page was handed it, else `format()`'s (on the server, once per
 * key and then remembered), noted for the render in progress.
 *
 * @example
 * formatted(`money|de-DE|EUR|119800`, () => moneyFormat.format(1198)) // '1.198,00 €'
 */
export function formatted(key: string, format: () => string): string {
  const known = replayed.get(key)
  if (known !== undefined) return known
  // The browser formats the few figures a customer's choices add, and ships no memo for them.
  const text = rememberedTexts ? rememberedTexts([], `${intlData}|${key}`, format) : format()
  const notes = renderNotes()
  if (notes) notes[key] = text
  return text
}

/** The server's formatting of this page (the browser, before it hydrates). */
export function replayFormatting(texts: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(texts ?? {})) replayed.set(key, text)
}
