import type { Browser } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { withBrowser } from './browser'

const base = inject('baseUrl')
let browser: Browser

withBrowser((launched) => {
  browser = launched
})

describe('legal documents', () => {
  it('load no script, and the table of contents leads to each section', async () => {
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    const res = await page.goto(`${base}/se/terms-conditions`)
    expect(res?.status()).toBe(200)
    expect(scripts).toEqual([])
    const toc = page.locator('nav.legal__toc a')
    expect(await toc.count()).toBeGreaterThanOrEqual(10)
    // Each entry is a target of at least 24 px (WCAG 2.5.8), a one-line entry included.
    const heights = await toc.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height))
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(24)
    await page.locator('nav.legal__toc a[href="#withdrawal"]').click()
    expect(new URL(page.url()).hash).toBe('#withdrawal')
    await expect.poll(() => page.locator('#withdrawal-heading').isVisible()).toBe(true)
    const top = await page.locator('#withdrawal').evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(top)).toBeLessThan(40)
    await page.close()
  })

  it('print without the site’s header, footer and navigation, with link addresses readable', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/at/policy`)
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header.header').isVisible()).toBe(false)
    expect(await page.locator('footer.footer').isVisible()).toBe(false)
    expect(await page.locator('.legal__top').first().isVisible()).toBe(false)
    expect(await page.locator('nav.legal__toc').isVisible()).toBe(true)
    // The supervisory authority's address is the link's own text, so it is on paper as it is on screen.
    const authority = page.locator('a.url[href="https://www.dsb.gv.at"]')
    expect(await authority.textContent()).toBe('https://www.dsb.gv.at')
    expect(await authority.isVisible()).toBe(true)
    const pdf = await page.pdf({ format: 'A4' })
    expect(pdf.byteLength).toBeGreaterThan(10_000)
    await page.close()
  })
})

describe('marketing page', () => {
  it('loads no script and prints its figures without the site’s chrome or buttons', async () => {
    const page = await browser.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`${base}/de/marketing`)
    expect(scripts).toEqual([])
    expect(await page.locator('.next-steps a').first().getAttribute('href')).toBe('/de/configurator/p5')
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header.header').isVisible()).toBe(false)
    expect(await page.locator('.next-steps').isVisible()).toBe(false)
    expect(await page.locator('dl.facts').isVisible()).toBe(true)
    expect(await page.locator('dl.facts').textContent()).toContain('445–465 km')
    await page.close()
  })
})
