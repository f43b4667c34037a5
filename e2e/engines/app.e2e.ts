import { beforeAll, describe, expect, inject, it } from 'vitest'
import nl from '../../locales/nl-NL.json'
import { APP_COOKIE } from '../../src/worker/app-shell'
import { appClient } from './app-client'
import type { Engine } from './engines'
import type { NativeSide, Tab } from './tab'
import { clickAndAwaitNewPage, until } from './tab'
import { payOnHostedPage, screenshotOf, visitorsOf } from './visitors'

/*
 * The storefront in the native app's webview (docs/features/app-webview.md): WebKit as the iOS app (a WebKitGTK
 * embedder with a real `nordvolt` script message handler) and Chromium as the Android app (an injected
 * `NordvoltAndroid` interface). Each asserts the messages the page sends on a journey, the chrome it hides, the
 * consent it honours, and the sign-in hand-over (success, replay, another account, and a code past its minute).
 */

const ENGINES = (['chromium', 'webkit'] as const).filter((engine: Engine) => inject('engines').includes(engine))
const USER_AGENTS = {
  webkit:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 NordvoltApp/3.2.0 (iOS)',
  chromium:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 NordvoltApp/3.2.0 (Android)',
} as const
/** The app's own header, footer and consent (the visitor refused analytics there), and its own sign-in. */
const APP_SHELL = 'v1.header.footer.consent-a0m0.login-app'
/** A sign-in code is good for a minute. */
const CODE_MS = 60_000

const base = inject('secureBaseUrl')

/** Sets the app's cookie in the webview's store, as the app does before it loads the first page. */
async function openApp(tab: Tab, shell = APP_SHELL): Promise<void> {
  await tab.goto(`${base}/api/health`)
  await tab.evaluate((cookie: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the app writes its cookie into the webview's store; WebKitGTK has no Cookie Store API
    document.cookie = cookie
  }, `${APP_COOKIE}=${shell}; Secure; Path=/; SameSite=Lax`)
}

/** The messages of a type the native side has received. */
async function sent(native: NativeSide, type: string) {
  return (await native.messages()).filter((m) => m.type === type)
}

/** A customer signed in in the app: its native side, which asks for sign-in codes for the webview. */
async function appSession(email: string) {
  const client = appClient(base, inject('certificate'))
  await client.signUp(email)
  return client
}

/** The app hands the page a sign-in code (or none), as it does after its own sign-in; the page loads anew. */
async function refreshSession(tab: Tab, code?: { code: string; account: string }): Promise<void> {
  await until(
    () => tab.evaluate(() => typeof (window as unknown as { nordvoltWeb?: object }).nordvoltWeb),
    (type) => type === 'object',
  )
  await clickAndAwaitNewPage(tab, () =>
    tab.evaluate(
      (message: Record<string, string>) => {
        ;(window as unknown as { nordvoltWeb: { receive(m: unknown): void } }).nordvoltWeb.receive(message)
      },
      code ? { type: 'refreshSession', ...code } : { type: 'refreshSession' },
    ),
  )
}

