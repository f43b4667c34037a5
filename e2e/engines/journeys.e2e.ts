import { describe, expect, inject, it } from 'vitest'
import nl from '../../locales/nl-NL.json'
import type { Engine } from './engines'
import type { Tab } from './tab'
import { until } from './tab'
import { baseFor, focusCoveredIn, lookAt, payOnHostedPage, screenshotOf, visitorsOf } from './visitors'

/*
 * The core journeys of a customer in WebKit (Safari's engine, and the iOS app's webview) and Firefox, at a phone's
 * and a desktop's width, on the Dutch site: cookie consent, configuring with a rule that changes a choice and a
 * change of view, saving, the overview, signing up, ordering with payment, the order page, a reservation, a test
 * drive, signing out and in again. Each page is looked at the way journeys.e2e.ts does in Chromium (no sideways
 * scroll, nothing squeezed, no raw placeholder), and its screenshot is kept under e2e-screenshots/<engine>/.
 */

const WIDTHS = [390, 1366] as const
const ENGINES = (['webkit', 'firefox'] as const).filter((engine: Engine) => inject('engines').includes(engine))

/** Hydrated: the page's client entry has taken over (`<html data-hydrated>`). */
const hydrated = (tab: Tab) =>
  until(
    () => tab.evaluate(() => document.documentElement.dataset.hydrated ?? ''),
    (state) => state === 'true',
  )

