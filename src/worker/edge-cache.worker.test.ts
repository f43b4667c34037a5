import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRODUCTION_SECRETS } from '../../test/fixtures'
import { CONSENT_VERSION, consentCookieValue } from '../domain/analytics/consent'
import { ROUTES } from '../routes'
import { TAG_MANAGER_ORIGIN } from './analytics'
import { ANONYMOUS_BUILDS_COOKIE } from './anonymous-builds'
import { ACCESS_COOKIE } from './auth/session'
import { CONSENT_COOKIE } from './consent'
import {
  COOKIES_AND_THE_CACHE,
  cacheKey,
  EDGE_CACHE_HEADER,
  edgePages,
  forTheEdge,
  storable,
  withEdgeCache,
} from './edge-cache'
import { appConfig } from './env'
import { app, serve } from './index'
import { CSRF_COOKIE } from './middleware/csrf'
import { PageMemory } from './page-memory'
import { CachePolicy } from './ssr/cache-policy'

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

/** One request through the whole worker, waiting for its background work (the cache store). */
async function get(url: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const res = await serve(
    new Request(url.startsWith('http') ? url : `http://local.test${url}`, {
      headers: { 'user-agent': DESKTOP, ...headers },
    }),
    env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html, cache: res.headers.get(EDGE_CACHE_HEADER) }
}

/** Every nonce attribute in a page, and the one the CSP header allows. */
function nonces(res: Response, html: string) {
  const inHtml = [...new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))]
  const inHeader = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
  return { inHtml, inHeader }
}

/** The CSP source of each inline script the browser runs, or of each inline style, of a page. */
async function inlineHashes(html: string, kind: 'script' | 'style'): Promise<string[]> {
  const tags = [...html.matchAll(new RegExp(`<${kind}\\b([^>]*)>(.*?)</${kind}>`, 'gs'))]
  const runs = tags.filter(
    ([, attributes = '']) =>
      kind === 'style' || (!/ src=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes)),
  )
  return Promise.all(
    runs.map(async ([, , text = '']) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
      return `'sha256-${btoa(String.fromCharCode(...digest))}'`
    }),
  )
}

