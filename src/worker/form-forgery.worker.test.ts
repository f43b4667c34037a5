import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { routeAddress, seedRouteRecords } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { ROUTES } from '../routes'
import { CachePolicy } from './ssr/cache-policy'

const BASE = 'http://local.test'
const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`${BASE}${path}`, { redirect: 'manual', headers }))

const FORM_PAGES = ROUTES.filter((route) => route.action)

afterEach(() => {
  vi.restoreAllMocks()
})

beforeAll(seedRouteRecords)

describe('pages with a form, opened', () => {
  it.each(['/no', '/be/fr-BE'])(
    'set no cookie and carry no token for an anonymous visitor under %s, and the public ones are cacheable',
    async (prefix) => {
      const cacheable: string[] = []
      for (const route of ROUTES) {
        const path = `${prefix}${routeAddress(route.path)}`
        const res = await get(path)
        const html = await res.text()
        expect(res.headers.getSetCookie(), path).toEqual([])
        expect(html, path).not.toContain('name="_csrf"')
        if (route.action && res.status === 200 && route.indexable) {
          expect(res.headers.get('cache-control'), path).toBe(CachePolicy.anonymousPage)
          cacheable.push(route.id)
        }
      }
      // The anonymous forms: the configurator's save, test drive, quick delivery, trade-in, home charger, subscription.
      expect(cacheable).toEqual(
        expect.arrayContaining([
          'configurator',
          'testDrive',
          'quickDelivery',
          'tradeIn',
          'homeCharger',
          'subscription',
        ]),
      )
    },
  )

  it('set no anti-forgery cookie for a signed-in customer either', async () => {
    const person = visitor()
    await person.signUp('/no', {
      name: 'Forgery Tester',
      email: uniqueEmail('forgery'),
      password: 'correct horse battery',
    })
    expect(person.jar.has('__Host-csrf')).toBe(false)
    for (const route of FORM_PAGES) {
      const res = await person.request(`/no${routeAddress(route.path)}`)
      await res.arrayBuffer()
      expect(res.headers.getSetCookie().join(';'), route.path).not.toContain('__Host-csrf')
    }
  })
})

describe('a form posted to a page', () => {
  const enquiries = async () =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM charger_enquiries').first<{ n: number }>())?.n ?? 0
  const enquiry = {
    name: 'Anna de Vries',
    email: 'anna@example.nl',
    phone: '+31 6 12345678',
    street: 'Keizersgracht 1',
    zip: '1015 CJ',
    city: 'Amsterdam',
    houseType: 'detached',
    installationWindow: 'withinMonth',
    privacyAccepted: 'yes',
  }
  const post = (headers: Record<string, string>, fields: Record<string, string> = enquiry) =>
    exports.default.fetch(
      new Request(`${BASE}/nl/home-charger`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    )

  it('is refused, changing nothing, from another site or when the browser says nothing of where it comes from', async () => {
    const before = await enquiries()
    const forged: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.local.test' },
      // A valid-looking field from the old scheme changes nothing.
      { 'sec-fetch-site': 'none' },
    ]
    for (const headers of forged) {
      const res = await post(headers, { ...enquiry, _csrf: 'x'.repeat(43) })
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(decode(await res.text())).toContain(CATALOGS['nl-NL']['api.error.csrf'])
    }
    expect(await enquiries()).toBe(before)
  })

  it('works from our own page without JavaScript: the browser’s origin headers are all it needs', async () => {
    const before = await enquiries()
    const person = visitor()
    const res = await person.postForm('/nl/home-charger', enquiry)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/nl\/home-charger\/result\//)
    expect(await enquiries()).toBe(before + 1)
    // Only Origin, as a browser without Fetch Metadata sends.
    const originOnly = await post({ origin: BASE }, { ...enquiry, email: 'anna2@example.nl' })
    expect(originOnly.status).toBe(303)
    expect(await enquiries()).toBe(before + 2)
  })

  it('with JavaScript, a script’s call fetches its token when it needs it, and is refused without', async () => {
    // The crash report is logged as a warning.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const person = visitor()
    await (await person.request('/nl/home-charger')).arrayBuffer()
    expect(person.jar.has('__Host-csrf')).toBe(false)
    const report = JSON.stringify({ message: 'x', url: '/nl/home-charger' })
    const without = await person.request('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: report,
    })
    expect(without.status).toBe(403)
    const res = await person.api('/api/client-errors', { message: 'x', url: '/nl/home-charger' })
    expect(res.status).toBe(204)
    expect(person.jar.has('__Host-csrf')).toBe(true)
  })
})
