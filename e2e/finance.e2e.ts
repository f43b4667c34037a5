import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import nl from '../locales/nl-NL.json'
import { withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

const monthly = (page: Page) => page.locator('.finance__monthly').textContent()

describe('finance in the configurator', () => {
  it('with JavaScript, changing the term changes the monthly payment in place', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5?version=long-range&finance=loan`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true')
    const before = await monthly(page)
    await page.evaluate(() => Object.assign(window, { stillHere: true }))
    await page.selectOption('#finance-term', '24')
    await expect.poll(() => monthly(page), { timeout: 5000 }).not.toBe(before)
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    // The price bar offers the monthly figure too.
    expect(await page.locator('.price-bar__monthly').textContent()).toContain((await monthly(page)) ?? '')
    await page.close()
  })

  it('without JavaScript, the form recalculates on the server', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/nl/configurator/p5?version=long-range&finance=loan`)
    const before = await monthly(page)
    await page.selectOption('#finance-term', '24')
    await page.locator('.finance__form button[type="submit"]').click()
    await page.waitForURL(/term=24/)
    expect(await monthly(page)).not.toBe(before)
    expect(await page.locator('#finance-term').inputValue()).toBe('24')
    await context.close()
  })

  it('keeps the offer in place with JavaScript, and by the same form without it', async () => {
    const kept = new RegExp(nl['finance.kept'].replace(/\{date\}.*/, ''))
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5?version=long-range&finance=loan&term=24`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true')
    await page.evaluate(() => Object.assign(window, { stillHere: true }))
    await page.getByRole('button', { name: nl['finance.keep'] }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: kept }).count(), { timeout: 5000 }).toBe(1)
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await page.close()

    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto(`${base}/nl/configurator/p5?version=long-range&finance=loan&term=24`)
    await plain.getByRole('button', { name: nl['finance.keep'] }).click()
    await plain.waitForURL(/offer=.*#finance$/)
    expect(await plain.getByRole('status').filter({ hasText: kept }).count()).toBe(1)
    expect(await plain.locator('#finance-term').inputValue()).toBe('24')
    await context.close()
  })
})

describe('the finance figures when the API fails', () => {
  it('says so in the page language, keeps the last figures, and tries again on request', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/nl/configurator/p5?version=long-range&finance=loan`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true')
    const before = await monthly(page)
    let failing = true
    await page.route('**/api/v1/finance-quotes**', (route) =>
      failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
    )
    await page.selectOption('#finance-term', '24')
    const error = page.locator('.finance__error')
    await expect.poll(() => error.textContent(), { timeout: 5000 }).toContain(nl['finance.error.unavailable'])
    expect(await monthly(page)).toBe(before)
    failing = false
    await error.getByRole('button', { name: nl['finance.error.retry'] }).click()
    await expect.poll(() => monthly(page), { timeout: 5000 }).not.toBe(before)
    expect(await error.count()).toBe(0)
    await page.close()
  })
})
