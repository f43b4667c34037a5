import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { describe, expect, it } from 'vitest'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { type PolicySources, responseHeaders } from './response-headers'

const quiet: PolicySources = { tagManager: () => '', errorReporting: () => '' }

function appWith(sources: PolicySources) {
  const app = new Hono<AppEnv>()
  app.use(...responseHeaders(sources))
  app.get('/', (c) => c.json({ id: c.get('requestId'), nonce: c.get('secureHeadersNonce') }))
  app.get('/page/:policy', (c) =>
    c.html('<p>page</p>', 200, { 'cache-control': CachePolicy[c.req.param('policy') as keyof typeof CachePolicy] }),
  )
  return app
}

describe('responseHeaders', () => {
  it('sends the security headers hono secureHeaders sent with the options the storefront had', async () => {
    // The options of src/worker/index.ts before this middleware replaced secureHeaders.
    const hono = new Hono()
    hono.use(
      secureHeaders({
        referrerPolicy: 'strict-origin-when-cross-origin',
        permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: ['self'], usb: [] },
        xFrameOptions: 'DENY',
        crossOriginEmbedderPolicy: false,
      }),
    )
    hono.get('/', (c) => c.text('ok'))
    const before = Object.fromEntries((await hono.request('/')).headers)
    const after = Object.fromEntries((await appWith(quiet).request('/')).headers)
    for (const [name, value] of Object.entries(before)) {
      if (name === 'content-type' || name === 'content-length') continue
      expect(after[name], name).toBe(value)
    }
  })

  it('sends the opener policy on everything but the anonymous pages', async () => {
    const app = appWith(quiet)
    const opener = async (path: string) => (await app.request(path)).headers.get('cross-origin-opener-policy')
    expect(await opener('/')).toBe('same-origin')
    expect(await opener('/page/none')).toBe('same-origin')
    expect(await opener('/page/noStore')).toBe('same-origin')
    expect(await opener('/page/anonymousPage')).toBeNull()
    expect(await opener('/page/consentedPage')).toBeNull()
    // The rest of the security headers are the same on both.
    const rest = async (path: string) => {
      const headers = Object.fromEntries((await app.request(path)).headers)
      for (const name of ['cross-origin-opener-policy', 'cache-control', 'content-security-policy', 'x-request-id'])
        delete headers[name]
      return headers
    }
    expect(await rest('/page/anonymousPage')).toEqual(await rest('/page/none'))
  })

  it('names Accept-Encoding in Vary on what is compressed on the way out, keeping a Vary already there', async () => {
    const app = appWith(quiet)
    app.get('/image', (c) => c.body(new Uint8Array([1]), 200, { 'content-type': 'image/png' }))
    app.get('/by-language', (c) => c.text('hei', 200, { vary: 'Accept-Language' }))
    const vary = async (path: string) => (await app.request(path)).headers.get('vary')
    expect(await vary('/')).toBe('Accept-Encoding')
    expect(await vary('/page/anonymousPage')).toBe('Accept-Encoding')
    expect(await vary('/by-language')).toBe('Accept-Language, Accept-Encoding')
    expect(await vary('/image')).toBeNull()
  })

  it('gives each response its own nonce, the one the page is rendered with, in script-src and style-src', async () => {
    const app = appWith(quiet)
    const first = await app.request('/')
    const { nonce } = (await first.json()) as { nonce: string }
    expect(first.headers.get('content-security-policy')).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; ` +
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    const second = (await (await app.request('/')).json()) as { nonce: string }
    expect(second.nonce).not.toBe(nonce)
  })

  it('adds the tag manager and the error reporter only where the request asks for them', async () => {
    const app = appWith({
      tagManager: (c, directive) => (c.req.query('tags') ? `https://tags.example/${directive}` : ''),
      errorReporting: () => 'https://errors.example',
    })
    const csp = (await app.request('/?tags=1')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self' 'nonce-")
    expect(csp).toMatch(/script-src [^;]* https:\/\/tags\.example\/script(;|$)/)
    expect(csp).toContain("img-src 'self' data: https://tags.example/img;")
    expect(csp).toContain("connect-src 'self' https://tags.example/connect https://errors.example;")
    const without = (await app.request('/')).headers.get('content-security-policy') ?? ''
    expect(without).not.toContain('tags.example')
  })

  it('keeps a plain request id from the caller and makes one for anything else', async () => {
    const app = appWith(quiet)
    const kept = await app.request('/', { headers: { 'x-request-id': 'abc-123=' } })
    expect(kept.headers.get('x-request-id')).toBe('abc-123=')
    expect(((await kept.json()) as { id: string }).id).toBe('abc-123=')
    for (const given of ['a b', 'x'.repeat(256), '<script>']) {
      const made = (await app.request('/', { headers: { 'x-request-id': given } })).headers.get('x-request-id')
      expect(made).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})

/** The headers `public/_headers` gives the files under a path pattern. */
function staticFileHeaders(pattern: string): Map<string, string> {
  const lines = readFileSync('public/_headers', 'utf8').split('\n')
  const headers = new Map<string, string>()
  let inRule = false
  for (const line of lines) {
    if (line.startsWith('#') || line.trim() === '') continue
    if (!line.startsWith(' ')) inRule = line.trim() === pattern
    else if (inRule) {
      const [name, ...value] = line.trim().split(':')
      headers.set((name ?? '').toLowerCase(), value.join(':').trim())
    }
  }
  return headers
}

describe('static files (public/_headers)', () => {
  it('carry every security header a Worker response carries, with the same values', async () => {
    const headers = staticFileHeaders('/*')
    const worker = Object.fromEntries((await appWith(quiet).request('/')).headers)
    // Those that depend on the request or the answer: its own policy, id and body (and Vary with it), and the
    // opener policy.
    for (const name of ['content-type', 'content-length', 'content-security-policy', 'x-request-id', 'vary'])
      delete worker[name]
    delete worker['cross-origin-opener-policy']
    expect(Object.keys(worker).length).toBeGreaterThan(8)
    for (const [name, value] of Object.entries(worker)) expect(headers.get(name), name).toBe(value)
  })

  it('carry a policy that lets a file opened on its own load nothing but its own pictures and styles', () => {
    const policy = staticFileHeaders('/*').get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('script-src')
  })
})
