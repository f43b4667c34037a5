import type { Context } from 'hono'
import type { AppEnv } from '../types'

/**
 * Whether a form post comes from one of our own pages, by the browser's own headers instead of an anti-forgery
 * token. Used where a token would cost more than it protects: the consent banner on every page and the
 * configurator's save button would need a cookie on every first visit, making those pages uncacheable. Every
 * current browser sends `Sec-Fetch-Site` or `Origin` with a form post, and another site cannot forge them. A post
 * with neither is refused; so is one from elsewhere.
 */
export function isSameOriginPost(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite !== undefined) return fetchSite === 'same-origin'
  const origin = c.req.header('origin')
  if (origin === undefined) return false
  const own = [new URL(c.req.url).origin, c.get('config').OFFICIAL_URL?.replace(/\/$/, '')]
  return own.includes(origin)
}
