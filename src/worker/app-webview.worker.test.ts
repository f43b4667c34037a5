import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { visitor } from '../../test/visitor'
import type { AnalyticsQueueMessage } from '../domain/analytics/events-schema'
import type { BridgePage } from '../domain/app-bridge'
import { CATALOGS } from '../i18n/catalogs'
import { APP_COOKIE } from './app-shell'
import { EDGE_CACHE_HEADER } from './edge-cache'
import { app, serve } from './index'
import { CachePolicy } from './ssr/cache-policy'

const IOS_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 NordvoltApp/3.2.0 (iOS)'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const nl = CATALOGS['nl-NL']

/** A page through the whole worker (edge cache included), as the app's webview or a browser asks for it. */
async function page(path: string, userAgent: string, appCookie?: string) {
  const ctx = createExecutionContext()
  const res = await serve(
    new Request(`http://local.test${path}`, {
      headers: { 'user-agent': userAgent, ...(appCookie ? { cookie: `${APP_COOKIE}=${appCookie}` } : {}) },
    }),
    env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html, cache: res.headers.get(EDGE_CACHE_HEADER) }
}

/** What the page tells the app's bridge script (`#__app`), or null when the page has none. */
function bridgeOf(html: string): BridgePage | null {
  const json = /<script id="__app" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1]
  return json ? (JSON.parse(json) as BridgePage) : null
}

