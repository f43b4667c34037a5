import type { Locale } from './sites'

/**
 * Regional variants and the catalog each one mostly repeats. The Worker bundles every catalog; the
 * build (vite.config.ts) ships a variant as its base plus only the messages that differ, so each
 * shared text is carried once. The files in locales/ stay complete for translators and tests.
 */
export const REGIONAL_BASES: Partial<Record<Locale, Locale>> = {
  'de-AT': 'de-DE',
  'fr-BE': 'fr-FR',
  'fr-LU': 'fr-FR',
  'nl-BE': 'nl-NL',
}

/**
 * The messages of a regional catalog that differ from its base: with the base, the whole catalog.
 *
 * @example
 * regionalDifferences({ a: 'Jänner', b: 'Auto' }, { a: 'Januar', b: 'Auto' }) // { a: 'Jänner' }
 */
export function regionalDifferences(
  own: Readonly<Record<string, string>>,
  base: Readonly<Record<string, string>>,
): Record<string, string> {
  const missing = Object.keys(base).filter((key) => !(key in own))
  if (missing.length > 0) throw new Error(`regional catalog lacks ${missing.slice(0, 5).join(', ')}`)
  return Object.fromEntries(Object.entries(own).filter(([key, text]) => base[key] !== text))
}
