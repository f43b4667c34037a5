import { TrieRouter } from 'hono/router/trie-router'
import { type Site, siteForPath } from '../i18n/sites'
import { ROUTES } from '../routes'
import type { PageRoute } from '../routes/route'

/** A page request resolved: which site, which page route, and the route's path parameters. */
export interface PageMatch {
  site: Site
  route: PageRoute<unknown>
  params: Record<string, string>
}

// Every page is mounted once, on the path below its site prefix: one entry per route (ROUTES) instead of one per
// site and route (14 prefixes times as many), which keeps routing a small share of each request's CPU time.
const pages = new TrieRouter<PageRoute<unknown>>()
for (const route of ROUTES) {
  pages.add('GET', route.path, route)
  if (route.action) pages.add('POST', route.path, route)
}

/**
 * The page a request addresses, or null when none does. The site comes from the path's prefix
 * (SPEC §2); the rest of the path picks the route. A POST only matches pages with a form action.
 *
 * @example
 * matchPage('GET', '/be/fr-BE/configurator/p5') // { site: fr-BE site, route: configurator, params: { id: 'p5' } }
 */
export function matchPage(method: 'GET' | 'POST', pathname: string): PageMatch | null {
  const { site, rest } = siteForPath(pathname)
  const path = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest
  const [found] = pages.match(method, path)
  const first = found[0]
  if (!first) return null
  const [route, params] = first
  return { site, route, params: decodeParams(params) }
}

// TrieRouter gives the parameter values themselves (the index form belongs to RegExpRouter).
function decodeParams(params: Record<string, string | number>): Record<string, string> {
  const decoded: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue
    try {
      decoded[name] = value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      decoded[name] = value
    }
  }
  return decoded
}
