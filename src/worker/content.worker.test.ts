import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { decode } from '../../test/visitor'
import { ContentDocument, contentLanguageOf, DOCUMENT_IDS, type DocumentId } from '../domain/content/document'
import { money } from '../domain/money'
import { preloadCatalogs } from '../i18n/catalog-store'
import { CATALOGS } from '../i18n/catalogs'
import { formatDate } from '../i18n/dates'
import { formatMoney, formatRate } from '../i18n/formats'
import { SITES } from '../i18n/sites'
import { clearMemoryCache } from '../store/cache'
import { app } from './index'

const BASE = 'http://local.test'
const get = (path: string) => exports.default.fetch(new Request(`${BASE}${path}`, { redirect: 'manual' }))

const PATHS: Record<DocumentId, string> = {
  'terms-conditions': '/terms-conditions',
  policy: '/policy',
  'user-agreement': '/user-agreement',
  'ald-privacy': '/third-page/ald-privacy',
}

const site = (prefix: string) => {
  const found = SITES.find((s) => s.prefix === prefix)
  if (!found) throw new Error(`no site ${prefix}`)
  return found
}

/** The document a site should show: the one in its language. */
async function expectedDocument(prefix: string, id: DocumentId): Promise<{ doc: ContentDocument; language: string }> {
  const language = contentLanguageOf(site(prefix).locale)
  return { doc: ContentDocument.parse(await env.KV.get(`content/${language}/${id}`, 'json')), language }
}

beforeEach(() => {
  clearMemoryCache()
  // An unreadable document is logged as a warning.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('legal documents', () => {
  it.each(['', '/se', '/be/fr-BE', '/th', '/at'].flatMap((prefix) => DOCUMENT_IDS.map((id) => [prefix, id] as const)))(
    "'%s' %s: the document in the site's language, with its table of contents, version and date, and no script",
    async (prefix, id) => {
      const res = await get(`${prefix}${PATHS[id]}`)
      expect(res.status).toBe(200)
      const html = decode(await res.text())
      const { locale } = site(prefix)
      const { doc, language } = await expectedDocument(prefix, id)

      expect(html).toContain(`<html lang="${locale}"`)
      expect(html).toContain(`<article class="page legal"${locale.startsWith(language) ? '' : ` lang="${language}"`}>`)
      expect(html).not.toContain('<script')
      expect(html).toContain(CATALOGS[locale]['content.toc'])
      expect(html).toContain(CATALOGS[locale]['content.version'].replace('{version}', doc.version))
      expect(html).toContain(`<time dateTime="${doc.updated}">`)
      expect(html).toContain(formatDate(doc.updated, locale))
      for (const section of doc.sections) {
        expect(html).toContain(`<a href="#${section.id}">`)
        expect(html).toContain(`<section id="${section.id}"`)
      }
      expect(html).not.toMatch(/\{[a-zA-Z]+\}/)
    },
  )

  it("fills in each site's company, authority, currency, country, partner and store", async () => {
    const se = decode(await (await get('/se/terms-conditions')).text())
    expect(se).toContain('Nordvolt Sverige AB')
    expect(se).toContain('SEK')
    expect(se).toContain('Nordvolt Stockholm, Sveavägen 44, 111 34 Stockholm')
    expect(se).toContain('ALD Automotive Sverige')

    const bePolicy = decode(await (await get('/be/fr-BE/policy')).text())
    expect(bePolicy).toContain('Nordvolt Belgium SA/NV')
    expect(bePolicy).toContain('Gegevensbeschermingsautoriteit / Autorité de protection des données')
    expect(bePolicy).toContain('<a class="url" href="https://www.dataprotectionauthority.be">')
    expect(bePolicy).toContain('<a class="url" href="mailto:privacy.be@nordvolt.example">')

    const th = decode(await (await get('/th/policy')).text())
    expect(th).toContain('PDPA')
    expect(th).toContain('https://www.pdpc.or.th')
    expect(th).not.toContain('GDPR')
    expect(decode(await (await get('/th/terms-conditions')).text())).toContain('THB')

    const at = decode(await (await get('/at/third-page/ald-privacy')).text())
    expect(at).toContain('ALD Automotive Österreich')
    expect(at).toContain('Österreichische Datenschutzbehörde')

    const global = decode(await (await get('/user-agreement')).text())
    expect(global).toContain('Nordvolt Europe B.V.')
    expect(global).toContain('governed by the law of the Netherlands')
  })

  it('say the document is temporarily unavailable (503, not cached) when KV cannot be read', async () => {
    const failing = {
      get: async () => {
        throw new Error('KV unavailable')
      },
      put: async () => {
        throw new Error('KV unavailable')
      },
    }
    // The message catalogs also live in KV; an isolate that has served the language keeps its catalog in memory
    // (a cold isolate during a KV outage answers in English: i18n/catalog-store.worker.test.ts).
    await preloadCatalogs(env, ['de-DE', 'is-IS'])
    for (const [path, locale] of [
      ['/de/policy', 'de-DE'],
      ['/is/terms-conditions', 'is-IS'],
    ] as const) {
      const res = await app.request(path, {}, { ...env, KV: failing })
      expect(res.status).toBe(503)
      expect(res.headers.get('cache-control')).toContain('no-store')
      const html = decode(await res.text())
      expect(html).toContain(CATALOGS[locale]['content.unavailable.heading'])
      expect(html).toContain(CATALOGS[locale]['content.unavailable.message'])
      expect(html).toContain('<meta name="robots" content="noindex')
      expect(html).not.toContain('<script')
    }
  })

  it('never show another language when a language’s document is missing from storage', async () => {
    const missingSwedish = {
      get: ((key: string, type: 'json') =>
        /content[/:]sv[/:]/.test(key) ? Promise.resolve(null) : env.KV.get(key, type)) as typeof env.KV.get,
      put: async () => {},
    }
    const res = await app.request('/se/policy', {}, { ...env, KV: missingSwedish })
    expect(res.status).toBe(503)
    expect(decode(await res.text())).toContain(CATALOGS['sv-SE']['content.unavailable.heading'])
  })
})

