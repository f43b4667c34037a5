import type { Browser } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import da from '../locales/da-DK.json'
import sv from '../locales/sv-SE.json'
import { hydrated, withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

describe('test drives and quotes', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`books a test drive on /se (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      await page.goto(`${base}/se/test-drive/p5`)
      // With JavaScript, choosing a store shows its times at once; before the page's script has run (it starts after
      // the first paint), the list is the form without JavaScript, whose button shows them.
      if (javaScriptEnabled) await hydrated(page)
      await page.selectOption('#store-select', 'se-malmo-sodra-forstadsgatan')
      if (!javaScriptEnabled) await page.locator('form[method="get"] button[type="submit"]').click()
      await page.waitForURL(/store=se-malmo-sodra-forstadsgatan/)
      // Errors first: nothing filled in.
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForLoadState()
      expect(await page.locator('.field__error').count()).toBeGreaterThanOrEqual(3)
      await page.locator('#test-drive-name').fill('Greta Garbo')
      await page.locator('#test-drive-email').fill('greta@example.com')
      await page.locator('#test-drive-phone').fill('070 123 45 67')
      await page.locator('#test-drive-privacy').check()
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForURL(/\/se\/test-drive-result\?booking=/)
      expect(await page.locator('main').textContent()).toContain('Nordvolt Malmö')
      await context.close()
    })
  }

  it('shows the nearest-store failure message when location is refused, and the list stays usable', async () => {
    const context = await browser.newContext({ permissions: [] })
    const page = await context.newPage()
    await page.goto(`${base}/se/test-drive`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true')
    await page.getByRole('button', { name: sv['testDrive.useLocation'] }).click()
    await expect.poll(() => page.locator('[role="alert"]').textContent()).toBe(sv['testDrive.error.nearestStore'])
    expect(await page.locator('#store-select').isEnabled()).toBe(true)
    await context.close()
  })

  it('requests a quote for a configured car on /dk', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/dk/configurator/p5`)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/dk\/configurator\/overview\//)
    await page.locator('a[href*="/test-drive-submission/quote/"]').click()
    await page.locator('#quote-name').fill('Karen Blixen')
    await page.locator('#quote-email').fill('karen@example.com')
    await page.locator('#quote-phone').fill('20 12 34 56')
    await page.locator('#quote-privacy').check()
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForURL(/\/dk\/test-drive-result\?quote=/)
    expect(await page.locator('h1').textContent()).toBe(da['quote.received.heading'])
    await page.close()
  })
})
