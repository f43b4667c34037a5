import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { routeAddress, seedRouteRecords } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { SITES } from '../i18n/sites'
import { ROUTES } from '../routes'
import { app } from './index'

const BASE = 'http://local.test'
// Redirects are answers to assert, not to follow.
const get = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`${BASE}${path}`, { redirect: 'manual', ...init }))

/** What an anonymous visitor gets from each route: most pages 200; the rest say so here. */
const ANONYMOUS_STATUS: Record<string, number> = {
  notFound: 404,
  // Sign-out only makes sense when signed in: home.
  logout: 303,
  // Forced login: to sign in, and back.
  profile: 302,
  infoSubmission: 302,
  preOrderInfoSubmission: 302,
  resultConfirmation: 302,
  order: 302,
  cancelResult: 302,
  staff: 302,
  passwordChange: 302,
  admin: 302,
  // Sends anonymous visitors to sign in itself, so that it can say "deleted" to the one who just deleted.
  privacy: 303,
  // Results of a valuation, enquiry or request that does not exist: "No record is found".
  tradeInResult: 404,
  homeChargerResult: 404,
  subscriptionResult: 404,
}

beforeAll(seedRouteRecords)

describe('every route on every site', () => {
  for (const site of SITES) {
    it(`answers every route under '${site.prefix || '(global)'}' in ${site.locale}`, async () => {
      for (const route of ROUTES) {
        const path = `${site.prefix}${route.path === '/' ? '' : routeAddress(route.path)}` || '/'
        const res = await get(path)
        const html = await res.text()
        const status = ANONYMOUS_STATUS[route.id] ?? 200
        expect(res.status, path).toBe(status)
        if (status >= 300 && status < 400) {
          expect(res.headers.get('location'), path).toMatch(new RegExp(`^${site.prefix || '/'}`))
          continue
        }
        expect(html, path).toContain(`<html lang="${site.locale}">`)
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
        // A screen reader's list of landmarks tells each navigation from the others by its name.
        const navs = [...decode(html).matchAll(/<nav\b[^>]*aria-label="([^"]*)"/g)].map((m) => m[1])
        expect(new Set(navs).size, `${path}: ${navs.join(' | ')}`).toBe(navs.length)
      }
    })
  }

  it('renders each page in its own language with a translated heading', async () => {
    const html = decode(await (await get('/de/configurator/p5')).text())
    expect(html).toContain(
      `<h1 class="page__heading">${CATALOGS['de-DE']['page.configurator.heading'].replace('{model}', 'P5')}`,
    )
    const fr = decode(await (await get('/be/fr-BE/policy')).text())
    expect(fr).toContain(CATALOGS['fr-BE']['page.policy.heading'])
  })

  it('accepts a trailing slash', async () => {
    expect((await get('/no/')).status).toBe(200)
    expect((await get('/nl/marketing/')).status).toBe(200)
  })
})