for (const engine of ENGINES) {
  describe(`${engine}: the core journeys on /nl`, () => {
    const visit = visitorsOf(engine)
    const base = baseFor(engine)

    for (const width of WIDTHS) {
      const height = width < 750 ? 844 : 900
      const findings: string[] = []
      /** Looks at the page as it is and keeps its screenshot. */
      const look = async (tab: Tab, name: string) => {
        for (const finding of await lookAt(tab)) findings.push(`${name} at ${width}px: ${finding}`)
        await screenshotOf(tab, `nl/${name}-${width}`)
      }

      it(`at ${width}px: consent, configure, save, sign up, order and pay, the order page`, async () => {
        const { tab } = await visit({ viewport: { width, height } })
        await tab.goto(`${base}/nl`)
        expect(await tab.count('.consent')).toBe(1)
        await look(tab, 'home-banner')
        await tab.clickToLoad('.consent button[value="rejectAll"]')
        await tab.waitForUrl(/\/nl$/)
        // The choice is kept (a Secure, HttpOnly cookie): no banner on the next page.
        const consent = (await tab.cookies()).find((c) => c.name === '__Host-consent')
        expect(consent?.value).toMatch(/^v1\.\d{4}-\d{2}-\d{2}\.a0\.m0$/)
        await tab.goto(`${base}/nl/configurator/p5?version=long-range&wheels=sport-19`)
        expect(await tab.count('.consent')).toBe(0)
        await hydrated(tab)
        // A rule changes a choice: the tow bar pack cannot go with the 19" wheels, which go back to the standard ones.
        await tab.click('#choose-packCodes a', 'Trekhaakpakket')
        await until(
          () => tab.url(),
          (url) => url.includes('packs=tow-pack'),
        )
        expect(await tab.text('#changes-title')).toBe(nl['configurator.notes.heading'])
        expect(await tab.url()).not.toContain('sport-19')
        // Another view of the car, in place.
        await tab.click('nav.car-views a[data-view="side"]')
        await until(
          () => tab.evaluate(() => document.querySelector('.car-render')?.getAttribute('data-view')),
          (v) => v === 'side',
        )
        expect(await tab.url()).toContain('view=side')
        await look(tab, 'configurator')
        expect(await focusCoveredIn(tab, 40)).toEqual([])
        const configured = await tab.text('.price-bar__amount')
        await tab.clickToLoad('.configurator__save button')
        await tab.waitForUrl(/\/nl\/configurator\/overview\/[\w-]+\?saved=1/)
        expect(await tab.text('.price-summary__total')).toBe(configured)
        await look(tab, 'overview')

        // Ordering needs an account: sign-in comes first and leads back to the form.
        await tab.clickToLoad('a[href*="/configurator/info-submission/"]')
        await tab.waitForUrl(/\/nl\/auth\?frontRedirect=/)
        await look(tab, 'auth')
        await signUp(tab, `${engine}.${width}.${Date.now()}@example.com`)
        await tab.waitForUrl(/\/nl\/configurator\/info-submission\//)
        await tab.clickToLoad('main form[method="post"] button[type="submit"]')
        await tab.waitForUrl(/info-submission/)
        expect(await tab.count('.field__error')).toBeGreaterThanOrEqual(3)
        await look(tab, 'order-form-errors')
        await fillOrderForm(tab)
        await tab.check('#order-orderAgreement')
        await tab.clickToLoad('main form[method="post"] button[type="submit"]')
        await tab.waitForUrl(/\/nl\/order\/result-confirmation\//)
        expect(await tab.text('h1')).toBe(nl['order.placed.order'])
        await look(tab, 'order-placed')

        await payOnHostedPage(tab, 'Anne Test')
        expect(await tab.text('[role="status"]')).toContain(nl['payment.return.paid'].split('{')[0])
        await look(tab, 'order-paid')
        await tab.clickToLoad('.order-confirmation__link a')
        await tab.waitForUrl(/\/nl\/order\/[\w-]+$/)
        expect(await tab.text('.timeline')).toContain(nl['order.status.depositPaid'])
        await look(tab, 'order-detail')
        expect(findings).toEqual([])
      }, 240_000)

      it(`at ${width}px: a reservation, a test drive, signing out and in again`, async () => {
        const { tab } = await visit({ viewport: { width, height } })
        const email = `${engine}.${width}.${Date.now()}.r@example.com`
        await tab.goto(`${base}/nl/auth`)
        await signUp(tab, email)
        await tab.waitForUrl(/\/nl$/)
        // The settings page: nothing ticked, saved (analytics would load the Dutch tag manager from the internet).
        await tab.clickToLoad('.consent a.button')
        await tab.waitForUrl(/\/nl\/cookie-settings\?return=/)
        await look(tab, 'cookie-settings')
        await tab.clickToLoad('.consent-settings button[value="save"]')
        await tab.waitForUrl(/\/nl$/)
        expect((await tab.cookies()).find((c) => c.name === '__Host-consent')?.value).toMatch(/\.a0\.m0$/)
        await tab.goto(`${base}/nl/configurator/p5`)
        await hydrated(tab)
        await tab.clickToLoad('.configurator__save button')
        await tab.waitForUrl(/\/nl\/configurator\/overview\//)
        const id = /overview\/([\w-]+)/.exec(await tab.url())?.[1] ?? ''
        await tab.goto(`${base}/nl/configurator/info-submission/${id}?kind=reservation`)
        expect(await tab.visible('#order-reservationAgreement')).toBe(true)
        await fillOrderForm(tab)
        await tab.check('#order-reservationAgreement')
        await look(tab, 'reservation-form')
        await tab.clickToLoad('main form[method="post"] button[type="submit"]')
        await tab.waitForUrl(/\/nl\/order\/result-confirmation\//)
        expect(await tab.text('h1')).toBe(nl['order.placed.reservation'])

        await tab.goto(`${base}/nl/test-drive/p5`)
        await hydrated(tab)
        await tab.select('#store-select', 'nl-utrecht-croeselaan')
        await tab.waitForUrl(/store=nl-utrecht-croeselaan/)
        await tab.clickToLoad('main form[method="post"] button[type="submit"]')
        await tab.waitForUrl(/\/nl\/test-drive/)
        expect(await tab.count('.field__error')).toBeGreaterThanOrEqual(1)
        await look(tab, 'test-drive-errors')
        expect(await focusCoveredIn(tab, 30)).toEqual([])
        await tab.fill('#test-drive-name', 'Anne Test')
        await tab.fill('#test-drive-email', email)
        await tab.fill('#test-drive-phone', '06 12345678')
        await tab.check('#test-drive-privacy')
        await tab.clickToLoad('main form[method="post"] button[type="submit"]')
        await tab.waitForUrl(/\/nl\/test-drive-result\?booking=/)
        expect(await tab.text('h1')).toBe(nl['page.testDriveResult.heading'])
        await look(tab, 'test-drive-result')

        // Signing out through the account menu, and in again from the header.
        await tab.goto(`${base}/nl/auth/logout`)
        await tab.clickToLoad('main form button[type="submit"]')
        await tab.waitForUrl(/\/nl$/)
        await tab.goto(`${base}/nl/marketing`)
        if (width < 750) {
          await tab.click('.header__menu-button')
          await tab.clickToLoad('.header__menu-account a')
        } else await tab.clickToLoad('.header__sign-in')
        await tab.waitForUrl(/\/nl\/auth\?frontRedirect=/)
        await tab.fill('form:has(input[value="signIn"]) input[name="email"]', email)
        await tab.fill('form:has(input[value="signIn"]) input[name="password"]', 'a long enough password')
        await tab.clickToLoad('form:has(input[value="signIn"]) button')
        await tab.waitForUrl(/\/nl\/marketing$/)
        expect(await tab.count('.user-menu')).toBe(1)
        await look(tab, 'marketing-signed-in')
        expect(findings).toEqual([])
      }, 240_000)
    }

    it('lays out the Thai and Icelandic pages as on the Dutch site', async () => {
      const { tab } = await visit({ viewport: { width: 390, height: 844 } })
      const found: string[] = []
      for (const path of [
        '/th',
        '/th/configurator/p5',
        '/th/test-drive',
        '/is',
        '/is/configurator/p5',
        '/is/test-drive',
      ]) {
        await tab.goto(`${base}${path}`)
        for (const width of WIDTHS) {
          await tab.setViewport(width, width < 750 ? 844 : 900)
          for (const finding of await lookAt(tab)) found.push(`${path} at ${width}px: ${finding}`)
          await screenshotOf(tab, `${path.slice(1).replaceAll('/', '-')}-${width}`)
        }
      }
      expect(found).toEqual([])
    }, 180_000)
  })
}

async function signUp(tab: Tab, email: string): Promise<void> {
  const form = 'form:has(input[name="intent"][value="signUp"])'
  await tab.fill(`${form} input[name="name"]`, 'Anne Test')
  await tab.fill(`${form} input[name="email"]`, email)
  await tab.fill(`${form} input[name="password"]`, 'a long enough password')
  await tab.clickToLoad(`${form} button`)
}

async function fillOrderForm(tab: Tab): Promise<void> {
  await tab.fill('#order-firstName', 'Anne')
  await tab.fill('#order-lastName', 'Test')
  await tab.fill('#order-zip', '1017 AB')
  await tab.fill('#order-city', 'Amsterdam')
  await tab.fill('#order-street', 'Herengracht 1')
  await tab.fill('#order-email', 'anne@example.com')
  await tab.fill('#order-phone', '06 12345678')
  await tab.check('#order-terms')
}