describe('a page in the app', () => {
  it('hides what the app shows itself, asks no consent, leaves room for the safe areas and loads the bridge', async () => {
    const { html, res } = await page('/nl/marketing', IOS_APP, 'v1.header.footer.consent-a0m0')
    expect(html).toMatch(/<html lang="nl-NL" data-app="iOS" data-app-hides="header footer">/)
    expect(html).toContain('viewport-fit=cover')
    expect(html).not.toContain('class="consent"')
    expect(html).toMatch(/<script type="module" src="[^"]*app-bridge[^"]*"/)
    expect(bridgeOf(html)).toEqual({ messages: [], signInPath: '/nl/app/sign-in' })
    // The app's pages differ from the web's: private towards any proxy on the way.
    expect(res.headers.get('cache-control')).toBe(CachePolicy.consentedPage)
  })

  it('without the app’s cookie shows the site as it is, and a web browser with that cookie gets the web page', async () => {
    const plain = await page('/nl/marketing', IOS_APP)
    expect(plain.html).toMatch(/<html lang="nl-NL" data-app="iOS">/)
    expect(plain.html).toContain('class="consent"')
    const web = await page('/nl/marketing', SAFARI, 'v1.header.footer.consent-a1m1.login-app')
    expect(web.html).toMatch(/<html lang="nl-NL">/)
    expect(web.html).not.toContain('app-bridge')
    expect(web.html).not.toContain('viewport-fit')
    expect(web.html).toContain('class="consent"')
    expect(web.res.headers.get('cache-control')).toBe(CachePolicy.anonymousPage)
  })

  it('honours the consent the app passed: analytics as chosen there, and nothing before the visitor chose', async () => {
    const allowed = await page('/nl/configurator/p5', IOS_APP, 'v1.consent-a1m0')
    expect(allowed.html).toContain('id="__analytics"')
    expect(allowed.html).toContain('"channel":20')
    expect(allowed.html).not.toContain('class="consent"')
    const unset = await page('/nl/configurator/p5', IOS_APP, 'v1.consent-unset')
    expect(unset.html).not.toContain('id="__analytics"')
    expect(unset.html).not.toContain('class="consent"')
  })

  it('keeps app and web pages apart in the edge cache, and each app shell apart from the others', async () => {
    const path = `/nl/marketing?app-cache=${crypto.randomUUID()}`
    expect((await page(path, SAFARI)).cache).toBe('MISS')
    expect((await page(path, SAFARI)).cache).toBe('HIT')
    const inApp = await page(path, IOS_APP, 'v1.header.footer')
    expect(inApp.cache).toBe('MISS')
    expect(inApp.html).toContain('data-app-hides="header footer"')
    expect((await page(path, IOS_APP, 'v1.header.footer')).cache).toBe('HIT')
    const otherShell = await page(path, IOS_APP, 'v1.footer')
    expect(otherShell.cache).toBe('MISS')
    expect(otherShell.html).toContain('data-app-hides="footer"')
    expect((await page(path, SAFARI)).html).not.toContain('data-app')
  })

  it('shows the cookie settings as chosen in the app, with no form, and refuses a choice posted there', async () => {
    const shown = await page('/nl/cookie-settings', IOS_APP, 'v1.consent-a1m0')
    expect(shown.html).toContain(nl['consent.app.managed'])
    expect(shown.html).not.toContain('name="choice"')
    const person = visitor({ 'user-agent': IOS_APP })
    person.jar.set(APP_COOKIE, 'v1.consent-a1m0')
    const posted = await person.postForm('/nl/cookie-settings', { choice: 'acceptAll' })
    expect(posted.status).toBe(409)
    expect(person.jar.has('__Host-consent')).toBe(false)
  })

  it('asks the app to sign the customer in, instead of the web sign-in, when the app signs people in itself', async () => {
    const forced = await page('/nl/user-center/profile', IOS_APP, 'v1.login-app')
    expect(forced.res.status).toBe(401)
    expect(forced.html).toContain(nl['error.signInInApp.title'])
    expect(bridgeOf(forced.html)?.messages).toEqual([
      { on: 'load', message: { type: 'signInRequired', reason: 'required', returnTo: '/nl/user-center/profile' } },
    ])
    const auth = await page('/nl/auth?frontRedirect=%2Fnl%2Ftest-drive', IOS_APP, 'v1.login-app')
    expect(auth.res.status).toBe(401)
    expect(auth.html).not.toContain('name="password"')
    // The web sign-in link is not shown either (the stylesheet hides it in the app that signs people in).
    const marketing = await page('/nl/marketing', IOS_APP, 'v1.login-app')
    expect(marketing.html).toContain('data-app-sign-in="app"')
  })

  it('records analytics events of the app with channel 20, whatever the script wrote', async () => {
    const messages: AnalyticsQueueMessage[] = []
    const queue = { send: vi.fn(async (m: AnalyticsQueueMessage) => void messages.push(m)), sendBatch: vi.fn() }
    const bindings = { ...env, ANALYTICS: queue as unknown as Queue }
    const csrf = await app.request('/api/csrf', {}, bindings)
    const cookie = `${(csrf.headers.get('set-cookie') ?? '').split(';')[0]}; ${APP_COOKIE}=v1.consent-a1m0`
    const { token } = (await csrf.json()) as { token: string }
    const deviceId = crypto.randomUUID()
    const res = await app.request(
      '/api/events',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie, 'user-agent': IOS_APP },
        body: JSON.stringify({
          events: [
            {
              ...{ event: 'browse', label: 'configurator', country: 'NL', language: 'nl-NL', channel: 10 },
              ...{ deviceId, platform: 'iOS app', device: 'iphone' },
            },
          ],
        }),
      },
      bindings,
    )
    expect(res.status).toBe(202)
    expect(messages[0]?.events.map((e) => e.channel)).toEqual([20])
  })
})

