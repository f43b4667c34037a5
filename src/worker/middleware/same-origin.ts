import type { Context } from 'hono'
import type { AppEnv } from '../types'

/**
 * Whether a form post comes from one of our own pages, by the browser's own headers instead of an anti-forgery
 * token: the check of every page's form (docs/forgery.md). A token would need a cookie set by the page's GET,
 * which keeps the page out of the edge cache and the back/forward cache. Every current browser sends
 * `Sec-Fetch-Site` or `Origin` with a form post, and another site cannot forge them. A post with neither is
 * refused (fail closed); so is one from elsewhere.
 * Not hono's `csrf`: it checks only form content types and lets `Sec-Fetch-Site: same-origin` pass with a foreign
 * `Origin`; a page's post is refused on either.
 */
export function isSameOriginPost(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite !== undefined) return fetchSite === 'same-origin' && !isForeignRequest(c)
  const origin = c.req.header('origin')
  if (origin === undefined) return false
  return isOwnOrigin(c, origin)
}

function isOwnOrigin(c: Context<AppEnv>, origin: string): boolean {
  const own = [new URL(c.req.url).origin, c.get('config').OFFICIAL_URL?.replace(/\/$/, '')]
  return own.includes(origin)
}

/**
 * Whether the browser says a request comes from another site: `Sec-Fetch-Site: cross-site` (or `same-site`, a
 * sibling host), or an `Origin` that is not ours (`null` included). Refused for every state-changing request even
 * with a valid anti-forgery token (defence in depth). A request that sends neither (a script, an old browser) is
 * left to the token.
 */
export function isForeignRequest(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true
  const origin = c.req.header('origin')
  return origin !== undefined && !isOwnOrigin(c, origin)
}
