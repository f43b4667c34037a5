import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SITES } from '../i18n/sites'
import { publicPaths } from './seo'

const get = (path: string) => exports.default.fetch(new Request(`http://local.test${path}`, { redirect: 'manual' }))

describe('sitemap.xml', () => {
  it('lists every public page of every site, each with its language alternates and x-default', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toHaveLength(SITES.length * publicPaths().length)
    expect(locs).toContain('http://local.test/be/fr-BE/configurator/p5')
    expect(locs).toContain('http://local.test/no')
    expect(locs).toContain('http://local.test/')
    const first = xml.split('<url>')[1] ?? ''
    expect(first.match(/hreflang=/g)).toHaveLength(14)
    expect(first).toContain('hreflang="x-default"')
  })

  it('lists only pages that answer 200 and may be indexed', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    const sample = [...xml.matchAll(/<loc>http:\/\/local\.test([^<]+)<\/loc>/g)]
      .map((m) => m[1] ?? '/')
      .filter((_, i) => i % 7 === 0)
    for (const path of sample) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).not.toContain('name="robots" content="noindex"')
    }
  })
})

describe('robots.txt', () => {
  it('keeps crawlers off personal pages and the API, and points at the sitemap', async () => {
    const text = await (await get('/robots.txt')).text()
    expect(text).toContain('User-agent: *')
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Disallow: /no/order/')
    expect(text).toContain('Disallow: /be/fr-BE/user-center/')
    expect(text).toContain('Sitemap: http://local.test/sitemap.xml')
  })
})

describe('structured data', () => {
  it('describes the configured car and its offer in the site’s currency', async () => {
    const html = await (await get('/se/configurator/p5?version=long-range')).text()
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}'
    const data = JSON.parse(json) as { '@type': string; offers: { price: string; priceCurrency: string } }
    expect(data['@type']).toBe('Car')
    expect(data.offers.priceCurrency).toBe('SEK')
    expect(Number(data.offers.price)).toBeGreaterThan(100_000)
  })
})
