import type { MiddlewareHandler } from 'hono'
import { loadIntlData } from '../../i18n/intl-data'
import type { AppEnv } from '../types'

/**
 * Icelandic numbers and dates: the runtime has no data for them, so it is loaded (once per isolate) before anything
 * Icelandic is formatted: the Icelandic site's pages, and the API, which answers in any site's language.
 */
export function icelandicData(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path
    if (path === '/is' || path.startsWith('/is/') || path.startsWith('/api/')) await loadIntlData('is-IS')
    return next()
  }
}
