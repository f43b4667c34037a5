import enUS from '../../locales/en-US.json'
import type { Messages } from './intl'
import type { Locale } from './sites'

/**
 * The catalogs' version this Worker was built with (vite.config.ts: a hash of locales/*.json); KV
 * holds each catalog under `i18n/<version>/<locale>` (scripts/content-seed.mjs, `npm run db:setup`).
 */
const CATALOG_VERSION: string = import.meta.env.VITE_CATALOG_VERSION ?? 'dev'

export const catalogKey = (locale: Locale) => `i18n/${CATALOG_VERSION}/${locale}`

/** Catalogs read once per isolate: they never change for a given version. */
const loaded = new Map<Locale, Promise<Messages | null>>()
const ready = new Map<Locale, Messages>()

/**
 * The message catalog of a locale. The 13 catalogs (~500 kB) are not in the Worker bundle: they are
 * read from KV once per isolate. If KV fails or lacks the entry, the page is rendered with the
 * bundled English catalog (degraded, never broken), and the next request tries KV again.
 */
export async function catalogFor(env: { KV: KVNamespace }, locale: Locale): Promise<Messages> {
  if (locale === 'en-US') return enUS
  let pending = loaded.get(locale)
  if (!pending) {
    pending = env.KV.get<Messages>(catalogKey(locale), { type: 'json', cacheTtl: 3600 }).catch((error: unknown) => {
      console.warn(`catalog ${locale}: KV read failed, serving English`, error)
      return null
    })
    loaded.set(locale, pending)
  }
  const messages = await pending
  if (messages) {
    ready.set(locale, messages)
    return messages
  }
  if (messages === null) console.warn(`catalog ${locale}: not in KV (${catalogKey(locale)}), serving English`)
  loaded.delete(locale)
  return enUS
}

/** Reads the catalogs a request will use (the worker does this before routing: `catalogsFor`). */
export async function preloadCatalogs(env: { KV: KVNamespace }, locales: readonly Locale[]): Promise<void> {
  await Promise.all([...new Set(locales)].map((locale) => catalogFor(env, locale)))
}

/**
 * A catalog already read (preloadCatalogs), for code that runs synchronously (API error messages,
 * renderers); the English one when it could not be read.
 */
export function catalog(locale: Locale): Messages {
  return locale === 'en-US' ? enUS : (ready.get(locale) ?? enUS)
}

/** For tests: forget the catalogs read so far. */
export function clearLoadedCatalogs(): void {
  loaded.clear()
  ready.clear()
}
