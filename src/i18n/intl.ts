import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import type enUS from '../../locales/en-US.json'
import { logLine } from '../domain/log'
import { memo } from '../lib/memo'
import type { Locale } from './sites'

export type Messages = typeof enUS
export type MessageKey = keyof Messages
/**
 * A page whose heading and lead are in the catalog (`page.<id>.heading`, `page.<id>.lead`): routes built from
 * an id (legal documents, shell pages) name their texts with it, checked by the compiler.
 */
export type PageTextId = {
  [K in MessageKey]: K extends `page.${infer Id}.heading` ? (`page.${Id}.lead` extends MessageKey ? Id : never) : never
}[MessageKey]
/** Messages parsed ahead of time (src/worker/ssr/compiled-messages.ts): what a hydrating page receives. */
export type CompiledMessages = Record<string, MessageFormatElement[]>

/**
 * What components format with: the server's @formatjs/intl instance, or the browser's formatter of
 * compiled messages (src/i18n/compiled-intl.ts), which ships without the parser or @formatjs/intl.
 */
export interface PageIntl {
  readonly locale: string
  formatMessage(descriptor: { id: MessageKey }, values?: Record<string, string | number | Date>): string
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string
}

/** Message namespaces every rendered page needs: layout, errors and shared words. */
// 'consent.footer': the footer's cookie-settings link, the only consent text a hydrated page renders.
export const COMMON_NAMESPACES = ['common', 'header', 'footer', 'error', 'site', 'consent.footer'] as const

const picks = memo<[Messages], Partial<Messages>>(64)

/**
 * Only the messages under the given namespaces: what a hydrated page ships to the browser, so the
 * client does not download every screen's text. Catalogs never change at run time, so each pick is
 * computed once per catalog and namespace list and then reused.
 */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Partial<Messages> {
  return picks([messages], namespaces.join(','), () => {
    const entries = Object.entries(messages).filter(([id]) => namespaces.some((ns) => id.startsWith(`${ns}.`)))
    return Object.fromEntries(entries) as Partial<Messages>
  })
}

const cache = createIntlCache()

/**
 * A message that cannot be formatted (unknown key, missing value, bad syntax) is a bug: it is logged,
 * which fails the test that caused it (test/no-console-error.ts). The one expected complaint is the
 * runtime's missing Icelandic data, which src/i18n/intl-data.ts provides to our own formatters.
 */
function reportIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_DATA') return
  console.error(logLine('error', `intl: ${error.message}`))
}

type FormatMessage = IntlShape<string>['formatMessage']
/** A message parsed once, formatted with each call's values (intl-messageformat's, through @formatjs/intl). */
type ParsedMessage = ReturnType<IntlShape<string>['formatters']['getMessageFormat']>

/** The intl instances made so far, per catalog object and locale. */
const instances = memo<[object], IntlShape<string>>(Number.POSITIVE_INFINITY, { share: false })

/**
 * The intl instance of a locale's catalog, made once per catalog object and locale and then reused by every request
 * (or hydration) that formats with them: it holds the catalog, the locale and formatters, nothing of a visitor's.
 * Catalogs never change once read (a new catalog is a new object, with instances of its own).
 */
export function intlFor(locale: Locale, messages: Partial<Messages> | CompiledMessages): IntlShape<string> {
  return instances([messages], locale, () => catalogIntl(locale, messages))
}

