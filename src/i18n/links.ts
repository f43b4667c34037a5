import type { Site } from './sites'

export interface LinkOptions {
  /** Keep the given query string (with or without its leading '?'). */
  query?: string | URLSearchParams
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
  const clean = path.startsWith('/') ? path : `/${path}`
  const base = clean === '/' ? site.prefix || '/' : `${site.prefix}${clean}`
  const query = typeof options.query === 'string' ? options.query.replace(/^\?/, '') : options.query?.toString()
  return query ? `${base}?${query}` : base
}

/** The site's home, absolute, under the official URL: where the error page sends visitors. */
export function homeUrl(site: Pick<Site, 'prefix'>, officialUrl: string): string {
  return `${officialUrl.replace(/\/$/, '')}${linkTo(site, '/')}`
}
