import { createContext, useContext } from 'react'
import type { MessageKey, PageIntl } from '../i18n/intl'

const IntlContext = createContext<PageIntl | null>(null)
export const IntlProvider = IntlContext.Provider

type Values = Record<string, string | number | Date>

/** The request's intl instance. Throws outside a provider: a page rendered without one is a bug. */
export function useIntl(): PageIntl {
  const intl = useContext(IntlContext)
  if (!intl) throw new Error('useIntl outside IntlProvider')
  return intl
}

/**
 * Translate by key, typed against the en-US catalog.
 *
 * @example
 * const t = useT()
 * t('error.notFound.title')
 */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl()
  return (key, values) => intl.formatMessage({ id: key }, values)
}