describe('the sign-in hand-over', () => {
  const email = () => `app.${crypto.randomUUID()}@example.com`

  /** A customer signed in in the app (its session cookies), and a sign-in code it asks for. */
  async function customerWithCode() {
    const inApp = visitor({ 'user-agent': IOS_APP })
    await inApp.signUp('/nl', { name: 'Anne App', email: email(), password: 'a long enough password' })
    const issued = await inApp.api('/api/v1/app/sign-in-codes')
    expect(issued.status).toBe(201)
    const body = (await issued.json()) as { code: string; expiresAt: string; account: string }
    return { inApp, ...body }
  }

  /** The webview, a browser of its own, posting the code as the app loads it. */
  function exchange(code: string, account: string, userAgent = IOS_APP, fetchSite = 'none') {
    const webview = visitor({ 'user-agent': userAgent })
    const sent = webview.request('/nl/app/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': fetchSite },
      body: new URLSearchParams({ code, account, returnTo: '/nl/configurator/p5' }).toString(),
    })
    return { webview, sent }
  }

  it('signs the webview in with the usual session cookies and goes on to the page, once', async () => {
    const { code, account, expiresAt } = await customerWithCode()
    const remaining = new Date(expiresAt).getTime() - Date.now()
    expect(remaining).toBeGreaterThan(50_000)
    expect(remaining).toBeLessThanOrEqual(60_000)
    const first = exchange(code, account)
    const res = await first.sent
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/nl/configurator/p5')
    expect(first.webview.jar.has('__Host-nv_access')).toBe(true)
    expect(first.webview.jar.has('__Host-nv_refresh')).toBe(true)
    const profile = await first.webview.request('/nl/user-center/profile')
    expect(profile.status).toBe(200)
    expect(await profile.text()).toContain('Anne App')
    // Replayed: refused, and the app is told why.
    const replay = await exchange(code, account).sent
    expect(replay.status).toBe(401)
    const html = await replay.text()
    expect(html).toContain(nl['app.signIn.used'])
    expect(bridgeOf(html)?.messages[0]?.message).toEqual({
      type: 'signInRequired',
      reason: 'used',
      returnTo: '/nl/configurator/p5',
    })
  })

  it('goes on from the sign-in page the app was asked from to the page behind it', async () => {
    const { code, account } = await customerWithCode()
    const webview = visitor({ 'user-agent': IOS_APP })
    webview.jar.set(APP_COOKIE, 'v1.login-app')
    const asked = await webview.request('/nl/auth?frontRedirect=%2Fnl%2Ftest-drive')
    expect(asked.status).toBe(401)
    expect(bridgeOf(await asked.text())?.messages[0]?.message).toMatchObject({
      type: 'signInRequired',
      returnTo: '/nl/auth?frontRedirect=%2Fnl%2Ftest-drive',
    })
    const signedIn = await webview.request('/nl/app/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ code, account, returnTo: '/nl/auth?frontRedirect=%2Fnl%2Ftest-drive' }).toString(),
    })
    expect(signedIn.status).toBe(303)
    const back = await webview.request(signedIn.headers.get('location') ?? '')
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe('/nl/test-drive')
  })

  it('lets only one of two simultaneous exchanges of a code through', async () => {
    const { code, account } = await customerWithCode()
    const answers = await Promise.all([exchange(code, account).sent, exchange(code, account).sent])
    expect(answers.map((r) => r.status).sort()).toEqual([303, 401])
  })

  it('refuses a code for another account, and spends it', async () => {
    const { code, account } = await customerWithCode()
    const other = await customerWithCode()
    const wrong = await exchange(code, other.account).sent
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain(nl['app.signIn.wrongAccount'])
    expect((await exchange(code, account).sent).status).toBe(401)
  })

  it('refuses an expired code, one whose app signed out since, and a code that was never issued', async () => {
    const expired = await customerWithCode()
    await env.DB.prepare("UPDATE app_sign_in_codes SET expires_at = '2026-01-01T00:00:00.000Z' WHERE user_id = ?1")
      .bind(expired.account)
      .run()
    const late = await exchange(expired.code, expired.account).sent
    expect(late.status).toBe(401)
    expect(await late.text()).toContain(nl['app.signIn.expired'])
    const signedOut = await customerWithCode()
    await signedOut.inApp.postForm('/nl/auth/logout', {})
    expect((await exchange(signedOut.code, signedOut.account).sent).status).toBe(401)
    const unknown = await exchange('x'.repeat(43), expired.account).sent
    expect(await unknown.text()).toContain(nl['app.signIn.invalid'])
  })

  it('is only for the app’s webview, from the app or our own pages, and only for a signed-in customer', async () => {
    const { code, account } = await customerWithCode()
    expect((await exchange(code, account, SAFARI).sent).status).toBe(404)
    expect((await exchange(code, account, IOS_APP, 'cross-site').sent).status).toBe(403)
    // Neither refusal spent the code.
    expect((await exchange(code, account).sent).status).toBe(303)
    const anonymous = await visitor({ 'user-agent': IOS_APP }).api('/api/v1/app/sign-in-codes')
    expect(anonymous.status).toBe(401)
  })
})
