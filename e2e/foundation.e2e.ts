import type { Browser } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { hydrated, withBrowser } from './browser'

const base = inject('baseUrl')

let browser: Browser

withBrowser((launched) => {
  browser = launched
})

describe('error page', () => {
  it('hydrates, counts down once a second and then goes home', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // The document itself answers 404, which Chromium logs; anything else is a real error.
      if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text())
    })
    const started = Date.now()
    const res = await page.goto(`${base}/de/gibt-es-nicht`)
    expect(res?.status()).toBe(404)
    await hydrated(page)
    const button = page.getByRole('link', { name: /\(\d\)/ })
    await expect.poll(() => button.textContent(), { timeout: 3000 }).toMatch(/\((4|3)\)/)
    await page.waitForURL(`${base}/de`, { timeout: 8000 })
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(4500)
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE')
    expect(errors).toEqual([])
    await page.close()
  })

  it('takes the visitor home at once with Return Home', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/be/fr-BE/configurator/inconnue`)
    await page.getByRole('link', { name: /\(5\)|\(4\)/ }).click()
    await page.waitForURL(`${base}/be/fr-BE`)
    await page.close()
  })
})

describe('layout', () => {
  it('is mobile at 750 px and desktop at 751 px, before and after JavaScript', async () => {
    const page = await browser.newPage({ viewport: { width: 750, height: 900 } })
    await page.goto(`${base}/no/ukjent`)
    await hydrated(page)
    // Phones: the menu button; desktop: the navigation in the header row.
    const shown = () => [page.locator('.header__menu').isVisible(), page.locator('.header__nav').isVisible()]
    expect(await Promise.all(shown())).toEqual([true, false])
    expect(await page.locator('html').getAttribute('data-client-type')).toBe('mobile')
    await page.setViewportSize({ width: 751, height: 900 })
    await expect.poll(() => page.locator('html').getAttribute('data-client-type')).toBe('desktop')
    expect(await Promise.all(shown())).toEqual([false, true])
    await page.close()
  })
})

describe('without JavaScript', () => {
  it('renders complete pages and every link works', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/nl`)
    await expect.poll(() => page.locator('h1').textContent()).toBeTruthy()
    expect(await page.locator('.key-figures dd').count()).toBe(3)
    await page.locator('.stage__actions a').first().click()
    await page.waitForURL(`${base}/nl/configurator/p5`)
    // Six choice steps and 'buying as', in five numbered sections (version, exterior, interior, options, buying as).
    expect(await page.locator('section.step:not(:has(section.step))').count()).toBe(7)
    expect(await page.locator('section.step-section').count()).toBe(5)
    // The country chooser is a plain disclosure of links.
    await page.locator('.chooser summary').click()
    await page.getByRole('link', { name: 'Sverige · Svenska' }).click()
    await page.waitForURL(`${base}/se/configurator/p5`)
    expect(await page.locator('html').getAttribute('lang')).toBe('sv-SE')
    await context.close()
  })

  it('still shows the error page with a working Return Home link', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/is/ekki-til`)
    await page.getByRole('link', { name: /\(5\)/ }).click()
    await page.waitForURL(`${base}/is`)
    await context.close()
  })
})

describe('hydration', () => {
  // A mismatch makes React throw the server's HTML away and render the page again on the client:
  // slow on a phone, and it reports itself to /api/client-errors. Every interactive page type, in
  // languages with different scripts and number formats.
  it.each([
    '/no/configurator/p5',
    '/th/configurator/p5',
    '/be/fr-BE/configurator/p5',
    '/nl/configurator/overview/cfg-e2e',
    '/se/test-drive/p5',
    '/is/finnst-ekki',
    // Icelandic numbers need the Intl data entry (intl-is.js) before hydration.
    '/is/configurator/p5',
  ])('takes over %s without a mismatch', async (path) => {
    const page = await browser.newPage()
    const reports: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) reports.push(request.postData() ?? '')
    })
    await page.goto(`${base}${path}`)
    await hydrated(page)
    await page.waitForTimeout(300)
    expect(reports).toEqual([])
    await page.close()
  })

  it('takes over the overview of a build saved with its finance offer without a mismatch', async () => {
    const page = await browser.newPage()
    const reports: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) reports.push(request.postData() ?? '')
    })
    await page.goto(`${base}/nl/configurator/p5?finance=privateLease`)
    await hydrated(page)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/nl\/configurator\/overview\//, { timeout: 20_000 })
    await hydrated(page)
    await page.waitForTimeout(300)
    // The offer as the server wrote it, still there after hydration.
    await expect.poll(() => page.locator('.finance-terms h3').textContent()).toBe('Je financiering: Privélease')
    expect(reports).toEqual([])
    await page.close()
  }, 60_000)
})

describe('a page from the edge cache', () => {
  // A hit has no nonce: the CSP allows its inline stylesheet by hash, and its scripts are the site's own files.
  it.each(['/se/test-drive/p5', '/de/marketing'])(
    'keeps its styles and hydrates under the hashed CSP: %s',
    async (path) => {
      const url = `${base}${path}?e2e-cache=${Date.now()}`
      // The first request renders and stores the page; the browser then gets the stored copy.
      expect((await fetch(url)).headers.get('x-edge-cache')).toBe('MISS')
      const context = await browser.newContext()
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      const violations: string[] = []
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          ;(window as unknown as { reportViolation(text: string): void }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          )
        })
      })
      const res = await page.goto(url)
      expect(res?.headers()['x-edge-cache']).toBe('HIT')
      if (path.includes('test-drive')) await hydrated(page)
      // The inline stylesheet applied: the header is laid out by it, not by the browser's defaults.
      const display = await page.locator('.header__inner').evaluate((el) => getComputedStyle(el).display)
      expect(display).toBe('flex')
      expect(violations).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    },
  )
})

describe('static files', () => {
  // Served by Workers static assets, not the Worker: public/_headers gives them the Worker's security headers.
  it.each(['/favicon.svg', '/assets/configurator.js'])('carry the security headers: %s', async (path) => {
    const res = await fetch(`${base}${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
