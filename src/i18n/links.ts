import type { Site } from './sites'

export interface LinkOptions {
  /** Keep the given query string (with or without its leading '?'). */
  query?: string | URLSearchParams
}

const NEEDS_CLEANING = /\\|\/\/|\/\.\.?(?:\/|$)/

/**
 * A path (without query) made safe to put after our own origin: backslashes become slashes, runs of slashes become
 * one, dot segments are resolved, and it starts with exactly one '/'. A path taken from a request
 * (`/no//evil.example/x`, `/\evil.example`) can then never become a link to another host (`//evil.example/x`).
 *
 * @example
 * sameOriginPath('//evil.example/x') // '/evil.example/x'
 * sameOriginPath('/a/../..//evil.example') // '/evil.example'
 */
export function sameOriginPath(path: string): string {
  const rooted = path.startsWith('/') ? path : `/${path}`
  if (!NEEDS_CLEANING.test(rooted)) return rooted
  const segments: string[] = []
  for (const segment of rooted
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .split('/')
    .slice(1)) {
    if (segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/**
 * The address a request came to, as a link back to it (a form's `return`, sign-in's `frontRedirect`): its path made
 * safe by `sameOriginPath`, with its query.
 *
 * @example
 * returnLink(new URL('https://x.example/no//evil.example?a=1')) // '/no/evil.example?a=1'
 */
export function returnLink(url: URL): string {
  return `${sameOriginPath(url.pathname)}${url.search}`
}

/**
 * Builds every internal link: site prefix (country, plus language where the path carries it),
 * then the path, then optionally a query string.
 *
 * @example
 * linkTo(siteByPrefix('/be/fr-BE')!, '/configurator/p5') // '/be/fr-BE/configurator/p5'
 * linkTo(GLOBAL_SITE, '/') // '/'
 */
export function linkTo(site: Pick<Site, 'prefix'>, path: string, options: LinkOptions = {}): string {
  // The path may carry its own query or fragment; only the path part is normalised.
  const split = path.search(/[?#]/)
  const clean = split < 0 ? sameOriginPath(path) : `${sameOriginPath(path.slice(0, split))}${path.slice(split)}`
  const base = clean === '/' ? site.prefix || '/' : `${site.prefix}${clean}`
  const query = typeof options.query === 'string' ? options.query.replace(/^\?/, '') : options.query?.toString()
  return query ? `${base}?${query}` : base
}

/** The site's home, absolute, under the official URL: where the error page sends visitors. */
export function homeUrl(site: Pick<Site, 'prefix'>, officialUrl: string): string {
  return `${officialUrl.replace(/\/$/, '')}${linkTo(site, '/')}`
}
