import type { MessageKey } from './intl'

/**
 * A message key that comes from data or from the domain (price rules' line labels and notes, finance figures,
 * the field problems of form validation, which may not import i18n) rather than from code the compiler sees:
 * the one place such a string becomes a key, so it can be found; `src/i18n/data-keys.test.ts` checks the data
 * keys against every catalog, and a problem key a catalog lacks is reported by the intl, failing its test.
 *
 * @example
 * t(dataMessageKey(line.labelKey))
 */
export function dataMessageKey(key: string): MessageKey {
  return key as MessageKey
}
