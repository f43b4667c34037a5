import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { HOSTILE_REDIRECTS } from '../../test/quality/payloads'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const ORIGIN = 'http://local.test'
const today = () => new Date().toISOString().slice(0, 10)

type Visitor = ReturnType<typeof visitor>

/** The opening tag of the element with an id (React orders attributes its own way). */
const tagWithId = (html: string, id: string) => new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? ''

/** The consent form as a browser without JavaScript posts it, from one of our pages. */
function choose(person: Visitor, prefix: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return person.request(`${prefix}/cookie-settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('before consent', () => {
  it('shows the banner in the site’s language, sets no cookie at all, and stays cacheable', async () => {
    const res = await visitor().request('/de/marketing')
    const html = decode(await res.text())
    const de = CATALOGS['de-DE']
    expect(html).toContain(`<section class="consent" aria-label="${de['consent.banner.label']}"`)
    expect(html).toContain(de['consent.banner.text'])
    const form = /<form class="consent__actions"[^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toContain('action="/de/cookie-settings"')
    expect(form).toContain('method="post"')
    expect(html).toContain('<input type="hidden" name="return" value="/de/marketing"/>')
    expect(html).toContain('href="/de/cookie-settings?return=%2Fde%2Fmarketing"')
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('cache-control')).toContain('s-maxage')
    // Nothing that measures: no analytics script, no tag manager in the policy.
    expect(html).not.toContain('__analytics')
    expect(res.headers.get('content-security-policy')).not.toContain('googletagmanager')
  })

  it('puts the banner after the skip link and before the page, so it is painted with the first screen', async () => {
    const html = await (await visitor().request('/no')).text()
    const body = html.slice(html.indexOf('<body>'))
    expect(body.startsWith('<body><a class="skip-link" href="#main">')).toBe(true)
    expect(body.indexOf('class="skip-link"')).toBeLessThan(body.indexOf('class="consent"'))
    expect(body.indexOf('class="consent"')).toBeLessThan(body.indexOf('id="app"'))
    // One skip link, with the page's language.
    expect(body.split('class="skip-link"').length).toBe(2)
    expect(body).toContain(`>${CATALOGS['nb-NO']['common.skipToContent']}</a>`)
  })

  it('leaves the banner off a page that goes on by itself, so its countdown’s stop button comes first', async () => {
    const person = visitor()
    const banner = async (path: string) => (await (await person.request(path)).text()).includes('class="consent"')
    expect(await banner('/nl/no-such-page')).toBe(false)
    const saved = await person.postForm('/nl/configurator/p5', { configuration: 'version=long-range' })
    const overview = saved.headers.get('location') ?? ''
    expect(overview).toContain('saved=1')
    expect(await banner(overview)).toBe(false)
    // The same overview opened later has no countdown, and asks.
    expect(await banner(overview.replace(/\?.*$/, ''))).toBe(true)
  })

  it('links the cookie settings from the footer of every page, keeping where the visitor was', async () => {
    const html = decode(await (await visitor().request('/se/test-drive/p5?store=x')).text())
    expect(html).toContain(
      `<a href="/se/cookie-settings?return=%2Fse%2Ftest-drive%2Fp5%3Fstore%3Dx">${CATALOGS['sv-SE']['consent.footer.link']}</a>`,
    )
  })
})

describe('choosing without JavaScript', () => {
  it('accepts all: sets the consent cookie with version and date, and goes back', async () => {
    const person = visitor()
    const res = await choose(person, '/no', { choice: 'acceptAll', return: '/no/configurator/p5?x=1' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/no/configurator/p5?x=1')
    const [cookie] = res.headers.getSetCookie()
    expect(cookie).toContain(`__Host-consent=v1.${today()}.a1.m1`)
    expect(cookie).toMatch(/Max-Age=15552000/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Lax/)
    // The banner is gone, and the page is private towards the browser: no proxy shares a page without the banner.
    const page = await person.request('/no/marketing')
    expect(await page.text()).not.toContain('class="consent"')
    expect(page.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('rejects all: remembers the refusal and clears the device id from the browser', async () => {
    const person = visitor()
    const res = await choose(person, '/fr', { choice: 'rejectAll', return: '/fr' })
    expect(res.headers.getSetCookie()[0]).toContain(`__Host-consent=v1.${today()}.a0.m0`)
    expect(res.headers.get('clear-site-data')).toBe('"storage"')
    expect(await (await person.request('/fr')).text()).not.toContain('class="consent"')
  })

  it('saves chosen groups from the settings page, which shows them back', async () => {
    const person = visitor()
    const res = await choose(person, '/dk', { choice: 'save', analytics: 'on', return: '/dk/test-drive' })
    expect(res.headers.get('location')).toBe('/dk/test-drive')
    expect(person.jar.get('__Host-consent')).toBe(`v1.${today()}.a1.m0`)
    const html = decode(await (await person.request('/dk/cookie-settings?return=/dk/test-drive')).text())
    expect(tagWithId(html, 'consent-analytics')).toContain('checked=""')
    expect(tagWithId(html, 'consent-marketing')).not.toContain('checked')
    expect(tagWithId(html, 'consent-necessary')).toMatch(/disabled="".*checked=""|checked="".*disabled=""/)
    expect(html).toContain('<input type="hidden" name="return" value="/dk/test-drive"/>')
    // The settings page itself shows no banner, also before any choice.
    expect(await (await visitor().request('/dk/cookie-settings')).text()).not.toContain('class="consent"')
  })

  it('asks again when the consent is of an older version', async () => {
    const current = visitor()
    current.jar.set('__Host-consent', 'v1.2025-01-01.a1.m1')
    expect(await (await current.request('/nl')).text()).not.toContain('class="consent"')
    const older = visitor()
    older.jar.set('__Host-consent', 'v0.2025-01-01.a1.m1')
    expect(await (await older.request('/nl')).text()).toContain('class="consent"')
  })

  it('never sends the visitor to another site', async () => {
    const res = await choose(visitor(), '/be/fr-BE', { choice: 'acceptAll', return: '//evil.example/x' })
    expect(res.headers.get('location')).toBe('/be/fr-BE')
  })

  it.each(HOSTILE_REDIRECTS)('keeps the return %j on our origin, dot segments resolved first', async (target) => {
    const res = await choose(visitor(), '/no', { choice: 'rejectAll', return: target })
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location.startsWith('//') || location.includes('\\')).toBe(false)
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN)
  })
})

describe('refusing a forged or broken choice', () => {
  it('refuses a post from another site, or one that says nowhere where it comes from', async () => {
    const fields = new URLSearchParams({ choice: 'acceptAll', return: '/no' }).toString()
    const forged: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: ORIGIN },
      { origin: 'https://evil.example' },
      // Neither Sec-Fetch-Site nor Origin: nothing says the post is ours.
      {},
    ]
    for (const headers of forged) {
      const person = visitor()
      const res = await person.request('/no/cookie-settings', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: fields,
      })
      expect(res.status).toBe(403)
      expect(person.jar.has('__Host-consent')).toBe(false)
      expect(decode(await res.text())).toContain(CATALOGS['nb-NO']['consent.error.forbidden'])
    }
  })

  it('refuses an unknown choice and keeps asking', async () => {
    const person = visitor()
    const res = await choose(person, '/th', { choice: 'everything', return: '/th' })
    expect(res.status).toBe(400)
    expect(decode(await res.text())).toContain(CATALOGS['th-TH']['consent.error.invalid'])
    expect(person.jar.has('__Host-consent')).toBe(false)
  })
})

describe('analytics after consent', () => {
  async function consenting(prefix: string, fields: Record<string, string>) {
    const person = visitor()
    await choose(person, prefix, fields)
    return person
  }

  it('loads the analytics script and the tag manager with the country’s container on labelled pages', async () => {
    const person = await consenting('/no', { choice: 'acceptAll' })
    const res = await person.request('/no/configurator/p5')
    const html = await res.text()
    expect(html).toMatch(/<script id="__analytics" type="application\/json" nonce="[^"]+">/)
    expect(html).toContain('"label":"configurator","country":"NO","language":"nb-NO"')
    expect(html).toContain('"tagManager":"GTM-NV0NO01","marketing":true')
    expect(res.headers.get('content-security-policy')).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/)
  })

  it('loads no tag manager in Iceland and Austria, and allows none in the policy', async () => {
    for (const prefix of ['/is', '/at']) {
      const person = await consenting(prefix, { choice: 'acceptAll' })
      const res = await person.request(`${prefix}/configurator/p5`)
      expect(await res.text()).toContain('"tagManager":null')
      expect(res.headers.get('content-security-policy')).not.toContain('googletagmanager')
    }
  })

  it('loads nothing with only marketing allowed, or on pages without a label', async () => {
    const marketingOnly = await consenting('/se', { choice: 'save', marketing: 'on' })
    const res = await marketingOnly.request('/se/configurator/p5')
    expect(await res.text()).not.toContain('__analytics')
    expect(res.headers.get('content-security-policy')).not.toContain('googletagmanager')
    const all = await consenting('/se', { choice: 'acceptAll' })
    const unlabelled = await all.request('/se/marketing')
    expect(await unlabelled.text()).not.toContain('__analytics')
    expect(unlabelled.headers.get('content-security-policy')).not.toContain('googletagmanager')
  })
})

describe('server-side events', () => {
  const rows = (event: string) =>
    env.DB.prepare('SELECT * FROM analytics_events WHERE event = ?1 AND source = ?2 ORDER BY id')
      .bind(event, 'server')
      .all<Record<string, unknown>>()

  async function book(person: Visitor, deviceId?: string) {
    const slotsRes = await person.request('/api/v1/stores/se-goteborg-avenyn/slots?site=/se')
    const { slots } = (await slotsRes.json()) as { slots: { start: string }[] }
    const index = Math.floor(Math.random() * slots.length)
    return person.postForm('/se/test-drive/p5', {
      storeId: 'se-goteborg-avenyn',
      modelCode: 'p5',
      name: 'Greta Garbo',
      email: `greta.${index}.${Date.now()}@example.com`,
      phone: '070-123 45 67',
      privacyAccepted: 'yes',
      slotStart: slots[index]?.start ?? '',
      ...(deviceId ? { _deviceId: deviceId } : {}),
    })
  }

  it('records a test-drive submission made without JavaScript, only with analytics consent', async () => {
    const before = (await rows('test_drive_submit')).results.length
    const withoutConsent = crypto.randomUUID()
    expect((await book(visitor(), withoutConsent)).status).toBe(303)

    const person = visitor({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' })
    await choose(person, '/se', { choice: 'acceptAll' })
    expect((await book(person, '3b241101-e2bb-4255-8caf-4136c566a962')).status).toBe(303)
    // Through the analytics queue: stored by its consumer within seconds; the booking without consent never queued.
    await vi.waitFor(async () => expect((await rows('test_drive_submit')).results.length).toBe(before + 1), {
      timeout: 20_000,
      interval: 250,
    })
    const after = (await rows('test_drive_submit')).results
    expect(after.some((row) => row.device_id === withoutConsent)).toBe(false)
    expect(after.at(-1)).toMatchObject({
      label: 'book_a_test_drive',
      country_code: 'SE',
      language: 'sv-SE',
      channel: 10,
      device_id: '3b241101-e2bb-4255-8caf-4136c566a962',
      platform: 'H5',
      device: 'iphone',
    })
  }, 30_000)
})
