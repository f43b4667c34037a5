import { Hono } from 'hono'
import { carDataChangedOn } from '../app/page-dates'
import { linkTo } from '../i18n/links'
import { alternateSites, GLOBAL_SITE, SITES, type Site } from '../i18n/sites'
import { ROUTES } from '../routes'
import type { Store } from '../store'
import { matchPage } from './pages'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** Paths of every public, indexable page without a record id; the configurator and the test drive by model. */
export function publicPaths(): string[] {
  const fixed = ROUTES.filter((route) => route.indexable && !route.path.includes(':')).map((route) => route.path)
  return [...fixed, '/test-drive', '/test-drive/p5', '/configurator/p5'].filter(
    (path, i, all) => all.indexOf(path) === i,
  )
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The route that answers a public path (the paths above are all routes'). */
function routeOf(path: string) {
  const route = matchPage('GET', path)?.route
  if (!route) throw new Error(`no route answers ${path}`)
  return route
}

/**
 * The day each public page of a site last changed, by what it shows (its route's `changedOn`, else the car's
 * catalog and prices); a page whose data cannot be read goes without.
 */
async function pageDates(store: Store, site: Site, paths: readonly string[]): Promise<(string | null)[]> {
  const carData = carDataChangedOn(store, site)
  return Promise.all(
    paths.map(async (path) => {
      const route = routeOf(path)
      try {
        return route.changedOn ? await route.changedOn({ store, site }) : await carData
      } catch {
        return null
      }
    }),
  )
}

/**
 * sitemap.xml (every public page of every site under its canonical address, with its language alternates and the
 * day it last changed) and robots.txt (personal pages and the API are not for crawlers). `/be` is not listed: it
 * shows `/be/nl-BE`, its canonical address. A configurator address with choices is not listed either: it is the
 * configurator's page (canonical `/configurator/p5`) with another car, and its choice links are `nofollow`.
 */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const origin = c.get('config').OFFICIAL_URL
    const alternates = alternateSites()
    const paths = publicPaths()
    const store = c.get('store')
    const dated = await Promise.all(alternates.map((site) => pageDates(store, site, paths)))
    const urls = alternates.flatMap((site, s) =>
      paths.map((path, p) => {
        const links = alternates
          .map(
            (alt) =>
              `<xhtml:link rel="alternate" hreflang="${alt.locale}" href="${xml(`${origin}${linkTo(alt, path)}`)}"/>`,
          )
          .join('')
        const fallback = `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(`${origin}${linkTo(GLOBAL_SITE, path)}`)}"/>`
        const day = dated[s]?.[p]
        const lastmod = day ? `<lastmod>${day}</lastmod>` : ''
        return `<url><loc>${xml(`${origin}${linkTo(site, path)}`)}</loc>${lastmod}${links}${fallback}</url>`
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
