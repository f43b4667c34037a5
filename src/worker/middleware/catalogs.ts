import type { MiddlewareHandler } from 'hono'
import { logLine } from '../../domain/log'
import { CatalogUnavailableError, catalogsRead, preloadCatalogs } from '../../i18n/catalog-store'
import { siteForPath } from '../../i18n/sites'
import { requestLocale } from '../api/errors'
import { reportError } from '../error-reporting'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'

/**
 * The message catalogs live in KV, not in the bundle: the site's (and the API caller's) are read before anything
 * writes text (i18n/catalog-store.ts). A locale KV cannot give is served in English; with no catalog from KV at all,
 * in the English shipped with the Worker. Such a degraded answer is never stored, by the edge cache or by browsers.
 */
export function readCatalogs(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path
    const locale = siteForPath(path).site.locale
    // The API caller's language only where an answer may be the API's: a page's GET is in its site's language.
    const apiLike = path.startsWith('/api/') || path.startsWith('/webAuthSdk') || c.req.method !== 'GET'
    const locales = apiLike ? [locale, requestLocale(c)] : [locale]
    let degraded = false
    if (!catalogsRead(locales)) {
      const preloaded = await preloadCatalogs(c.env, locales)
      degraded = preloaded.degraded
      if (preloaded.shipped) {
        const outage = new CatalogUnavailableError(locale)
        console.error(
          logLine('error', `${outage.message}: serving the English shipped with the Worker`, {
            requestId: c.get('requestId'),
          }),
        )
        reportError(outage)
      }
    }
    await next()
    if (degraded) c.res.headers.set('cache-control', CachePolicy.noStore)
  }
}