function catalogIntl(locale: Locale, messages: Partial<Messages> | CompiledMessages): IntlShape<string> {
  const intl = createIntl(
    {
      locale,
      messages: messages as Record<string, string> | CompiledMessages,
      defaultLocale: 'en-US',
      onError: reportIntlError,
    },
    cache,
  )
  const format = intl.formatMessage as (
    descriptor: MessageDescriptor,
    values?: Parameters<FormatMessage>[1],
    options?: Parameters<FormatMessage>[2],
  ) => ReturnType<FormatMessage>
  // Most texts of a page (headings, labels, buttons) take no values: each is formatted once, then reused. A message
  // with values keeps its parsed form: @formatjs/intl would look it up on every call by a key serialized from the
  // message and its options, which cost more than formatting it.
  const texts = new Map<string, string>()
  const parsed = new Map<string, ParsedMessage | null>()
  // A message's text for the same plain values (a choice's price, a count) is kept too: a page formats the same ones
  // for every visitor. Never a date, an element or a function (formatted afresh); the oldest dropped past a bound.
  const formattedWith = new Map<string, string>()
  const formatters = keptFormatters(intl.formatters)
  const known = (id: string) => (Object.hasOwn(messages, id) ? (messages as Record<string, unknown>)[id] : undefined)
  const formatMessage = ((
    descriptor: MessageDescriptor,
    values?: Parameters<FormatMessage>[1],
    options?: Parameters<FormatMessage>[2],
  ) => {
    const id = String(descriptor.id)
    if (options !== undefined || descriptor.defaultMessage !== undefined) return format(descriptor, values, options)
    if (values !== undefined) {
      const key = plainValuesKey(id, values)
      const kept = key === null ? undefined : formattedWith.get(key)
      if (kept !== undefined) return kept
      let message = parsed.get(id)
      if (message === undefined) {
        message = parse(intl, known(id), formatters)
        parsed.set(id, message)
      }
      if (message) {
        try {
          const text = message.format(values)
          if (key !== null && typeof text === 'string') {
            if (formattedWith.size >= KEPT_TEXTS) formattedWith.delete(formattedWith.keys().next().value as string)
            formattedWith.set(key, text)
          }
          return text
        } catch {
          // A value missing or of the wrong kind: the library's own path reports it and chooses the fallback.
        }
      }
      return format(descriptor, values)
    }
    let text = texts.get(id)
    if (text === undefined) {
      const formatted = format(descriptor)
      if (typeof formatted !== 'string' || !Object.hasOwn(messages, id)) return formatted
      text = formatted
      texts.set(id, text)
    }
    return text
  }) as FormatMessage
  return { ...intl, formatMessage, $t: formatMessage }
}

/** How many texts formatted with values an intl instance keeps (each at most a few hundred bytes). */
const KEPT_TEXTS = 4000
/** A value longer than this is formatted every time rather than kept. */
const KEPT_VALUE_LENGTH = 200

/**
 * A key naming a message and its values when every value is a short string or a number, else null. Each string is
 * written with its length, so no two sets of values share a key; `-0` is told from `0`, which formats as "-0".
 *
 * @example
 * plainValuesKey('configurator.priceAdd', { price: '9 900 kr' }) // 'configurator.priceAdd\0price\0s8:9 900 kr'
 */
export function plainValuesKey(id: string, values: Record<string, unknown>): string | null {
  let key = id
  for (const name in values) {
    const value = values[name]
    if (typeof value === 'number') key += `\0${name}\0n${Object.is(value, -0) ? '-0' : value}`
    else if (typeof value === 'string' && value.length <= KEPT_VALUE_LENGTH)
      key += `\0${name}\0s${value.length}:${value}`
    else return null
  }
  return key
}

/**
 * A catalog message as @formatjs/intl formats it (the same formatters and formats), or null when the catalog has no
 * such message or it does not parse: the library's path then reports the error and falls back.
 */
function parse(intl: IntlShape<string>, message: unknown, formatters: MessageFormatters): ParsedMessage | null {
  if (typeof message !== 'string' && !Array.isArray(message)) return null
  try {
    return intl.formatters.getMessageFormat(message as string | MessageFormatElement[], intl.locale, intl.formats, {
      formatters,
    })
  } catch {
    return null
  }
}

type Formatters = IntlShape<string>['formatters']
/** What a parsed message formats its numbers, dates and plurals with. */
type MessageFormatters = Pick<Formatters, 'getNumberFormat' | 'getDateTimeFormat' | 'getPluralRules'>

/** Keys of formatters asked for without options, and of plural rules, which are asked for with a new object each time. */
const NO_OPTIONS = {}
const PLURAL_TYPES = { cardinal: {}, ordinal: {} }

/**
 * The intl's formatters for its parsed messages, each kept per locale and options object (a parsed message passes the
 * same options object every time) or, for plural rules, per rule type: @formatjs/intl's own look each one up by its
 * arguments serialized to JSON, on every number, date and plural of every message.
 */
function keptFormatters(formatters: Formatters): MessageFormatters {
  const kept = <Made, Options extends object | undefined>(
    make: (locales: string | string[] | undefined, options?: Options) => Made,
    key: (options: Options | undefined) => object = (options) => options ?? NO_OPTIONS,
  ) => {
    const byLocale = new Map<string, WeakMap<object, Made>>()
    return (locales: string | string[] | undefined, options?: Options): Made => {
      let made = byLocale.get(String(locales))
      if (!made) {
        made = new WeakMap()
        byLocale.set(String(locales), made)
      }
      let formatter = made.get(key(options))
      if (formatter === undefined) {
        formatter = make(locales, options)
        made.set(key(options), formatter)
      }
      return formatter
    }
  }
  return {
    getNumberFormat: kept(formatters.getNumberFormat),
    getDateTimeFormat: kept(formatters.getDateTimeFormat),
    getPluralRules: kept(formatters.getPluralRules, (options) => PLURAL_TYPES[options?.type ?? 'cardinal']),
  }
}
