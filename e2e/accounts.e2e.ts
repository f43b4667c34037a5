import type { Browser } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

describe('an account, by a person in a browser', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`signs up, signs out, signs in and comes back to the page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled })
      const page = await context.newPage()
      const email = `e2e.${Date.now()}.${javaScriptEnabled}@example.com`
      const password = 'a long enough password'

      // From a page, to sign-in, and back to that page.
      await page.goto(`${base}/no/marketing`)
      await page.locator('.header__sign-in').click()
      await page.waitForURL(/\/no\/auth\?frontRedirect=/)
      const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
      // Errors first: an empty form.
      await signUp.getByRole('button').click()
      await page.waitForLoadState()
      expect(await page.locator('.field__error').count()).toBeGreaterThanOrEqual(3)
      const refreshed = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
      await refreshed.getByLabel('Navn').fill('Ada Lovelace')
      await refreshed.getByLabel('E-post').fill(email)
      await refreshed.getByLabel('Passord').fill(password)
      await refreshed.getByRole('button').click()
      await page.waitForURL(`${base}/no/marketing`)

      // Signed in: the menu on /no, nothing on /de.
      const menu = page.locator('.user-menu')
      await expect.poll(() => menu.count()).toBe(1)
      await page.goto(`${base}/de/marketing`)
      expect(await page.locator('.user-menu').count()).toBe(0)
      expect(await page.locator('.header__sign-in').count()).toBe(0)

      // Sign out through the menu.
      await page.goto(`${base}/no/marketing`)
      await page.locator('.user-menu summary').click()
      await page.locator('.user-menu a[href="/no/auth/logout"]').click()
      await page.waitForURL(`${base}/no/auth/logout`)
      await page.locator('main form button[type="submit"]').click()
      await page.waitForURL(`${base}/no`)
      expect(await page.locator('.user-menu').count()).toBe(0)

      // Sign in again from the test-drive page and land back on it.
      await page.goto(`${base}/no/test-drive/p5`)
      await page.locator('.header__sign-in').click()
      const signIn = page.locator('form', { has: page.locator('input[name="intent"][value="signIn"]') })
      await signIn.getByLabel('E-post').fill(email)
      await signIn.getByLabel('Passord').fill(password)
      await signIn.getByRole('button').click()
      await page.waitForURL(`${base}/no/test-drive/p5`)
      expect(await page.locator('.user-menu').count()).toBe(1)

      // The account page shows the details.
      await page.goto(`${base}/no/user-center/profile`)
      expect(await page.locator('#profile-name').inputValue()).toBe('Ada Lovelace')
      await context.close()
    })
  }

  it('sets the user info atoms from the handshake on a hydrated page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/se/auth`)
    const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
    await signUp.locator('input[name="name"]').fill('Grace Hopper')
    await signUp.locator('input[name="email"]').fill(`e2e.${Date.now()}.hs@example.com`)
    await signUp.locator('input[name="password"]').fill('another long password')
    await signUp.getByRole('button').click()
    await page.waitForURL(`${base}/se`)
    // The error page hydrates; its header shows the menu after the client handshake.
    const calls: string[] = []
    page.on('request', (request) => calls.push(new URL(request.url()).pathname))
    await page.goto(`${base}/se/finns-inte`)
    await expect.poll(() => calls.includes('/api/localUserInfo')).toBe(true)
    expect(calls).toContain('/api/refreshToken')
    expect(await page.locator('.user-menu summary').textContent()).toBeTruthy()
    await context.close()
  })
})
