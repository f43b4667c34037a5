import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { kvFailingOn } from '../../test/fixtures'
import { ACCESS_COOKIE } from '../worker/auth/session'
import { EDGE_CACHE_HEADER } from '../worker/edge-cache'
import { serve } from '../worker/index'
import { catalogFor, catalogKey, clearLoadedCatalogs } from './catalog-store'
import { CATALOGS } from './catalogs'

/**
 * A page through the whole worker, with a KV binding of the test's choosing; a session cookie (opening to no
 * session) keeps the edge cache out, unless the visitor is `anonymous`.
 */
async function page(path: string, kv: KVNamespace, { anonymous = false } = {}) {
  const ctx = createExecutionContext()
  const res = await serve(
    new Request(`http://local.test${path}`, { headers: anonymous ? {} : { cookie: `${ACCESS_COOKIE}=none` } }),
    { ...env, KV: kv },
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html }
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
    const broken = await page('/se/marketing', kvFailingOn(/sv-SE$/))
    expect(broken.res.status).toBe(200)
    expect(broken.html).toContain(CATALOGS['en-US']['header.nav.quickDelivery'])
    // The page says which language its text is in: English, not the site's Swedish.
    expect(broken.html).toContain('<html lang="en-US"')
    expect(warn).toHaveBeenCalled()
    const again = await page('/se/marketing', env.KV)
    expect(again.html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
    expect(again.html).toContain('<html lang="sv-SE"')
  })

  it('serves pages in the English shipped with the Worker when KV gives no catalog at all: 200, never stored, and recovers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    clearLoadedCatalogs()
    // No cookie: the edge cache looks the page up and would store it, were it not degraded.
    const broken = await page('/se/marketing?outage=kv', kvFailingOn(), { anonymous: true })
    expect(broken.res.status).toBe(200)
    expect(broken.html).toContain(CATALOGS['en-US']['header.nav.quickDelivery'])
    expect(broken.html).not.toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
    expect(broken.html).toContain('<html lang="en-US"')
    expect(broken.res.headers.get('cache-control')).toBe('no-store')
    expect(broken.res.headers.get(EDGE_CACHE_HEADER)).toBe('BYPASS')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('shipped with the Worker'))
    // KV back: the same address is rendered in Swedish (nothing English was kept), then stored.
    const again = await page('/se/marketing?outage=kv', env.KV, { anonymous: true })
    expect(again.res.status).toBe(200)
    expect(again.res.headers.get(EDGE_CACHE_HEADER)).toBe('MISS')
    expect(again.html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
  })

  it('never stores a page served in English for want of its own catalog', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    clearLoadedCatalogs()
    const broken = await page('/se/marketing?outage=sv', kvFailingOn(/sv-SE$/), { anonymous: true })
    expect(broken.res.status).toBe(200)
    expect(broken.res.headers.get('cache-control')).toBe('no-store')
    expect(broken.res.headers.get(EDGE_CACHE_HEADER)).toBe('BYPASS')
    const again = await page('/se/marketing?outage=sv', env.KV, { anonymous: true })
    expect(again.res.headers.get(EDGE_CACHE_HEADER)).toBe('MISS')
    expect(again.html).toContain(CATALOGS['sv-SE']['header.nav.quickDelivery'])
  })

  it('still refuses a queued e-mail its text when KV gives no catalog, so the queue retries it in its language', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(catalogFor({ KV: kvFailingOn() }, 'sv-SE')).rejects.toThrow('neither it nor en-US')
  })
})
