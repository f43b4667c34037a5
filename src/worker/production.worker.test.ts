import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { PRODUCTION_SECRETS } from '../../test/fixtures'
import { REQUIRED_BINDINGS, REQUIRED_SECRETS } from './env'
import * as main from './index'
import { app } from './index'

/** The worker's env as a plain `wrangler deploy` of wrangler.toml gives it: its [vars], plus the given secrets. */
function deployed(secrets: Record<string, string> = {}): Env {
  const vars = JSON.parse(env.TEST_DEPLOYED_VARS) as Record<string, string>
  return { ...env, ENVIRONMENT: undefined, ...vars, ...secrets } as unknown as Env
}

/** Every required secret and setting, the payment provider's keys among them. */
const SECRETS = PRODUCTION_SECRETS
const OFFICIAL = SECRETS.OFFICIAL_URL

describe('production fails closed', () => {
  it('wrangler.toml deploys production: development is only a local setting', () => {
    const vars = JSON.parse(env.TEST_DEPLOYED_VARS) as Record<string, string>
    expect(vars.ENVIRONMENT ?? 'production').toBe('production')
  })

  it('refuses to serve without its secrets: a 503 and a log line naming what is missing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const path of ['/no', '/api/health', '/dev/mailbox', '/no/grayLogin']) {
      const res = await app.request(path, {}, deployed())
      expect(res.status, path).toBe(503)
      expect(await res.text()).toContain('not configured')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    const lines = log.mock.calls.map((call) => call.map(String).join(' '))
    expect(lines.some((line) => line.includes('APP_SECRET') && line.includes('GRAY_ACCESS_CODE'))).toBe(true)
    // Never the value of a secret in the log, even a partial one.
    const partial = deployed({ APP_SECRET: 'too-short-secret' })
    expect((await app.request('/no', {}, partial)).status).toBe(503)
    expect(log.mock.calls.flat().map(String).join(' ')).not.toContain('too-short-secret')
  })

  it('also without ENVIRONMENT at all: production is the default', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const bare = { ...env, ENVIRONMENT: undefined } as unknown as Env
    expect((await app.request('/no', {}, bare)).status).toBe(503)
  })

  it('refuses the development gray-release code and tokens signed with the development secret', async () => {
    const production = deployed(SECRETS)
    const pair = async (on: Env) => {
      const res = await app.request('/api/csrf', {}, on)
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      return { cookie, token: ((await res.json()) as { token: string }).token }
    }
    const gray = (code: string) =>
      app.request(
        '/no/grayLogin',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams({ code }).toString(),
        },
        production,
      )
    const devCode = await gray('preview-2026')
    expect(devCode.status).toBeLessThan(500)
    expect(devCode.headers.get('set-cookie') ?? '').not.toContain('__Host-nv_gray=')
    const realCode = await gray(SECRETS.GRAY_ACCESS_CODE)
    expect(realCode.headers.get('set-cookie') ?? '').toContain('__Host-nv_gray=')
    // An anti-forgery pair minted under the development secret is refused by the deployment.
    const dev = await pair(env)
    const forged = await app.request(
      '/api/client-errors',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: dev.cookie, 'x-csrf-token': dev.token },
        body: JSON.stringify({ message: 'x', url: '/no' }),
      },
      production,
    )
    expect(forged.status).toBe(403)
  })

  it('serves with its secrets, and the dev mailbox is not there', async () => {
    const production = deployed(SECRETS)
    expect((await app.request('/no', {}, production)).status).toBe(200)
    expect((await app.request('/api/health', {}, production)).status).toBe(200)
    const mailbox = await app.request('/dev/mailbox', {}, production)
    expect(mailbox.status).toBe(404)
    expect(await mailbox.text()).not.toContain('Dev mailbox')
  })

  it.each(REQUIRED_SECRETS)(
    'refuses to serve without %s alone: a 503 naming it, for pages and the API',
    async (name) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      const { [name]: _missing, ...others } = SECRETS
      for (const path of ['/no', '/api/health', '/no/auth']) {
        const res = await app.request(path, {}, deployed(others))
        expect(res.status, path).toBe(503)
      }
      expect(log.mock.calls.flat().map(String).join(' ')).toContain(name)
    },
  )

  it.each(REQUIRED_BINDINGS)(
    'refuses to serve without the %s binding, in any environment: a 503, not a 500',
    async (name) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      for (const on of [deployed(SECRETS), { ...env, ENVIRONMENT: 'development' }]) {
        const { [name]: _missing, ...rest } = on as unknown as Record<string, unknown>
        const res = await app.request('/no', {}, rest as unknown as Env)
        expect(res.status).toBe(503)
        expect(res.headers.get('cache-control')).toBe('no-store')
      }
      expect(log.mock.calls.flat().map(String).join(' ')).toContain(name)
    },
  )

  it('refuses an official origin that is not HTTPS', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await app.request('/no', {}, deployed({ ...SECRETS, OFFICIAL_URL: 'http://www.nordvolt.example' }))
    expect(res.status).toBe(503)
  })

  it('builds every absolute address from OFFICIAL_URL, never from the Host header', async () => {
    const production = deployed(SECRETS)
    const forged = { headers: { host: 'evil.example' } }
    const home = await (await app.request('http://evil.example/no', forged, production)).text()
    expect(home).toContain(`<link rel="canonical" href="${OFFICIAL}/no"`)
    expect(home).not.toContain('evil.example')
    const sitemap = await (await app.request('http://evil.example/sitemap.xml', forged, production)).text()
    expect(sitemap).toContain(`<loc>${OFFICIAL}/no</loc>`)
    expect(sitemap).not.toContain('evil.example')
    const robots = await (await app.request('http://evil.example/robots.txt', forged, production)).text()
    expect(robots).not.toContain('evil.example')
  })

  it('exports only what workerd accepts from a main module: handlers, never a plain value', () => {
    for (const [name, value] of Object.entries(main)) {
      const handler = typeof value === 'function' || (typeof value === 'object' && value !== null && 'fetch' in value)
      expect(handler, name).toBe(true)
    }
  })
})