for (const engine of ENGINES) {
  describe(`${engine}: the storefront in the app's webview`, () => {
    const visit = visitorsOf(engine)
    const appVisitor = (bridge = true) =>
      visit({ viewport: { width: 390, height: 844 }, app: { userAgent: USER_AGENTS[engine], bridge } })
    // A code asked for before the other tests, used after its minute (the last test).
    let expiring: Promise<{ code: string; account: string; issuedAt: number }>
    beforeAll(() => {
      expiring = appSession(`app.late.${engine}.${Date.now()}@example.com`).then(async (client) => ({
        ...(await client.newCode()),
        issuedAt: Date.now(),
      }))
    })

    it('hides the header, footer and banner the app shows itself, honours its consent and says it is ready', async () => {
      const { tab, native } = await appVisitor()
      if (!native) throw new Error('no native side')
      await openApp(tab)
      await tab.goto(`${base}/nl/configurator/p5`)
      expect(await tab.visible('.header')).toBe(false)
      expect(await tab.visible('.footer')).toBe(false)
      expect(await tab.count('.consent')).toBe(0)
      // The visitor refused analytics in the app: no analytics on the page, and nothing asks again.
      expect(await tab.count('#__analytics')).toBe(0)
      expect(await tab.evaluate(() => document.documentElement.dataset.app)).toBe(
        engine === 'webkit' ? 'iOS' : 'Android',
      )
      await until(
        () => sent(native, 'ready'),
        (ready) => ready.length === 1,
      )
      expect((await sent(native, 'ready'))[0]).toEqual({ type: 'ready', version: 1, path: '/nl/configurator/p5' })
      await screenshotOf(tab, 'app/nl-configurator-390')
    }, 60_000)

    it('asks the app to sign in, takes its code, and refuses a replay and a code for another account', async () => {
      const session = await appSession(`app.${engine}.${Date.now()}@example.com`)
      const { tab, native } = await appVisitor()
      if (!native) throw new Error('no native side')
      await openApp(tab)
      await tab.goto(`${base}/nl/user-center/profile`)
      expect(await tab.text('h1')).toBe(nl['error.signInInApp.title'])
      expect(await sent(native, 'signInRequired')).toEqual([
        { type: 'signInRequired', reason: 'required', returnTo: '/nl/user-center/profile' },
      ])
      await screenshotOf(tab, 'app/nl-sign-in-required-390')

      const code = await session.newCode()
      await refreshSession(tab, code)
      await tab.waitForUrl(/\/nl\/user-center\/profile$/)
      expect(await tab.evaluate(() => (document.getElementById('profile-name') as HTMLInputElement).value)).toBe(
        'Anne App',
      )
      const cookies = (await tab.cookies()).map((c) => c.name)
      expect(cookies).toEqual(expect.arrayContaining(['__Host-nv_access', '__Host-nv_refresh']))

      // The same code again, in a webview that has none of the app's session: refused.
      await tab.close()
      const other = await appVisitor()
      if (!other.native) throw new Error('no native side')
      await openApp(other.tab)
      await other.tab.goto(`${base}/nl/marketing`)
      await refreshSession(other.tab, code)
      expect(await other.tab.text('.error-page__message')).toBe(nl['app.signIn.used'])
      await until(
        () => sent(other.native as NativeSide, 'signInRequired'),
        (m) => m.length === 1,
      )
      expect((await sent(other.native, 'signInRequired'))[0]).toMatchObject({
        reason: 'used',
        returnTo: '/nl/marketing',
      })
      await screenshotOf(other.tab, 'app/nl-sign-in-used-390')
      await other.tab.goto(`${base}/nl/marketing`)
      await refreshSession(other.tab, { code: (await session.newCode()).code, account: 'usr-e2e-app' })
      expect(await other.tab.text('.error-page__message')).toBe(nl['app.signIn.wrongAccount'])
      expect((await other.tab.cookies()).some((c) => c.name === '__Host-nv_access')).toBe(false)
    }, 120_000)

    it('tells the app about the order, the payment, sharing and links that leave the storefront', async () => {
      const session = await appSession(`app.order.${engine}.${Date.now()}@example.com`)
      const { tab, native } = await appVisitor()
      if (!native) throw new Error('no native side')
      await openApp(tab)
      await tab.goto(`${base}/nl/marketing`)
      await refreshSession(tab, await session.newCode())
      await tab.goto(`${base}/nl/configurator/p5`)
      await tab.clickToLoad('.configurator__save button')
      await tab.waitForUrl(/\/nl\/configurator\/overview\//)
      const overview = await tab.url()
      await until(
        () => tab.count('.share button'),
        (n) => n === 1,
      )
      await tab.click('.share button')
      const [share] = await until(
        () => sent(native, 'shareBuild'),
        (m) => m.length === 1,
      )
      expect(share?.url).toMatch(/\/nl\/configurator\/[\w-]{12}$/)
      expect(await tab.url()).toBe(overview)

      await tab.clickToLoad('a[href*="/configurator/info-submission/"]')
      await tab.waitForUrl(/\/nl\/configurator\/info-submission\//)
      // The form comes filled from the account ("Anne App"): the customer changes the first name.
      await tab.fill('#order-firstName', 'Annie')
      // Entries a reload would lose: the app holds back its pull-to-refresh.
      expect(
        await until(
          () => sent(native, 'refreshAllowed'),
          (m) => m.length > 0,
        ),
      ).toEqual([{ type: 'refreshAllowed', allowed: false }])
      for (const [field, value] of [
        ['lastName', 'Test'],
        ['zip', '1017 AB'],
        ['city', 'Amsterdam'],
        ['street', 'Herengracht 1'],
        ['email', 'anne@example.com'],
        ['phone', '06 12345678'],
      ] as const)
        await tab.fill(`#order-${field}`, value)
      await tab.check('#order-terms')
      await tab.check('#order-orderAgreement')
      await tab.clickToLoad('main form[method="post"] button[type="submit"]')
      await tab.waitForUrl(/\/nl\/order\/result-confirmation\//)
      const [placed] = await until(
        () => sent(native, 'orderPlaced'),
        (m) => m.length === 1,
      )
      expect(placed).toMatchObject({
        type: 'orderPlaced',
        kind: 'order',
        orderPath: expect.stringMatching(/^\/nl\/order\//),
      })
      const orderNumber = placed?.orderNumber
      expect(await tab.text('.page__lead')).toContain(String(orderNumber))
      await screenshotOf(tab, 'app/nl-order-placed-390')

      await payOnHostedPage(tab, 'Anne Test')
      await until(
        () => sent(native, 'paymentFinished'),
        (m) => m.length === 1,
      )
      expect(await sent(native, 'paymentStarted')).toEqual([
        { type: 'paymentStarted', orderNumber, amount: expect.any(Number), currency: 'EUR' },
      ])
      expect(await sent(native, 'paymentFinished')).toEqual([{ type: 'paymentFinished', orderNumber, outcome: 'paid' }])

      // The regulator's site in the privacy policy is opened by the app, outside the webview.
      await tab.goto(`${base}/nl/policy`)
      const policy = await tab.url()
      await tab.click('a.url[href^="https://www.autoriteitpersoonsgegevens.nl"]')
      const [external] = await until(
        () => sent(native, 'openExternal'),
        (m) => m.length === 1,
      )
      expect(external?.url).toMatch(/^https:\/\/www\.autoriteitpersoonsgegevens\.nl\/?$/)
      expect(await tab.url()).toBe(policy)
    }, 180_000)

    it('works as on the web when the app has no bridge: nothing is intercepted', async () => {
      const { tab } = await appVisitor(false)
      await openApp(tab)
      await tab.goto(`${base}/nl/policy`)
      expect(await tab.visible('.header')).toBe(false)
      // A link that leaves the storefront is followed (its click not prevented; stopped here, with no network).
      const prevented = await tab.evaluate(() => {
        const link = document.querySelector('a.url[href^="https://"]') as HTMLAnchorElement
        let seen = true
        link.addEventListener('click', (event) => {
          seen = event.defaultPrevented
          event.preventDefault()
        })
        link.click()
        return seen
      })
      expect(prevented).toBe(false)
      await tab.goto(`${base}/nl/user-center/profile`)
      expect(await tab.text('h1')).toBe(nl['error.signInInApp.title'])
    }, 60_000)

    it('refuses a code once its minute is over', async () => {
      const late = await expiring
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, late.issuedAt + CODE_MS + 1000 - Date.now())))
      const { tab, native } = await appVisitor()
      if (!native) throw new Error('no native side')
      await openApp(tab)
      await tab.goto(`${base}/nl/marketing`)
      await refreshSession(tab, late)
      expect(await tab.text('.error-page__message')).toBe(nl['app.signIn.expired'])
      expect(await sent(native, 'signInRequired')).toEqual([
        { type: 'signInRequired', reason: 'expired', returnTo: '/nl/marketing' },
      ])
      expect((await tab.cookies()).some((c) => c.name === '__Host-nv_access')).toBe(false)
    }, 120_000)
  })
}
