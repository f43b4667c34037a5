import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { decode } from '../../test/visitor'
import { alternateSites } from '../i18n/sites'
import { publicPaths } from './seo'

const get = (path: string) => exports.default.fetch(new Request(`http://local.test${path}`, { redirect: 'manual' }))

describe('sitemap.xml', () => {
  it('lists every public page of every site, each with its language alternates and x-default', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toHaveLength(alternateSites().length * publicPaths().length)
    expect(locs).toContain('http://local.test/be/fr-BE/configurator/p5')
    expect(locs).toContain('http://local.test/no')
    expect(locs).toContain('http://local.test/')
    const first = xml.split('<url>')[1] ?? ''
    expect(first.match(/hreflang=/g)).toHaveLength(14)
    expect(first).toContain('hreflang="x-default"')
  })

  it('lists only pages that answer 200 and may be indexed', { timeout: 60_000 }, async () => {
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

describe('what the sitemap lists', () => {
  const entries = async () =>
    [...(await (await get('/sitemap.xml')).text()).matchAll(/<url>(.*?)<\/url>/gs)].map((m) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(m[1] ?? '')?.[1] ?? '',
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(m[1] ?? '')?.[1] ?? null,
    }))

  it('lists each page once, under its canonical address: not /be, which is /be/nl-BE', {
    timeout: 60_000,
  }, async () => {
    const listed = await entries()
    expect(listed.filter((e) => /^http:\/\/local\.test\/be(\/(?!nl-BE|fr-BE)|$)/.test(e.loc))).toEqual([])
    for (const { loc } of listed.filter((_, i) => i % 5 === 0)) {
      const html = await (await get(loc.replace('http://local.test', ''))).text()
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], loc).toBe(loc)
    }
  })

  it('lists the model’s test-drive page on every site', async () => {
    const locs = (await entries()).map((e) => e.loc)
    for (const site of alternateSites()) expect(locs).toContain(`http://local.test${site.prefix}/test-drive/p5`)
  })

  it('dates every entry by the data it shows: a legal text by its update, the configurator by its catalog and prices', async () => {
    const listed = await entries()
    for (const entry of listed) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const at = (loc: string) => listed.find((e) => e.loc === `http://local.test${loc}`)?.lastmod
    const updated = JSON.parse((await env.KV.get('content/de/policy')) ?? '{}') as { updated?: string }
    expect(at('/de/policy')).toBe(updated.updated)
    // The German configurator shows the catalog (2025-01-01) and Germany's prices in force (from 2025-01-01).
    expect(at('/de/configurator/p5')).toBe('2025-01-01')
    // Stock changes with every order: the list is dated by its last change.
    expect(at('/de/quick-delivery')).toMatch(/^2026-/)
  })
})

describe('titles and descriptions', () => {
  it('gives the test-drive page of a model its own title, on every site', { timeout: 30_000 }, async () => {
    for (const site of alternateSites()) {
      const title = async (path: string) =>
        /<title>([^<]+)<\/title>/.exec(await (await get(`${site.prefix}${path}`)).text())?.[1]
      expect(await title('/test-drive/p5'), site.prefix).not.toBe(await title('/test-drive'))
    }
  })

  it('keeps every description of a listed page within 160 characters, the length search results show', {
    timeout: 120_000,
  }, async () => {
    const xml = await (await get('/sitemap.xml')).text()
    for (const [, loc = ''] of xml.matchAll(/<loc>http:\/\/local\.test([^<]*)<\/loc>/g)) {
      const html = decode(await (await get(loc || '/')).text())
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''
      expect([...description].length, loc).toBeLessThanOrEqual(160)
      expect(description.length, loc).toBeGreaterThan(0)
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
