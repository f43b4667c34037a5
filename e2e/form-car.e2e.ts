import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import nb from '../locales/nb-NO.json'
import { withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

/** Saves a car in fjord blue on /no and answers its id. */
async function savedCar(page: Page): Promise<string> {
  await page.goto(`${base}/no/configurator/p5?paint=fjord-blue`)
  await page.locator('.configurator__save button').click()
  await page.waitForURL(/\/configurator\/overview\//)
  return new URL(page.url()).pathname.split('/').pop() ?? ''
}

describe('a form beside its car', () => {
  it('shows the configured car and its price beside the form on a desktop and above it on a phone', async () => {
    const setup = await browser.newPage()
    const id = await savedCar(setup)
    const price = (await setup.locator('.price-summary__total').textContent()) ?? ''
    await setup.close()
    for (const path of [
      `/no/configurator/test-drive-submission/quote/${id}`,
      `/no/configurator/test-drive-submission/${id}`,
    ]) {
      for (const width of [390, 1366]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } })
        await page.goto(`${base}${path}`)
        const car = page.locator('.form-car')
        const picture = car.locator('img.form-car__picture')
        // The picture is the saved car, drawn by the car renderer, with a text alternative in Norwegian.
        expect(await picture.getAttribute('src')).toContain('paint=fjord-blue')
        expect(await picture.getAttribute('alt')).toContain('Fjordblå')
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
        expect(await car.locator('.form-car__amount').textContent()).toBe(price)
        expect(await car.locator('.form-car__price-label').textContent()).toBe(nb['configurator.price.total'])
        const carBox = await car.boundingBox()
        const formBox = await page.locator('.form-with-car__form form').first().boundingBox()
        if (!carBox || !formBox) throw new Error(`${path} ${width}: no box`)
        if (width > 900) {
          expect(carBox.x, `${path} beside`).toBeGreaterThanOrEqual(formBox.x + formBox.width)
        } else {
          expect(carBox.y + carBox.height, `${path} above`).toBeLessThanOrEqual(formBox.y)
          // Compact on a phone: the car takes less than a fifth of the screen.
          expect(carBox.height).toBeLessThan(900 / 5)
        }
        await page.close()
      }
    }
  })

  it('keeps the car beside the form when the form answers with errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    const id = await savedCar(page)
    await page.goto(`${base}/no/configurator/test-drive-submission/quote/${id}`)
    await page.locator('main form[method="post"] button[type="submit"]').click()
    await page.waitForLoadState('load')
    expect(await page.locator('.field__error').count()).toBeGreaterThan(0)
    expect(await page.locator('.form-car img').getAttribute('alt')).toContain('Fjordblå')
    await page.close()
  })
})
