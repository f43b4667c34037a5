import type { MessageKey } from './intl'

/**
 * A message key that comes from data or from a domain table (price rules' line labels and notes, finance
 * figures) rather than from code the compiler sees: the one place such a string becomes a key, so it can be
 * found; `src/i18n/data-keys.test.ts` checks every such key against every catalog.
 *
 * @example
 * t(dataMessageKey(line.labelKey))
 */
export function dataMessageKey(key: string): MessageKey {
  return key as MessageKey
}
