import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import sv from '../locales/sv-SE.json'
import { hydrated, withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

const twoYearsAgo = String(new Date().getUTCFullYear() - 2)
/** Money as the page shows it, back in minor units (every minor digit is shown). */
const minor = (text: string | null) => Number((text ?? '').replace(/\D/g, ''))

/** Fills the Swedish valuation form (a two-year-old Nordvolt P5) and sends it. */
async function sendValuation(page: Page, fields: { vin: string; mileage: string; plate: string; owner: string }) {
  await page.locator('#tradein-vin').fill(fields.vin)
  await page.locator('#tradein-mileage').fill(fields.mileage)
  await page.locator('#tradein-plate').fill(fields.plate)
  await page.locator('#tradein-owner').fill(fields.owner)
  await page.locator('#tradein-car').selectOption('nordvolt/p5/p5-standard')
  await page.locator('#tradein-year').selectOption(twoYearsAgo)
  await page.locator('main form[method="post"] button[type="submit"]').click()
}

async function valueCar(page: Page, vin: string) {
  await page.goto(`${base}/se/trade-in`)
  await sendValuation(page, { vin, mileage: '40000', plate: 'ABC 123', owner: 'Anna Berg' })
  await page.waitForURL(/\/se\/trade-in\/result\/[\w-]{12}$/)
}

describe('trade-in valuation', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`values a car on /se (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      await page.goto(`${base}/se/trade-in`)
      expect(await page.locator('h1').textContent()).toBe(sv['tradeIn.heading'])
      // A VIN with a forbidden letter and a plate of another country: explained, values kept.
      const vin = `XNVP5AAA0R00000${javaScriptEnabled ? '10' : '20'}`
      await sendValuation(page, {
        vin: vin.replace('A0R', 'AOR'),
        mileage: '40 000',
        plate: 'AB-12-CD',
        owner: 'Anna Berg',
      })
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

  it('gives someone else valuing the same car their own valuation, and the first one stays hidden from them', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/se/trade-in`)
    await sendValuation(page, { vin: 'XNVP5AAA0R0000010', mileage: '1000', plate: 'ABC 123', owner: 'Someone Else' })
    await page.waitForURL(/\/se\/trade-in\/result\/[\w-]{12}$/)
    const main = (await page.locator('main').textContent()) ?? ''
    expect(main).toContain('XNVP5AAA0R0000010')
    expect(main.replace(/\s/g, ' ')).toContain('1 000 km')
    await context.close()
  })

  it('sets the estimate against the configurator’s total and keeps the balance right as the car changes', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const reports: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) reports.push(request.postData() ?? '')
    })
    await valueCar(page, 'XNVP5AAA0R0000030')
    await page.goto(`${base}/se/configurator/p5`)
    await hydrated(page)
    const figures = async () => {
      const cells = await page.locator('.price-summary__trade-in td').allTextContents()
      return {
        total: minor(await page.locator('.price-summary__total').textContent()),
        estimate: minor(cells[0] ?? ''),
        balance: minor(cells[1] ?? ''),
      }
    }
    const before = await figures()
    // 45 990 € × 73 % × 98 % × 11.2 SEK/€ = 368 493.95 kr, rounded down to 368 000 kr
    expect(before.estimate).toBe(36_800_000)
    expect(before.balance).toBe(before.total - 36_800_000)
    await page.locator('#choose-versionCode a:not([aria-current])').first().click()
    await expect.poll(async () => (await figures()).total).not.toBe(before.total)
    const after = await figures()
    expect(after.balance).toBe(after.total - 36_800_000)
    expect(reports).toEqual([])
    // Removed on its result page, the estimate leaves the summary; a valuation is offered instead.
    await page.locator('.price-summary__trade-in a').click()
    await page.locator('main form[method="post"] button[name="intent"]').click()
    await page.waitForURL(/\/se\/trade-in$/)
    await page.goto(`${base}/se/configurator/p5`)
    expect(await page.locator('.price-summary__trade-in').count()).toBe(0)
    expect(await page.locator('.price-summary a', { hasText: sv['price.tradeIn.value'] }).count()).toBe(1)
    await context.close()
  })
})