/** A fresh address each test, so no test sees another's stored page. */
let n = 0
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}t=${Date.now()}-${++n}`

afterEach(() => vi.restoreAllMocks())

describe('anonymous pages from the edge cache', () => {
  it('serves a repeat request from the cache without loading or rendering the page', async () => {
    const route = ROUTES.find((r) => r.id === 'configurator')
    if (!route) throw new Error('no configurator route')
    const load = vi.spyOn(route, 'load')
    const meta = vi.spyOn(route, 'meta')
    const path = fresh('/no/configurator/p5')
    const first = await get(path)
    expect(first.res.status).toBe(200)
    expect(first.cache).toBe('MISS')
    expect(load).toHaveBeenCalledTimes(1)
    expect(meta).toHaveBeenCalledTimes(1)

    const second = await get(path)
    expect(second.res.status).toBe(200)
    expect(second.cache).toBe('HIT')
    expect(load).toHaveBeenCalledTimes(1)
    expect(meta).toHaveBeenCalledTimes(1)
    // The same page, apart from the nonce (HTMLRewriter writes a rewritten void tag's end as " />").
    const strip = (html: string) => html.replace(/ nonce="[^"]+"/g, '').replace(/\s*\/>/g, '/>')
    expect(strip(second.html)).toBe(strip(first.html))
    // The headers of the page as rendered: the security headers, the content type and the cache policy.
    for (const name of ['content-type', 'cache-control', 'x-frame-options', 'permissions-policy', 'referrer-policy'])
      expect(second.res.headers.get(name), name).toBe(first.res.headers.get(name))
  })

  it('gives a hit a CSP without a nonce that allows exactly the inline scripts and styles of the page', async () => {
    for (const path of ['/no/configurator/p5', '/se/test-drive/p5', '/fr/policy', '/no']) {
      const url = fresh(path)
      const miss = await get(url)
      const answers = [await get(url), await get(url)]
      expect(answers.map((a) => a.cache)).toEqual(['HIT', 'HIT'])
      // The visitor whose request rendered the page has it under their own nonce, as always.
      const own = nonces(miss.res, miss.html)
      expect(own.inHtml).toEqual([own.inHeader])
      for (const { res, html } of answers) {
        const csp = res.headers.get('content-security-policy') ?? ''
        expect(html).not.toContain('nonce=')
        expect(csp).not.toContain('nonce')
        expect(csp).not.toContain(own.inHeader)
        const allowed = (directive: string) =>
          new RegExp(`${directive} ([^;]*)`)
            .exec(csp)?.[1]
            ?.split(' ')
            .filter((s) => s.startsWith("'sha256-")) ?? []
        expect(allowed('script-src').sort(), path).toEqual((await inlineHashes(html, 'script')).sort())
        expect(allowed('style-src'), path).toEqual(await inlineHashes(html, 'style'))
        expect(allowed('style-src').length, path).toBe(1)
        // The rest of the policy is the rendered page's: no tag manager (it needs consent, a cookie), no framing.
        expect(csp).toContain("script-src 'self'")
        expect(csp).toContain("frame-ancestors 'none'")
        expect(csp).not.toMatch(/googletagmanager|google-analytics/)
      }
      // Every answer carries its own request id, a hit too.
      const ids = [miss, ...answers].map(({ res }) => res.headers.get('x-request-id'))
      expect(ids.every(Boolean)).toBe(true)
      expect(new Set(ids).size).toBe(3)
    }
  })

  it('answers from the Cache API what another isolate rendered, until the page expires', async () => {
    const route = ROUTES.find((r) => r.id === 'configurator')
    if (!route) throw new Error('no configurator route')
    const load = vi.spyOn(route, 'load')
    const path = fresh('/dk/configurator/p5')
    const rendered = await get(path)
    expect(rendered.cache).toBe('MISS')
    const key = cacheKey(
      new Request(`http://local.test${path}`, { headers: { 'user-agent': DESKTOP } }),
      appConfig(env),
    )
    // This isolate forgets the page: the Cache API still has it.
    edgePages.delete(key)
    const fromCache = await get(path)
    expect(fromCache.cache).toBe('HIT')
    expect(fromCache.html).toContain('<html lang="da-DK"')
    expect(load).toHaveBeenCalledTimes(1)
    expect(edgePages.get(key, Date.now())).toBeDefined()
    // The page's own headers, not the Cache API's about its copy: an `Age: 0` and a `Date` of the store, kept in
    // memory for 5 minutes, would tell a browser or proxy the page is fresher than it is. (A stored page adds its
    // validator.)
    const names = (res: Response) => [...res.headers.keys()].sort()
    expect(names(fromCache.res)).toEqual([...names(rendered.res), 'etag'].sort())
    expect((await get(path)).res.headers.get('age')).toBeNull()
    // Past its s-maxage (300 s) neither layer serves it: the page is rendered again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 })
    try {
      expect((await get(path)).cache).toBe('MISS')
      expect(load).toHaveBeenCalledTimes(2)
      expect((await get(path)).cache).toBe('HIT')
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives the visitor their page when storing it fails, and logs it', async () => {
    const cache = (caches as unknown as { default: Cache }).default
    vi.spyOn(cache, 'put').mockRejectedValue(new Error('cache quota exceeded'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer = await get(fresh('/de/marketing'))
    expect(answer.res.status).toBe(200)
    expect(answer.html).toContain('<html lang="de-DE"')
    expect(log.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).toContain('page not stored')
  })

  it('renders the page when the Cache API fails to answer, and logs it', async () => {
    const cache = (caches as unknown as { default: Cache }).default
    vi.spyOn(cache, 'match').mockRejectedValue(new Error('cache unavailable'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer = await get(fresh('/de/marketing'))
    expect(answer.res.status).toBe(200)
    expect(answer.html).toContain('<html lang="de-DE"')
    expect(log.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).toContain('lookup failed')
  })

  it('serves nothing from the cache to a production worker without its secrets', async () => {
    const production = { ...env, ENVIRONMENT: 'production', ...PRODUCTION_SECRETS } as unknown as Env
    const path = fresh('/no/terms-conditions')
    const call = async (workerEnv: Env) => {
      const ctx = createExecutionContext()
      const res = await serve(new Request(`http://local.test${path}`), workerEnv, ctx)
      await res.arrayBuffer()
      await waitOnExecutionContext(ctx)
      return res
    }
    expect((await call(production)).headers.get(EDGE_CACHE_HEADER)).toBe('MISS')
    expect((await call(production)).headers.get(EDGE_CACHE_HEADER)).toBe('HIT')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const unconfigured = await call({ ...production, APP_SECRET: undefined } as unknown as Env)
    expect(unconfigured.status).toBe(503)
    expect(unconfigured.headers.get(EDGE_CACHE_HEADER)).toBeNull()
    expect(log).toHaveBeenCalled()
  })

  it('caches the static page types too: home, legal, marketing', async () => {
    for (const path of ['/no', '/de/marketing', '/fr/policy', '/no/terms-conditions', '/no/quick-delivery']) {
      const url = fresh(path)
      expect((await get(url)).cache, path).toBe('MISS')
      expect((await get(url)).cache, path).toBe('HIT')
    }
  })

  it('never answers a request carrying a session, or any cookie that makes the page personal, from the cache', async () => {
    const path = fresh('/no/configurator/p5')
    await get(path)
    expect((await get(path)).cache).toBe('HIT')
    const signedIn = await get(path, { cookie: `${ACCESS_COOKIE}=some-session` })
    expect(signedIn.cache).toBeNull()
    expect(signedIn.res.headers.get('cache-control')).toBe(CachePolicy.none)
    for (const [name, meaning] of Object.entries(COOKIES_AND_THE_CACHE)) {
      if (meaning !== 'personal') continue
      const answer = await get(path, { cookie: `other=1; ${name}=x` })
      expect(answer.cache, name).toBeNull()
      expect(answer.res.headers.get('cache-control'), name).not.toMatch(/public/)
    }
    const withAuthorization = await get(path, { authorization: 'Bearer x' })
    expect(withAuthorization.cache).toBeNull()
  })

  it('serves returning visitors too: the anti-forgery seed, remembered builds and cookies of others change no page', async () => {
    const path = fresh('/no/configurator/p5')
    expect((await get(path)).cache).toBe('MISS')
    const cookie = `${CSRF_COOKIE}=${'s'.repeat(43)}; ${ANONYMOUS_BUILDS_COOKIE}=sealed; _ga=GA1.1.1`
    const returning = await get(path, { cookie })
    expect(returning.cache).toBe('HIT')
    expect(returning.res.headers.get('cache-control')).toBe(CachePolicy.anonymousPage)
  })

  it('keeps a page per consent choice: the banner for a new visitor, the choice’s page for one who answered, private towards the browser', async () => {
    const choice = (analytics: boolean, marketing: boolean) =>
      `${CONSENT_COOKIE}=${consentCookieValue({ version: CONSENT_VERSION, date: '2026-11-20', analytics, marketing })}`
    /** What a visitor sees of a page: where it came from, the banner, the analytics, and who may keep it. */
    const seen = ({ res, html, cache }: Awaited<ReturnType<typeof get>>) => ({
      cache,
      banner: html.includes('<section class="consent"'),
      analytics: html.includes('"tagManager":'),
      tagManagerAllowed: (res.headers.get('content-security-policy') ?? '').includes(TAG_MANAGER_ORIGIN),
      policy: res.headers.get('cache-control'),
    })
    const consented = { banner: false, policy: CachePolicy.consentedPage }
    const rejecting = { ...consented, analytics: false, tagManagerAllowed: false }
    const accepting = { ...consented, analytics: true, tagManagerAllowed: true }
    const path = fresh('/no/configurator/p5')

    expect(seen(await get(path))).toMatchObject({ cache: 'MISS', banner: true, analytics: false })
    expect(seen(await get(path, { cookie: choice(false, false) }))).toEqual({ cache: 'MISS', ...rejecting })
    expect(seen(await get(path, { cookie: choice(true, true) }))).toEqual({ cache: 'MISS', ...accepting })
    // Each choice gets its own page again, also with the day of the choice and other cookies differing.
    const otherDay = `${CSRF_COOKIE}=x; ${choice(false, false).replace('2026-11-20', '2026-10-01')}`
    expect(seen(await get(path, { cookie: otherDay }))).toEqual({ cache: 'HIT', ...rejecting })
    expect(seen(await get(path, { cookie: choice(true, true) }))).toEqual({ cache: 'HIT', ...accepting })
    expect((await get(path, { cookie: choice(true, false) })).cache).toBe('MISS')
    // The new visitor still gets the banner, publicly cacheable; so does a choice made under an older wording.
    const banner = { cache: 'HIT', banner: true, analytics: false, policy: CachePolicy.anonymousPage }
    expect(seen(await get(path))).toMatchObject(banner)
    expect(seen(await get(path, { cookie: `${CONSENT_COOKIE}=v0.2026-01-01.a1.m1` }))).toMatchObject(banner)
  })

  it('restores a consented page’s private policy when the page comes from the Cache API', async () => {
    const cookie = `${CONSENT_COOKIE}=${consentCookieValue({ version: CONSENT_VERSION, date: '2026-11-20', analytics: false, marketing: false })}`
    const path = fresh('/se/configurator/p5')
    expect((await get(path, { cookie })).cache).toBe('MISS')
    const request = new Request(`http://local.test${path}`, { headers: { 'user-agent': DESKTOP } })
    edgePages.delete(cacheKey(request, appConfig(env), 'a0m0'))
    const fromCache = await get(path, { cookie })
    expect(fromCache.cache).toBe('HIT')
    expect(fromCache.res.headers.get('cache-control')).toBe(CachePolicy.consentedPage)
    expect(fromCache.res.headers.get('x-edge-policy')).toBeNull()
  })

  it('never stores a response that sets a cookie or is personal', async () => {
    expect(
      storable(
        new Response('<p>x</p>', {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': CachePolicy.anonymousPage,
            'set-cookie': 'a=b',
          },
        }),
      ),
    ).toBe(false)
    expect(
      storable(
        new Response('<p>x</p>', {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': CachePolicy.none },
        }),
      ),
    ).toBe(false)
    // A page with a form sets no anti-forgery cookie any more (trade-in): it is stored like any anonymous page.
    const path = fresh('/se/trade-in')
    const first = await get(path)
    expect(first.res.headers.get('set-cookie')).toBeNull()
    expect(first.cache).toBe('MISS')
    expect((await get(path)).cache).toBe('HIT')
    // Not found pages are not stored either.
    const missing = fresh('/no/does-not-exist')
    expect((await get(missing)).cache).toBe('BYPASS')
    expect((await get(missing)).res.status).toBe(404)
  })

  it("never serves one site's or language's page for another", async () => {
    const query = fresh('')
    const pages = ['/no/configurator/p5', '/se/configurator/p5', '/be/fr-BE', '/be/nl-BE']
    for (const path of pages) await get(`${path}${query}`)
    for (const path of pages) {
      const again = await get(`${path}${query}`)
      expect(again.cache).toBe('HIT')
    }
    const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]
    expect(langOf((await get(`/no/configurator/p5${query}`)).html)).toBe('nb-NO')
    expect(langOf((await get(`/se/configurator/p5${query}`)).html)).toBe('sv-SE')
    expect(langOf((await get(`/be/fr-BE${query}`)).html)).toBe('fr-BE')
    expect(langOf((await get(`/be/nl-BE${query}`)).html)).toBe('nl-BE')
    // Another host is another key.
    expect((await get(`http://other.test/no/configurator/p5${query}`)).cache).toBe('MISS')
  })

  it('keeps request-derived values per visitor: client type in the key, no referrer in a cached page', async () => {
    const path = fresh('/no/configurator/p5')
    const desktop = await get(path, { referer: 'http://local.test/no/private-path?email=a@b.test' })
    expect(desktop.cache).toBe('MISS')
    expect(desktop.html).not.toContain('private-path')
    const phone = await get(path, { 'user-agent': PHONE })
    expect(phone.cache).toBe('MISS')
    expect(phone.html).toContain('"clientType":"mobile"')
    expect((await get(path)).html).toContain('"clientType":"desktop"')
  })
})

