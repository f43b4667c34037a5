import { Hono } from 'hono'
import { linkTo } from '../i18n/links'
import { alternateSites, GLOBAL_SITE, SITES } from '../i18n/sites'
import { ROUTES } from '../routes'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** Paths of every public, indexable page without a record id; the configurator by model. */
export function publicPaths(): string[] {
  const fixed = ROUTES.filter((route) => route.indexable && !route.path.includes(':')).map((route) => route.path)
  return [...fixed, '/test-drive', '/configurator/p5'].filter((path, i, all) => all.indexOf(path) === i)
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * sitemap.xml (every public page of every site, with its language alternates) and robots.txt
 * (personal pages and the API are not for crawlers).
 */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) => {
    const origin = c.get('config').OFFICIAL_URL
    const alternates = alternateSites()
    const urls = SITES.flatMap((site) =>
      publicPaths().map((path) => {
        const links = alternates
          .map(
            (alt) =>
              `<xhtml:link rel="alternate" hreflang="${alt.locale}" href="${xml(`${origin}${linkTo(alt, path)}`)}"/>`,
          )
          .join('')
        const fallback = `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(`${origin}${linkTo(GLOBAL_SITE, path)}`)}"/>`
        return `<url><loc>${xml(`${origin}${linkTo(site, path)}`)}</loc>${links}${fallback}</url>`
      }),
    )
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
    return c.body(body, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': CachePolicy.publicHour,
    })
  })
  .get('/robots.txt', (c) => {
    const origin = c.get('config').OFFICIAL_URL
    const personal = [
      '/api/',
      '/auth',
      '/user-center/',
      '/order/',
      '/pre-order/',
      '/configurator/overview/',
      '/configurator/info-submission/',
    ]
    const prefixes = ['', ...SITES.filter((s) => s.prefix).map((s) => s.prefix)]
    const disallow = prefixes.flatMap((prefix) =>
      personal.filter((p) => prefix === '' || !p.startsWith('/api')).map((p) => `Disallow: ${prefix}${p}`),
    )
    const body = ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
    return c.text(body, 200, { 'cache-control': CachePolicy.publicHour })
  })