describe('the marketing page', () => {
  it.each([
    ['/se', 'sv-SE', '445–465 km', '17,5–17,9 kWh/100 km'],
    ['/de', 'de-DE', '445–465 km', '17,5–17,9 kWh/100 km'],
    ['', 'en-US', '445–465 km', '17.5–17.9 kWh/100 km'],
    ['/th', 'th-TH', '445–465 กม.', '17.5–17.9 kWh/100 กม.'],
  ] as const)(
    "'%s' presents the catalog's figures in %s and links into the configurator and test drive",
    async (prefix, locale, range, consumption) => {
      const res = await get(`${prefix}/marketing`)
      expect(res.status).toBe(200)
      const html = decode(await res.text())
      const t = CATALOGS[locale]
      expect(html).toContain(t['marketing.figures'])
      expect(html).toContain(`<dt>${t['marketing.range']}</dt><dd>${range}</dd>`)
      expect(html).toContain(consumption)
      expect(html).toContain(t['marketing.batteryValue'].replace('{kwh}', '66'))
      expect(html).toContain(t['marketing.acChargingValue'].replace('{kw}', '11'))
      expect(html).toContain(t['marketing.cargoValue'].replace('{litres}', '520'))
      expect(html).toContain(`<meta name="description" content="${t['marketing.lead']}"`)
      expect(html).toContain(`href="${prefix}/configurator/p5"`)
      expect(html).toContain(`href="${prefix}/test-drive/p5"`)
      expect(html).not.toContain('<script')
    },
  )

  it('offers quick delivery from the cheapest car in stock and the blind-order lease rate where the site sells', async () => {
    const html = decode(await (await get('/nl/marketing')).text())
    const t = CATALOGS['nl-NL']
    // The cheapest Dutch stock car, 57 958.00: not SPEC §9's 57 990, which is more than that car costs.
    expect(html).toContain(t['stock.from'].replace('{price}', formatMoney(money(5_795_800, 'EUR'), 'nl-NL')))
    expect(html).not.toContain(t['stock.from'].replace('{price}', formatMoney(money(5_799_000, 'EUR'), 'nl-NL')))
    expect(html).toContain('href="/nl/quick-delivery"')
    expect(html).toContain(t['order.preOrder.incentiveHeading'])
    expect(html).toContain(`${formatRate(0.0399, 'nl-NL')}`)
    expect(html).toContain(`${formatRate(0.0699, 'nl-NL')}`)
    // The global site sells nothing: neither offer.
    const global = decode(await (await get('/marketing')).text())
    expect(global).not.toContain(CATALOGS['en-US']['order.preOrder.incentiveHeading'])
    expect(global).not.toContain('id="quick-heading"')
  })

  it('shows the fast-charging window from the catalog', async () => {
    const html = decode(await (await get('/marketing')).text())
    expect(html).toContain('<dd>10–80% in 20 min</dd>')
    expect(html).toContain('<dd>Front-wheel drive</dd>')
  })
})
