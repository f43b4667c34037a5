import { describe, expect, inject, it } from 'vitest'
import nl from '../../locales/nl-NL.json'
import { baseFor, lookAt, payOnHostedPage, screenshotOf, visitorsOf } from './visitors'

/*
 * Without JavaScript, in each engine: configure by links, save, sign up, order (errors first) and pay, on the Dutch
 * site at a phone's width. Every step is a link or a form; the page's scripts never run.
 */

for (const engine of inject('engines')) {
  describe(`${engine} without JavaScript`, () => {
    const visit = visitorsOf(engine)
    const base = baseFor(engine)

    it('configures, saves, signs up, orders and pays on /nl', async () => {
      const { tab } = await visit({ javaScript: false, viewport: { width: 390, height: 844 } })
      const findings: string[] = []
      await tab.goto(`${base}/nl/configurator/p5`)
      const before = await tab.text('.price-bar__amount')
      await tab.clickToLoad('#choose-paintCode a', 'Fjordblauw')
      await tab.waitForUrl(/paint=fjord-blue/)
      await tab.clickToLoad('#choose-packCodes a', 'Technologiepakket')
      await tab.waitForUrl(/packs=tech-pack/)
      expect(await tab.text('.price-bar__amount')).not.toBe(before)
      expect(await tab.evaluate(() => document.documentElement.dataset.hydrated ?? 'no script ran')).toBe(
        'no script ran',
      )
      findings.push(...(await lookAt(tab)))
      await screenshotOf(tab, 'nl/no-js-configurator-390')
      const configured = await tab.text('.price-bar__amount')
      await tab.clickToLoad('.configurator__save button')
      await tab.waitForUrl(/\/nl\/configurator\/overview\//)
      expect(await tab.text('.price-summary__total')).toBe(configured)

      await tab.clickToLoad('a[href*="/configurator/info-submission/"]')
      await tab.waitForUrl(/\/nl\/auth\?frontRedirect=/)
      const form = 'form:has(input[name="intent"][value="signUp"])'
      await tab.fill(`${form} input[name="name"]`, 'Anne Test')
      await tab.fill(`${form} input[name="email"]`, `${engine}.nojs.${Date.now()}@example.com`)
      await tab.fill(`${form} input[name="password"]`, 'a long enough password')
      await tab.clickToLoad(`${form} button`)
      await tab.waitForUrl(/\/nl\/configurator\/info-submission\//)
      await tab.clickToLoad('main form[method="post"] button[type="submit"]')
      expect(await tab.count('.field__error')).toBeGreaterThanOrEqual(3)
      findings.push(...(await lookAt(tab)))
      await screenshotOf(tab, 'nl/no-js-order-form-errors-390')
      for (const [field, value] of [
        ['firstName', 'Anne'],
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
      expect(await tab.text('h1')).toBe(nl['order.placed.order'])
      await payOnHostedPage(tab, 'Anne Test')
      expect(await tab.text('[role="status"]')).toContain(nl['payment.return.paid'].split('{')[0])
      findings.push(...(await lookAt(tab)))
      await screenshotOf(tab, 'nl/no-js-order-detail-390')
      expect(findings).toEqual([])
    }, 180_000)
  })
}