describe('the edge cache in front of the app', () => {
  it('answers a hit without calling the app at all, and tells the app which request it renders for everyone', async () => {
    const renderedForEveryone: boolean[] = []
    const app = vi.fn(async (request: Request) => {
      renderedForEveryone.push(forTheEdge(request))
      return new Response('<!doctype html><html><body><p>Tere</p></body></html>', {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': CachePolicy.anonymousPage,
          'content-security-policy': "script-src 'nonce-abc'",
        },
      })
    })
    const served = withEdgeCache(app, new PageMemory())
    const url = `http://local.test${fresh('/no/terms-conditions')}`
    const call = async (headers: Record<string, string> = {}) => {
      const ctx = createExecutionContext()
      const res = await served(new Request(url, { headers }), env, ctx)
      const html = await res.text()
      await waitOnExecutionContext(ctx)
      return { cache: res.headers.get(EDGE_CACHE_HEADER), html }
    }
    expect(await call()).toEqual({ cache: 'MISS', html: '<!doctype html><html><body><p>Tere</p></body></html>' })
    expect(await call()).toEqual({ cache: 'HIT', html: '<!doctype html><html><body><p>Tere</p></body></html>' })
    expect(app).toHaveBeenCalledTimes(1)
    // A visitor with a session goes to the app, with a request that is theirs alone.
    expect((await call({ cookie: `${ACCESS_COOKIE}=x` })).cache).toBeNull()
    expect(app).toHaveBeenCalledTimes(2)
    expect(renderedForEveryone).toEqual([true, false])
  })
})

