import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../worker/index'
import { catalogFor, catalogKey, clearLoadedCatalogs } from './catalog-store'
import { CATALOGS } from './catalogs'

/** A page through the whole worker, with a KV binding of the test's choosing; a cookie keeps the edge cache out. */
async function page(path: string, kv: KVNamespace) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(`http://local.test${path}`, { headers: { cookie: 'x=1' } }),
    { ...env, KV: kv },
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html }
}

/** KV whose reads of the catalogs matching `failing` fail; everything else is the real namespace. */
function failingCatalogs(failing = /^i18n\//): KVNamespace {
  return new Proxy(env.KV, {
    get(target, prop) {
      if (prop === 'get') {
        return (key: string, options?: unknown) => {
          if (failing.test(key)) return Promise.reject(new Error('KV unavailable'))
          return (target.get as (k: string, o?: unknown) => Promise<unknown>).call(target, key, options)
        }
      }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

afterEach(() => {
  clearLoadedCatalogs()
  vi.restoreAllMocks()
})

describe('message catalogs from KV', () => {
  it('reads each catalog, as seeded, under the version the worker was built with', async () => {
    expect(catalogKey('th-TH')).toMatch(/^i18n\/[0-9a-f]{12}\/th-TH$/)
    expect(await catalogFor(env, 'th-TH')).toEqual(CATALOGS['th-TH'])
    expect(await catalogFor(env, 'fr-BE')).toEqual(CATALOGS['fr-BE'])
  })

  it('renders pages in the site language from KV', async () => {
    clearLoadedCatalogs()
    const { res, html } = await page('/se/marketing', env.KV)
    expect(res.status).toBe(200)
    expect(html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
  })

  it('reads English from KV too: no catalog is in the bundle', async () => {
    expect(await catalogFor(env, 'en-US')).toEqual(CATALOGS['en-US'])
  })

  it('degrades to English when KV cannot give the locale, never breaks the page, and recovers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    clearLoadedCatalogs()
    const broken = await page('/se/marketing', failingCatalogs(/sv-SE$/))
    expect(broken.res.status).toBe(200)
    expect(broken.html).toContain(CATALOGS['en-US']['header.nav.quickDelivery'])
    expect(warn).toHaveBeenCalled()
    const again = await page('/se/marketing', env.KV)
    expect(again.html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
  })

  it('answers 503 (retry later, not stored) when KV gives no catalog at all, and recovers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    clearLoadedCatalogs()
    const broken = await page('/se/marketing', failingCatalogs())
    expect(broken.res.status).toBe(503)
    expect(broken.res.headers.get('retry-after')).toBe('60')
    expect(broken.res.headers.get('cache-control')).toBe('no-store')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('neither it nor en-US'))
    error.mockClear()
    const again = await page('/se/marketing', env.KV)
    expect(again.res.status).toBe(200)
    expect(again.html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
  })
})
