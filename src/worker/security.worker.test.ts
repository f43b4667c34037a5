import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { decode } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const BASE = 'http://local.test'
const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`${BASE}${path}`, init))

/** A visitor's anti-forgery pair: the seed cookie and the token minted for it. */
async function antiForgery(): Promise<{ cookie: string; token: string }> {
  const res = await call('/api/csrf')
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const { token } = (await res.json()) as { token: string }
  return { cookie, token }
}

const report = JSON.stringify({ message: 'TypeError: x is undefined', url: '/no/configurator/p5' })

describe('security headers', () => {
  it('are on every page, with a CSP nonce that matches the page’s scripts', async () => {
    const res = await call('/fr/nope')
    const csp = res.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/)
    const html = await res.text()
    const inline = [...html.matchAll(/<(?:script|style)\b[^>]*>/g)].map((m) => m[0])
    expect(inline.filter((tag) => tag.startsWith('<script')).length).toBeGreaterThan(0)
    expect(inline.filter((tag) => tag.startsWith('<style')).length).toBe(1)
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`)
    expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${(nonce ?? '').replace(/[+/=]/g, '\\$&')}'`))
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
  })

  it('change the nonce on every request', async () => {
    const a = (await call('/nope')).headers.get('content-security-policy')
    const b = (await call('/nope')).headers.get('content-security-policy')
    expect(a).not.toBe(b)
  })

  it('cut a page with personal data off from a window another site opened; anonymous pages go without, also from the cache', async () => {
    const opener = async (path: string, headers: Record<string, string> = {}) =>
      (await call(path, { headers })).headers.get('cross-origin-opener-policy')
    const path = `/no/terms-conditions?opener=${Date.now()}`
    expect(await opener(path)).toBeNull()
    expect(await opener(path)).toBeNull()
    expect(
      await opener(`/no/configurator/p5?opener=${Date.now()}`, { cookie: '__Host-consent=v1.2026-11-28.a0.m0' }),
    ).toBeNull()
    // A session cookie makes the page the visitor's own; sign-in, an error page and the API keep the policy.
    expect(await opener(path, { cookie: '__Host-nv_access=x' })).toBe('same-origin')
    expect(await opener('/no/auth')).toBe('same-origin')
    expect(await opener('/no/does-not-exist')).toBe('same-origin')
    expect(await opener('/api/health')).toBe('same-origin')
  })

  it('leave the opener of a saved build’s overview, a page made to be shared, unless the visitor is signed in', async () => {
    const saved = await call('/no/configurator/p5', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ configuration: 'version=long-range' }).toString(),
    })
    const overview = saved.headers.get('location') ?? ''
    expect(overview).toMatch(/^\/no\/configurator\/overview\/[\w-]+/)
    const anonymous = await call(overview)
    expect(anonymous.status).toBe(200)
    // Kept by the browser only (back and forward), never by a shared cache or the edge.
    expect(anonymous.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    expect(anonymous.headers.get('x-edge-cache')).toBe('BYPASS')
    expect(anonymous.headers.get('cross-origin-opener-policy')).toBeNull()
    const signedIn = await call(overview, { headers: { cookie: '__Host-nv_access=x' } })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    // An overview that is not found is an error page, which keeps it.
    expect((await call('/no/configurator/overview/nope')).headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('are on API answers too', async () => {
    const res = await call('/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })
})

describe('the log', () => {
  it('keeps a client error with line breaks in one structured record: no forged line', async () => {
    const lines: string[] = []
    for (const level of ['warn', 'error', 'info', 'log'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => lines.push(args.map(String).join(' ')))
    const { cookie, token } = await antiForgery()
    const forged = 'x\r\n{"level":"error","msg":"refund issued","order":"NV-1"}\u2028'
    const res = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: JSON.stringify({ message: forged, url: '/no\r\nforged' }),
    })
    expect(res.status).toBe(204)
    const written = lines.join('\n').split(/[\r\n\u2028\u2029\u0085]/)
    expect(written).toHaveLength(1)
    expect(JSON.parse(written[0] ?? '')).toMatchObject({ level: 'warn', msg: 'client error', message: forged })
  })
})

describe('anti-forgery', () => {
  it('sets its seed cookie HttpOnly, Secure, SameSite=Lax on the whole site', async () => {
    const res = await call('/api/csrf')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^__Host-csrf=[\w-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('Secure')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('refuses a write without a token, in the caller’s language', async () => {
    const res = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'da' },
      body: report,
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: { code: 'csrf', message: CATALOGS['da-DK']['api.error.csrf'] } })
  })

  it('refuses a token minted for another visitor', async () => {
    const mine = await antiForgery()
    const theirs = await antiForgery()
    const res = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: mine.cookie, 'x-csrf-token': theirs.token },
      body: report,
    })
    expect(res.status).toBe(403)
  })

  it('refuses a token without its cookie, and a forged one', async () => {
    const { cookie, token } = await antiForgery()
    const noCookie = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: report,
    })
    expect(noCookie.status).toBe(403)
    const forged = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': `${token.slice(0, -2)}AA` },
      body: report,
    })
    expect(forged.status).toBe(403)
  })

  it('accepts a matching pair in the header, or in the form field of a plain form post', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { cookie, token } = await antiForgery()
    const res = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: report,
    })
    expect(res.status).toBe(204)
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({
      msg: 'client error',
      url: '/no/configurator/p5',
    })

    const form = await call('/api/no-such-form', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ _csrf: token }).toString(),
    })
    // Past the token check, the unknown endpoint answers 404 rather than 403.
    expect(form.status).toBe(404)
  })

  it('refuses a valid pair when the browser says the request comes from another site', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { cookie, token } = await antiForgery()
    const send = (headers: Record<string, string>) =>
      call('/api/client-errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token, ...headers },
        body: report,
      })
    const foreignHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.local.test' },
    ]
    for (const foreign of foreignHeaders) {
      const res = await send(foreign)
      expect(res.status, JSON.stringify(foreign)).toBe(403)
      expect(await res.json()).toMatchObject({ error: { code: 'csrf' } })
    }
    expect((await send({ origin: BASE, 'sec-fetch-site': 'same-origin' })).status).toBe(204)
    expect(warn).toHaveBeenCalledTimes(1)
    // A page's form too: the error page, nothing changed.
    const form = await call('/se/trade-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ vin: 'XNVP5AAA0R0000777' }).toString(),
    })
    expect(form.status).toBe(403)
    expect(await form.text()).toContain(CATALOGS['sv-SE']['api.error.csrf'])
  })

  it('refuses state-changing calls to pages too', async () => {
    expect((await call('/no/configurator/p5', { method: 'POST' })).status).toBe(403)
    expect((await call('/no', { method: 'DELETE' })).status).toBe(403)
  })

  it('answers a page’s form refused as forged with the error page in the visitor’s language', async () => {
    const res = await call('/se/trade-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'vin=XNVP5AAA0R0000001',
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(decode(await res.text())).toContain(CATALOGS['sv-SE']['api.error.csrf'])
  })

  it('keeps a preview visitor’s pages out of shared caches', async () => {
    const res = await call('/no/marketing', { headers: { cookie: '__Host-nv_gray=anything' } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('the configurator’s save button', () => {
  const configurations = async () =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM configurations').first<{ n: number }>())?.n ?? 0
  const save = (headers: Record<string, string>) =>
    call('/no/configurator/p5', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ configuration: 'version=long-range' }).toString(),
    })

  it('needs no token, so an anonymous visitor’s configurator sets no cookie and can be shared from the edge', async () => {
    const page = await call('/no/configurator/p5')
    expect(page.status).toBe(200)
    expect(page.headers.getSetCookie()).toEqual([])
    expect(page.headers.get('cache-control')).toContain('s-maxage')
    expect(await page.text()).not.toContain('name="_csrf"')
  })

  it('is checked by origin instead: a post from another site, or from nowhere, saves nothing', async () => {
    const before = await configurations()
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      {},
    ]
    for (const headers of attempts) {
      const res = await save(headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(decode(await res.text())).toContain(CATALOGS['nb-NO']['api.error.csrf'])
    }
    expect(await configurations()).toBe(before)
  })

  it('saves a post from the storefront’s own pages', async () => {
    const before = await configurations()
    const fromPage = await save({ 'sec-fetch-site': 'same-origin' })
    expect(fromPage.status).toBe(303)
    expect(fromPage.headers.get('location')).toMatch(/^\/no\/configurator\/overview\/[\w-]+\?saved=1$/)
    // A browser too old for Sec-Fetch-Site still sends Origin.
    expect((await save({ origin: BASE })).status).toBe(303)
    expect(await configurations()).toBe(before + 2)
  })
})

describe('rate limits', () => {
  it('refuses crash reports beyond 30 a minute from one address, in the caller’s language, and no one else', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { cookie, token } = await antiForgery()
    const send = (ip?: string) =>
      call('/api/client-errors', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          'x-csrf-token': token,
          language: 'da',
          ...(ip ? { 'cf-connecting-ip': ip } : {}),
        },
        body: report,
      })
    // The limiter counts per minute: if a minute turns during the run, counting starts again, so the first refusal
    // comes after at least 30 reports and at the latest with the 61st.
    let accepted = 0
    let refused: Response | null = null
    for (let i = 0; i < 61 && !refused; i++) {
      const res = await send('203.0.113.7')
      if (res.status === 429) refused = res
      else accepted++
    }
    expect(accepted).toBeGreaterThanOrEqual(30)
    expect(refused?.headers.get('retry-after')).toBe('60')
    expect(await refused?.json()).toEqual({
      error: { code: 'rate_limited', message: CATALOGS['da-DK']['api.error.rateLimited'] },
    })
    expect((await send('203.0.113.8')).status).toBe(204)
  })
})

describe('validation', () => {
  it('answers 422 with field-level messages in the caller’s language and no side effect', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { cookie, token } = await antiForgery()
    const res = await call('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token, language: 'de-DE' },
      body: JSON.stringify({ message: '', url: 'x'.repeat(201), extra: true }),
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; message: string; fields: unknown[] } }
    expect(body.error.code).toBe('validation')
    expect(body.error.message).toBe(CATALOGS['de-DE']['api.error.validation'])
    const de = CATALOGS['de-DE']
    expect(body.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'extra', message: de['api.error.unknownField'] },
        { path: 'message', message: de['api.error.invalidField'] },
        { path: 'url', message: de['api.error.tooLong'] },
      ]),
    )
    expect(body.error.fields).toHaveLength(3)
    expect(warn).not.toHaveBeenCalled()
  })
})
