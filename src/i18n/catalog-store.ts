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

/** Neither the locale's catalog nor the English one could be read from KV: there is no text to answer with. */
export class CatalogUnavailableError extends Error {
  constructor(locale: Locale) {
    super(`catalog ${locale}: neither it nor en-US could be read from KV (${catalogKey(locale)})`)
    this.name = 'CatalogUnavailableError'
  }
}

async function readCatalog(env: { KV: KVNamespace }, locale: Locale): Promise<Messages | null> {
  let pending = loaded.get(locale)
  if (!pending) {
    // A missing binding throws at once: a failure like any other.
    pending = Promise.resolve()
      .then(() => env.KV.get<Messages>(catalogKey(locale), { type: 'json', cacheTtl: 3600 }))
      .catch((error: unknown) => {
        console.warn(`catalog ${locale}: KV read failed`, error)
        return null
      })
    loaded.set(locale, pending)
  }
  const messages = await pending
  if (messages) ready.set(locale, messages)
  // A failed or missing read is tried again by the next request.
  else loaded.delete(locale)
  return messages
}

/**
 * The message catalog of a locale. None of the 13 catalogs (~560 kB) is in the Worker bundle: each is
 * read from KV once per isolate. If KV fails or lacks the locale's entry, the English catalog (also from
 * KV) is used (degraded, never broken), and the next request tries the locale again. If English cannot
 * be read either, it throws `CatalogUnavailableError` (the worker answers 503, a queued e-mail is retried).
 */
export async function catalogFor(env: { KV: KVNamespace }, locale: Locale): Promise<Messages> {
  const messages = await readCatalog(env, locale)
  if (messages) return messages
  if (locale !== 'en-US') {
    console.warn(`catalog ${locale}: not readable from KV (${catalogKey(locale)}), serving English`)
    const english = await readCatalog(env, 'en-US')
    if (english) return english
  }
  throw new CatalogUnavailableError(locale)
}

/** Reads the catalogs a request will use (the worker does this before routing: `catalogsFor`). */
export function preloadCatalogs(env: { KV: KVNamespace }, locales: readonly Locale[]): Promise<void> | undefined {
  // Almost every request finds its catalogs read already: nothing to wait for.
  if (locales.every((locale) => ready.has(locale))) return undefined
  return Promise.all([...new Set(locales)].map((locale) => catalogFor(env, locale))).then(() => undefined)
}

/**
 * A catalog already read (preloadCatalogs), for code that runs synchronously (API error messages,
 * renderers); the English one when it could not be read. Throws `CatalogUnavailableError` when neither was.
 */
export function catalog(locale: Locale): Messages {
  const messages = ready.get(locale) ?? ready.get('en-US')
  if (!messages) throw new CatalogUnavailableError(locale)
  return messages
}

/** For tests: forget the catalogs read so far. */
export function clearLoadedCatalogs(): void {
  loaded.clear()
  ready.clear()
}