describe('records that do not exist', () => {
  it.each([
    ['/no/configurator/nope', 'configuratorNotFound'],
    ['/configurator/overview/nope', 'configuratorNotFound'],
    ['/dk/configurator/test-drive-submission/nope', 'configuratorNotFound'],
    ['/nl/configurator/test-drive-submission/quote/nope', 'configuratorNotFound'],
    ['/th/pre-order/nope/p5', 'noRecord'],
    ['/is/pre-order/cfg-test/unknown-car', 'noRecord'],
    ['/at/test-drive/unknown-car', 'noRecord'],
    ['/no/configurator/%3Cscript%3E', 'configuratorNotFound'],
  ] as const)('%s renders the %s error page with status 404', async (path, type) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = decode(await res.text())
    const locale = SITES.find((s) => s.prefix && path.startsWith(`${s.prefix}/`))?.locale ?? 'en-US'
    expect(html).toContain(CATALOGS[locale][`error.${type}.message`])
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('renders a saved configuration that exists', async () => {
    expect((await get('/no/configurator/cfg-test')).status).toBe(200)
  })

  it.each([
    ['/de/order/nope', 'de-DE'],
    ['/fr/order/cancel-result/nope', 'fr-FR'],
    ['/be/order/result-confirmation/nope', 'nl-BE'],
    ['/no/order/ord-test', 'nb-NO'],
  ] as const)('%s is "No record is found" (404) for a signed-in visitor who does not own it', async (path, locale) => {
    const person = visitor()
    await person.signUp('/no', { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' })
    const res = await person.request(path)
    expect(res.status).toBe(404)
    expect(decode(await res.text())).toContain(CATALOGS[locale]['error.noRecord.message'])
  })
})

describe('unknown addresses', () => {
  it('render the 404 page of the site the path belongs to', async () => {
    const res = await get('/de/no-such-page')
    expect(res.status).toBe(404)
    const html = decode(await res.text())
    expect(html).toContain('<html lang="de-DE">')
    expect(html).toContain(CATALOGS['de-DE']['error.notFound.title'])
    expect(html).toContain(CATALOGS['de-DE']['error.returnHome'].replace('{seconds}', '5'))
  })

  it('render the global 404 page in English with Return Home', async () => {
    const html = decode(await (await get('/no-such-page')).text())
    expect(html).toContain('We must have misplaced that page...')
    expect(html).toContain('Return Home (5)')
  })

  it('answer JSON under /api', async () => {
    const res = await get('/api/no-such-endpoint', { headers: { language: 'nb-NO' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: CATALOGS['nb-NO']['api.error.notFound'] } })
  })
})

describe('unexpected failures', () => {
  it('render the 500 error page without internals', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = {
      prepare: () => {
        throw new Error('D1_ERROR: secret table layout')
      },
    }
    const kv = { get: async () => null, put: async () => {} }
    const res = await app.request('/no/configurator/cfg-test', {}, { ...env, DB: broken, KV: kv })
    expect(res.status).toBe(500)
    const html = decode(await res.text())
    expect(html).toContain(CATALOGS['nb-NO']['error.unexpected.message'])
    expect(html).not.toContain('secret table layout')
    expect(html).not.toContain('D1_ERROR')
    expect(errors).toHaveBeenCalled()
  })
})

describe('page context', () => {
  it('is serialized so that no value can break out of its script', async () => {
    const html = await (await get('/nl/nope?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E')).text()
    expect(html).not.toContain('<script>alert(1)')
    const payload = html.match(/<script id="__ctx" type="application\/json"[^>]*>(.*?)<\/script>/s)?.[1] ?? ''
    const ctx = JSON.parse(payload)
    expect(ctx.page).toMatchObject({
      language: 'nl-NL',
      languageCode: 'nl-NL',
      countryCode: 'NL',
      pathWithLanguage: '/nl',
      channel: 10,
      url: '/nl/nope?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E',
      grayTag: false,
      userInfo: {},
    })
    expect(ctx.data).toEqual({ error: { type: 'notFound' } })
  })

  it('knows the previous page from a same-origin referrer only, and the app channel', async () => {
    const fromSite = await get('/nope', { headers: { referer: `${BASE}/no/marketing?x=1` } })
    expect(JSON.parse(/__ctx[^>]*>(.*?)<\/script>/s.exec(await fromSite.text())?.[1] ?? '').page.__from).toBe(
      '/no/marketing?x=1',
    )
    const app = await get('/nope', {
      headers: { referer: 'https://evil.example/x', 'user-agent': 'Mozilla/5.0 NordvoltApp/3.2.0 (iOS)' },
    })
    const page = JSON.parse(/__ctx[^>]*>(.*?)<\/script>/s.exec(await app.text())?.[1] ?? '').page
    expect(page.__from).toBe('')
    expect(page.channel).toBe(20)
  })

  it('ships no JavaScript on pages without interaction', async () => {
    const html = await (await get('/se/marketing')).text()
    expect(html).not.toContain('<script')
  })

  it('ships only the messages the page needs to the browser', async () => {
    const html = await (await get('/th/nope')).text()
    const ctx = JSON.parse(/__ctx[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '')
    // Parsed on the server: a message without arguments is one literal element.
    expect(ctx.messages['error.notFound.title']).toEqual([
      { type: 0, value: CATALOGS['th-TH']['error.notFound.title'] },
    ])
    expect(Object.keys(ctx.messages).some((k) => k.startsWith('page.'))).toBe(false)
  })
})

describe('search engines', () => {
  it('get a canonical URL and hreflang alternates for every site and x-default', async () => {
    const html = await (await get('/be/fr-BE/marketing')).text()
    expect(html).toContain('<link rel="canonical" href="http://local.test/be/fr-BE/marketing"/>')
    expect(html).toContain('<link rel="alternate" hrefLang="nb-NO" href="http://local.test/no/marketing"/>')
    expect(html).toContain('<link rel="alternate" hrefLang="nl-BE" href="http://local.test/be/nl-BE/marketing"/>')
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="http://local.test/marketing"/>')
    expect(html.match(/rel="alternate"/g)).toHaveLength(14)
  })

  it("find Belgium's default site canonicalised to its default language, the address of the hreflang set", async () => {
    const html = await (await get('/be/marketing')).text()
    expect(html).toContain('<link rel="canonical" href="http://local.test/be/nl-BE/marketing"/>')
    expect(html).toContain('<link rel="alternate" hrefLang="nl-BE" href="http://local.test/be/nl-BE/marketing"/>')
  })

  it('find no canonical or hreflang on error and personal pages, which have no public address', async () => {
    const notFound = await (await get('/nl/no-such-page')).text()
    expect(notFound).not.toContain('rel="canonical"')
    expect(notFound).not.toContain('rel="alternate"')
    expect(notFound).toContain('<meta name="robots" content="noindex"/>')
    const person = visitor()
    await person.signUp('/nl', { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' })
    const profile = await (await person.request('/nl/profile')).text()
    expect(profile).not.toContain('rel="canonical"')
    expect(profile).not.toContain('rel="alternate"')
  })

  it('get a translated title and description', async () => {
    const html = decode(await (await get('/se')).text())
    expect(html).toContain(`<title>${CATALOGS['sv-SE']['page.home.title']} | Nordvolt</title>`)
    expect(html).toContain(`<meta name="description" content="${CATALOGS['sv-SE']['page.home.description']}"/>`)
  })
})

describe('the order form of a configuration that does not exist', () => {
  it('is the configurator-does-not-exist page (404) for a signed-in visitor', async () => {
    const person = visitor()
    await person.signUp('/se', { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' })
    const res = await person.request('/se/configurator/info-submission/nope')
    expect(res.status).toBe(404)
    expect(decode(await res.text())).toContain(CATALOGS['sv-SE']['error.configuratorNotFound.message'])
  })
})
