import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import type enUS from '../../locales/en-US.json'
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

const picks = new WeakMap<Messages, Map<string, Partial<Messages>>>()

/**
 * Only the messages under the given namespaces: what a hydrated page ships to the browser, so the
 * client does not download every screen's text. Catalogs never change at run time, so each pick is
 * computed once per catalog and namespace list and then reused.
 */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Partial<Messages> {
  let byNamespaces = picks.get(messages)
  if (!byNamespaces) {
    byNamespaces = new Map()
    picks.set(messages, byNamespaces)
  }
  const key = namespaces.join(',')
  let picked = byNamespaces.get(key)
  if (!picked) {
    const entries = Object.entries(messages).filter(([id]) => namespaces.some((ns) => id.startsWith(`${ns}.`)))
    picked = Object.fromEntries(entries) as Partial<Messages>
    byNamespaces.set(key, picked)
  }
  return picked
}

const cache = createIntlCache()

/**
 * A message that cannot be formatted (unknown key, missing value, bad syntax) is a bug: it is logged,
 * which fails the test that caused it (test/no-console-error.ts). The one expected complaint is the
 * runtime's missing Icelandic data, which src/i18n/intl-data.ts provides to our own formatters.
 */
function reportIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_DATA') return
  console.error(`intl: ${error.message}`)
}

type FormatMessage = IntlShape<string>['formatMessage']

/** Messages asked for without values, as formatted, per catalog object and locale: only ids the catalog has. */
const plainTexts = new WeakMap<object, Map<string, string>>()

/** One intl instance per request (or per hydration): never shared between visitors. */
export function createRequestIntl(locale: Locale, messages: Partial<Messages> | CompiledMessages): IntlShape<string> {
  const intl = createIntl(
    {
      locale,
      messages: messages as Record<string, string> | CompiledMessages,
      defaultLocale: 'en-US',
      onError: reportIntlError,
    },
    cache,
  )
  let texts = plainTexts.get(messages)
  if (!texts) {
    texts = new Map()
    plainTexts.set(messages, texts)
  }
  const known = texts
  const format = intl.formatMessage as (
    descriptor: MessageDescriptor,
    values?: Parameters<FormatMessage>[1],
    options?: Parameters<FormatMessage>[2],
  ) => ReturnType<FormatMessage>
  // Most texts of a page (headings, labels, buttons) take no values: each is formatted once per catalog and
  // locale, not on every request; a message with values is formatted every time, as before.
  const formatMessage = ((
    descriptor: MessageDescriptor,
    values?: Parameters<FormatMessage>[1],
    options?: Parameters<FormatMessage>[2],
  ) => {
    const id = String(descriptor.id)
    if (values !== undefined || options !== undefined || descriptor.defaultMessage !== undefined) {
      return format(descriptor, values, options)
    }
    const key = `${locale}\u0000${id}`
    let text = known.get(key)
    if (text === undefined) {
      const formatted = format(descriptor)
      if (typeof formatted !== 'string' || !Object.hasOwn(messages, id)) return formatted
      text = formatted
      known.set(key, text)
    }
    return text
  }) as FormatMessage
  return { ...intl, formatMessage, $t: formatMessage }
}
