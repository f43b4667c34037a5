import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import sv from '../locales/sv-SE.json'
import { launchBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const twoYearsAgo = String(new Date().getUTCFullYear() - 2)

describe('trade-in valuation', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`values a car on /se (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      await page.goto(`${base}/se/trade-in`)
      expect(await page.locator('h1').textContent()).toBe(sv['tradeIn.heading'])
      // A VIN with a forbidden letter and a plate of another country: explained, values kept.
      const vin = `XNVP5AAA0R00000${javaScriptEnabled ? '10' : '20'}`
      await page.locator('#tradein-vin').fill(vin.replace('A0R', 'AOR'))
      await page.locator('#tradein-mileage').fill('40 000')
      await page.locator('#tradein-plate').fill('AB-12-CD')
      await page.locator('#tradein-owner').fill('Anna Berg')
      await page.locator('#tradein-car').selectOption('nordvolt/p5/p5-standard')
      await page.locator('#tradein-year').selectOption(twoYearsAgo)
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForLoadState()
      expect(await page.locator('#tradein-vin-error').textContent()).toBe(sv['tradeIn.problem.vinLetters'])
      expect(await page.locator('#tradein-plate-error').textContent()).toBe(
        sv['validation.invalid'].replace('{label}', sv['tradeIn.field.plate']),
      )
      expect(await page.locator('#tradein-mileage').inputValue()).toBe('40 000')
      expect(await page.locator('#tradein-car').inputValue()).toBe('nordvolt/p5/p5-standard')
      await page.locator('#tradein-vin').fill(vin.toLowerCase())
      await page.locator('#tradein-plate').fill('abc123')
      await page.locator('main form[method="post"] button[type="submit"]').click()
      await page.waitForURL(/\/se\/trade-in\/result\/[\w-]{12}$/)
      const main = (await page.locator('main').textContent()) ?? ''
      // 45 990 € × 73 % × 98 % × 11.2 SEK/€ = 368 493.95 kr, rounded down to 368 000 kr
      expect(main.replace(/\s/g, ' ')).toContain('368 000,00 kr')
      expect(main).toContain(vin)
      expect(main).toContain('ABC 123')
      expect(main).toContain('30 dagar från besiktningen')
      await context.close()
    })
  }

  it('refuses the VIN to someone giving another plate', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/se/trade-in`)
    await page.locator('#tradein-vin').fill('XNVP5AAA0R0000010')
    await page.locator('#tradein-mileage').fill('1000')
    await page.locator('#tradein-plate').fill('XYZ 987')
    await page.locator('#tradein-owner').fill('Someone Else')
    await page.locator('#tradein-car').selectOption('nordvolt/p5/p5-standard')
    await page.locator('#tradein-year').selectOption(twoYearsAgo)
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForLoadState()
    expect(await page.locator('[role="alert"]').first().textContent()).toBe(sv['tradeIn.error.vinTaken'])
    await page.close()
  })
})
