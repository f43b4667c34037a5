import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type enUS from '../../locales/en-US.json'
import type { Locale } from './sites'

export type Messages = typeof enUS
export type MessageKey = keyof Messages

/** Message namespaces every rendered page needs: layout, errors and shared words. */
// 'consent.footer': the footer's cookie-settings link, the only consent text a hydrated page renders.
export const COMMON_NAMESPACES = ['common', 'header', 'footer', 'error', 'site', 'consent.footer'] as const

/**
 * Only the messages under the given namespaces: what a hydrated page ships to the browser, so the
 * client does not download every screen's text.
 */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Partial<Messages> {
  const picked: Record<string, string> = {}
  for (const [key, value] of Object.entries(messages)) {
    if (namespaces.some((ns) => key.startsWith(`${ns}.`))) picked[key] = value
  }
  return picked as Partial<Messages>
}

const cache = createIntlCache()

/** One intl instance per request (or per hydration): never shared between visitors. */
export function createStoreIntl(locale: Locale, messages: Partial<Messages>): IntlShape<string> {
  return createIntl(
    {
      locale,
      messages: messages as Record<string, string>,
      defaultLocale: 'en-US',
      // Keys are typed against en-US and every catalog is checked complete by the locale test:
      // a missing message cannot ship, so it never needs to crash or spam a page at run time.
      onError: () => {},
    },
    cache,
  )
}