describe('the quick-delivery form without a token', () => {
  it('sets no cookie on the list, and refuses an order form posted from another site or with no origin', async () => {
    const list = await get(fresh('/nl/quick-delivery'))
    expect(list.res.headers.get('set-cookie')).toBeNull()
    expect(list.html).not.toContain('name="_csrf"')
    const post = (headers: Record<string, string>) =>
      app.request(
        '/nl/quick-delivery',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: 'stockCarId=nl-lr-aurora-sound',
        },
        env,
      )
    expect((await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({})).status).toBe(403)
  })
})

describe('revisits of a stored page', () => {
  it('answers a browser holding the very page 304 Not Modified, with its headers and no body', async () => {
    const path = fresh('/no/configurator/p5')
    const first = await get(path)
    expect(first.res.headers.get('etag')).toBeNull() // streamed as rendered: no validator yet
    const second = await get(path)
    const tag = second.res.headers.get('etag') ?? ''
    expect(second.cache).toBe('HIT')
    expect(tag).toMatch(/^W\/"[\w-]{16}"$/)
    const revisit = await get(path, { 'if-none-match': tag })
    expect(revisit.res.status).toBe(304)
    expect(revisit.html).toBe('')
    for (const name of ['etag', 'cache-control', 'vary', 'content-security-policy'])
      expect(revisit.res.headers.get(name), name).toBe(second.res.headers.get(name))
    // Another tag, or a list that does not hold it, gets the page.
    expect((await get(path, { 'if-none-match': 'W/"older"' })).res.status).toBe(200)
    expect((await get(path, { 'if-none-match': `"x", ${tag.slice(2)}` })).res.status).toBe(304)
  })

  it('keeps the tag when the page comes from the Cache API, and changes it with the page', async () => {
    const path = fresh('/no/configurator/p5')
    await get(path)
    const fromMemory = await get(path)
    const request = new Request(`http://local.test${path}`, { headers: { 'user-agent': DESKTOP } })
    edgePages.delete(cacheKey(request, appConfig(env)))
    const fromCacheApi = await get(path)
    expect(fromCacheApi.res.headers.get('etag')).toBe(fromMemory.res.headers.get('etag'))
    const other = fresh('/no/configurator/p5?paint=fjord-blue')
    await get(other)
    expect((await get(other)).res.headers.get('etag')).not.toBe(fromMemory.res.headers.get('etag'))
  })

  it('gives no tag to a page whose form carries a key of its own, so no browser replays an old one', async () => {
    const path = fresh('/se/test-drive/p5')
    await get(path)
    const second = await get(path)
    expect(second.cache).toBe('HIT')
    expect(second.res.headers.get('etag')).toBeNull()
    expect((await get(path, { 'if-none-match': '*' })).res.status).toBe(200)
  })
})

