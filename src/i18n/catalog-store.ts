import { logLine } from '../domain/log'
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
        console.warn(logLine('warn', 'catalog: KV read failed', { locale, error }))
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
 * The message catalog of a locale. None of the 13 catalogs is in the Worker bundle: each is
 * read from KV once per isolate. If KV fails or lacks the locale's entry, the English catalog (also from
 * KV) is used (degraded, never broken), and the next request tries the locale again. If English cannot
 * be read either, it throws `CatalogUnavailableError`: a queued e-mail is retried later rather than written in
 * the shipped English (pages use `preloadCatalogs`, which falls back to it).
 */
export async function catalogFor(env: { KV: KVNamespace }, locale: Locale): Promise<Messages> {
  const messages = await readCatalog(env, locale)
  if (messages) return messages
  if (locale !== 'en-US') {
    console.warn(logLine('warn', 'catalog: not readable from KV, serving English', { locale, key: catalogKey(locale) }))
    const english = await readCatalog(env, 'en-US')
    if (english) return english
  }
  throw new CatalogUnavailableError(locale)
}

/**
 * Whether every one of these catalogs was read from KV already (almost every request): then `preloadCatalogs` would
 * answer "not degraded" and need not be awaited.
 */
export function catalogsRead(locales: readonly Locale[]): boolean {
  return locales.every((locale) => ready.has(locale))
}

/** English shipped with the Worker, used only when KV can give no catalog at all (see preloadCatalogs). */
let shippedEnglish: Messages | undefined

/**
 * English from the Worker's own code, outside its main module: `locales/en-US.json` is a chunk imported on
 * demand (vite), which loads only on this path; the budget counts the main module (docs/bundles.md).
 */
async function loadShippedEnglish(): Promise<Messages> {
  shippedEnglish ??= (await import('../../locales/en-US.json')).default as Messages
  return shippedEnglish
}

/**
 * Reads the catalogs a request will use (the worker does this before routing). Answers whether the request is
 * `degraded`: some locale is served in English because KV could not give it. When KV gives no catalog at all,
 * not even English, the request is served in the English shipped with the Worker (`locales/en-US.json`, a chunk
 * loaded only then; `shipped`), so a KV outage shows pages in English rather than an error; KV is tried again by
 * the next request. A degraded answer must not be stored by any cache (the worker marks it `no-store`).
 */
export async function preloadCatalogs(
  env: { KV: KVNamespace },
  locales: readonly Locale[],
): Promise<{ degraded: boolean; shipped: boolean }> {
  const wanted = [...new Set(locales)]
  const read = await Promise.all(wanted.map((locale) => readCatalog(env, locale)))
  if (read.every(Boolean)) return { degraded: false, shipped: false }
  for (const locale of wanted)
    if (!ready.has(locale))
      console.warn(
        logLine('warn', 'catalog: not readable from KV, serving English', { locale, key: catalogKey(locale) }),
      )
  if (await readCatalog(env, 'en-US')) return { degraded: true, shipped: false }
  await loadShippedEnglish()
  return { degraded: true, shipped: true }
}

/**
 * A catalog already read (preloadCatalogs), for code that runs synchronously (API error messages,
 * renderers). When this request could not read it, English: from KV, or, when KV gave no catalog at all, the
 * English shipped with the Worker. Throws `CatalogUnavailableError` when no catalog was read at all.
 */
export function catalog(locale: Locale): Messages {
  const messages = ready.get(locale) ?? ready.get('en-US') ?? shippedEnglish
  if (!messages) throw new CatalogUnavailableError(locale)
  return messages
}

/**
 * The language `catalog(locale)` writes in: the locale itself, or English while its catalog cannot be read (the
 * page's `lang`, so that a screen reader reads a degraded page's English as English).
 */
export function catalogLanguage(locale: Locale): Locale {
  return ready.has(locale) ? locale : 'en-US'
}

/** For tests: forget the catalogs read so far. */
export function clearLoadedCatalogs(): void {
  loaded.clear()
  ready.clear()
}
