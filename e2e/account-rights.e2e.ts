import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { CATALOGS } from '../src/i18n/catalogs'
import { withBrowser } from './browser'

const base = inject('baseUrl')
const nb = CATALOGS['nb-NO']
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${base}/no/auth`)
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
  await form.getByLabel('Navn').fill('Kari Nordmann')
  await form.getByLabel('E-post').fill(email)
  await form.getByLabel('Passord').fill(password)
  await form.getByRole('button').click()
  await page.waitForURL(`${base}/no`)
}

/** The newest link to a path in the dev mailbox's e-mails to an address. */
async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s<"]+${path.replace(/\//g, '\\/')}\\?token=[\\w-]+`)
  for (let attempt = 0; attempt < 40; attempt++) {
    await page.goto(`${base}/dev/mailbox`)
    const articles = await page.locator('article', { hasText: email }).allTextContents()
    const link = articles.map((text) => pattern.exec(text)?.[0]).find(Boolean)
    if (link) return link.replace(/^https?:\/\/[^/]+/, base)
    await page.waitForTimeout(250)
  }
  throw new Error(`no ${path} link was mailed to ${email}`)
}

describe('account recovery and privacy rights, without JavaScript', () => {
  it('resets a forgotten password by the e-mailed link, once', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const email = `e2e.reset.${Date.now()}@example.com`
    await signUp(page, email, 'the first password')
    await context.clearCookies()

    await page.goto(`${base}/no/auth`)
    await page.getByRole('link', { name: nb['auth.forgotPassword'] }).click()
    await page.waitForURL(`${base}/no/auth/reset`)
    await page.locator('main').getByLabel('E-post').fill(email)
    await page.locator('main form button[type="submit"]').click()
    await page.waitForURL(`${base}/no/auth/reset?sent=1`)
    expect(await page.locator('main').textContent()).toContain(nb['reset.sent'])

    const link = await mailedLink(page, email, '/no/auth/reset')
    await page.goto(link)
    await page.locator('main').getByLabel(nb['reset.field.password'], { exact: true }).fill('the second password')
    await page.locator('main form button[type="submit"]').click()
    await page.waitForURL(`${base}/no/user-center/profile?password=changed`)
    expect(await page.locator('main').textContent()).toContain(nb['profile.passwordChanged'])

    // The link is used up.
    await page.goto(link)
    expect(await page.locator('main').textContent()).toContain(nb['reset.error.invalidLink'])
    await context.close()
  })

  it('downloads the data and deletes the account, which can no longer sign in', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true })
    const page = await context.newPage()
    const email = `e2e.privacy.${Date.now()}@example.com`
    await signUp(page, email, 'a long enough password')

    await page.goto(`${base}/no/user-center/profile`)
    await page.getByRole('link', { name: nb['profile.privacy'] }).click()
    await page.waitForURL(`${base}/no/user-center/privacy`)
    const exported = await context.request.get(`${base}/no/user-center/privacy/export`)
    expect(((await exported.json()) as { account: { email: string } }).account.email).toBe(email)

    await page.getByRole('link', { name: nb['privacy.delete.action'] }).click()
    await page.locator('main').getByLabel('Passord').fill('a long enough password')
    await page.getByRole('button', { name: nb['privacy.delete.yes'] }).click()
    await page.waitForURL(`${base}/no/user-center/privacy?deleted=1`)
    expect(await page.locator('main h1').textContent()).toBe(nb['privacy.deleted.heading'])

    await page.goto(`${base}/no/auth`)
    const signIn = page.locator('form', { has: page.locator('input[name="intent"][value="signIn"]') })
    await signIn.getByLabel('E-post').fill(email)
    await signIn.getByLabel('Passord').fill('a long enough password')
    await signIn.getByRole('button').click()
    await page.waitForLoadState()
    expect(await page.locator('main').textContent()).toContain(nb['auth.error.invalid'])
    await context.close()
  })
})