describe('the test drive form from the edge cache', () => {
  it('gives each response its own idempotency key, in the form and in the hydration data, and sets no cookie', async () => {
    const path = fresh('/se/test-drive/p5')
    const answers = [await get(path), await get(path), await get(path)]
    expect(answers.map((a) => a.cache)).toEqual(['MISS', 'HIT', 'HIT'])
    const keys = answers.map(({ res, html }) => {
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(html).not.toContain('name="_csrf"')
      const inForm = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1]
      const payload = JSON.parse(/<script id="__ctx"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}')
      expect(inForm).toMatch(/^[\w-]{12,64}$/)
      expect(payload.data.idempotencyKey).toBe(inForm)
      return inForm
    })
    expect(new Set(keys).size).toBe(3)
  })

  it('gives fresh keys when the page comes from the Cache API too, never the one first rendered', async () => {
    const path = fresh('/se/test-drive/p5')
    const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1]
    const first = await get(path)
    const key = cacheKey(
      new Request(`http://local.test${path}`, { headers: { 'user-agent': DESKTOP } }),
      appConfig(env),
    )
    edgePages.delete(key)
    const fromCacheApi = await get(path)
    const fromMemory = await get(path)
    expect([first.cache, fromCacheApi.cache, fromMemory.cache]).toEqual(['MISS', 'HIT', 'HIT'])
    const keys = [first, fromCacheApi, fromMemory].map(({ html }) => keyOf(html))
    expect(new Set(keys).size).toBe(3)
    for (const { html } of [fromCacheApi, fromMemory]) {
      expect(html).not.toContain(keys[0])
      expect(JSON.parse(/<script id="__ctx"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}').data.idempotencyKey).toBe(
        keyOf(html),
      )
    }
  })
})
