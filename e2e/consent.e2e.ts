import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { hydrated, reloadedBy, withBrowser } from './browser'

const base = inject('baseUrl')
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let browser: Browser
withBrowser((launched) => {
  browser = launched
})

interface Traffic {
  tagManager: string[]
  events: { event: string; label: string; country: string; language: string; channel: number; deviceId: string }[]
}

/**
 * A fresh visitor whose requests to the tag manager and to the events endpoint are watched. There
 * is no network here: the tag manager answers with an empty script; events reach our server.
 */
async function watchedVisitor(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options)
  const traffic: Traffic = { tagManager: [], events: [] }
  await context.route('https://www.googletagmanager.com/**', (route) => {
    traffic.tagManager.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
  })
  await context.route('**/api/events', (route) => {
    const body = route.request().postDataJSON() as { events: Traffic['events'] }
    traffic.events.push(...body.events)
    return route.continue()
  })
  return { context, traffic, page: await context.newPage() }
}

/** Lets the analytics script's batch (2 s) go out. */
const settle = (page: Page) => page.waitForTimeout(2600)

async function acceptAll(page: Page): Promise<void> {
  await Promise.all([
    page.waitForNavigation(),
    page
      .getByRole('region', { name: /cookie|informasjonskapsler|vafrakök/i })
      .getByRole('button')
      .first()
      .click(),
  ])
}

describe('before consent', () => {
  it('sends no analytics, loads no tag manager and keeps no device id', async () => {
    const { context, traffic, page } = await watchedVisitor()
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    await page.goto(`${base}/no/configurator/p5`)
    await hydrated(page)
    await page.mouse.wheel(0, 3000)
    await page.locator('main button, main a').first().focus()
    await settle(page)
    expect(traffic).toEqual({ tagManager: [], events: [] })
    expect(requests.some((r) => !r.url().startsWith(base))).toBe(false)
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([])
    // Only necessary cookies: the anti-forgery seed of the session handshake.
    const names = (await context.cookies()).map((c) => c.name)
    expect(names.every((name) => name === '__Host-csrf')).toBe(true)
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined()
    await context.close()
  })

  it('shows a banner that leaves the skip link and the heading visible and moves nothing', async () => {
    const { context, page } = await watchedVisitor({ viewport: { width: 375, height: 667 } })
    await page.goto(`${base}/de/marketing`)
    const banner = page.getByRole('region', { name: 'Cookie-Einwilligung' })
    const box = await banner.boundingBox()
    const heading = await page.locator('h1').first().boundingBox()
    expect(box && heading && box.y >= heading.y + heading.height).toBe(true)
    // Sticky at the bottom of the viewport: the page content keeps its place.
    expect(box && Math.round(box.y + box.height)).toBe(667)
    expect(box?.height).toBeLessThanOrEqual(0.45 * 667 + 1)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    await context.close()
  })

  it('keeps to under a third of a phone screen in the longest language, reject beside accept', async () => {
    const { context, page } = await watchedVisitor({ viewport: { width: 390, height: 844 } })
    await page.goto(`${base}/de`)
    const box = await page.locator('.consent').boundingBox()
    expect(box?.height).toBeLessThanOrEqual(0.3 * 844)
    const accept = await page.locator('.consent button[value="acceptAll"]').boundingBox()
    const reject = await page.locator('.consent button[value="rejectAll"]').boundingBox()
    // One row, one size: rejecting is as easy as accepting on the first layer.
    expect(reject?.y).toBe(accept?.y)
    expect(reject?.width).toBe(accept?.width)
    await context.close()
  })
})

describe('the banner by keyboard', () => {
  it('is reached and used with the keyboard alone, and remembers the choice', async () => {
    const { context, page } = await watchedVisitor()
    await page.goto(`${base}/nl/marketing`)
    // From the top: the skip link, then the banner's three controls, before the page.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alles accepteren')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alles weigeren')
    // Focused, a control of the banner is on screen (the banner is at the bottom of the viewport).
    const control = await page.evaluate(() => document.activeElement?.getBoundingClientRect().bottom ?? 0)
    expect(control).toBeLessThanOrEqual(await page.evaluate(() => window.innerHeight))
    await reloadedBy(page, () => page.keyboard.press('Enter'))
    expect(page.url()).toBe(`${base}/nl/marketing`)
    expect(await page.locator('.consent').count()).toBe(0)
    const consent = (await context.cookies()).find((c) => c.name === '__Host-consent')
    expect(consent?.value).toMatch(/^v1\.\d{4}-\d{2}-\d{2}\.a0\.m0$/)
    expect(consent?.httpOnly).toBe(true)
    // Changeable from the footer.
    await page.getByRole('link', { name: 'Cookie-instellingen' }).click()
    await page.waitForURL(`${base}/nl/cookie-settings?return=%2Fnl%2Fmarketing`)
    expect(await page.getByRole('checkbox', { name: 'Analytisch' }).isChecked()).toBe(false)
    await context.close()
  })

  it('has no serious accessibility findings, banner and settings page included', async () => {
    const findings: string[] = []
    for (const width of [1280, 375]) {
      // axe is injected as a script, which the storefront's CSP would (rightly) refuse.
      const context: BrowserContext = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true })
      const page = await context.newPage()
      for (const path of ['/', '/th/configurator/p5', '/de/cookie-settings', '/fr/test-drive/p5']) {
        await page.goto(`${base}${path}`)
        await page.addScriptTag({ content: axeSource })
        const violations = (await page.evaluate(async () => {
          const axe = (
            window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<{ violations: unknown[] }> } }
          ).axe
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
          })
          return result.violations
        })) as { id: string; impact: string | null; nodes: { target: unknown }[] }[]
        for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          findings.push(`${path} at ${width}: ${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`)
        }
      }
      await context.close()
    }
    expect(findings).toEqual([])
  }, 120_000)
})

describe('without JavaScript', () => {
  it('saves chosen groups from the settings page and goes back', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/se/test-drive/p5`)
    await page.getByRole('link', { name: 'Välj kakor' }).click()
    await page.getByRole('checkbox', { name: 'Analys' }).check()
    await Promise.all([
      page.waitForURL(`${base}/se/test-drive/p5`),
      page.getByRole('button', { name: 'Spara val' }).click(),
    ])
    expect(await page.locator('.consent').count()).toBe(0)
    const consent = (await context.cookies()).find((c) => c.name === '__Host-consent')
    expect(consent?.value).toMatch(/\.a1\.m0$/)
    await context.close()
  })
})

describe('after consent', () => {
  it('sends events with label, country, language, channel and device id, and loads the tag manager', async () => {
    const { context, traffic, page } = await watchedVisitor()
    await page.goto(`${base}/no/configurator/p5`)
    await acceptAll(page)
    await hydrated(page)
    await expect.poll(() => traffic.tagManager.length, { timeout: 5000 }).toBeGreaterThan(0)
    expect(traffic.tagManager[0]).toContain('id=GTM-NV0NO01')
    await page.mouse.wheel(0, 5000)
    // The first key pressed inside the configurator: its start of engagement.
    await page.locator('main a').first().focus()
    await page.keyboard.press('Shift')
    await expect
      .poll(() => traffic.events.map((e) => e.event), { timeout: 8000 })
      .toEqual(expect.arrayContaining(['browse', 'scroll', 'configurator_start_engagement']))
    const [first] = traffic.events
    expect(first).toMatchObject({ label: 'configurator', country: 'NO', language: 'nb-NO', channel: 10 })
    expect(first?.deviceId).toMatch(UUID)
    expect(await page.evaluate(() => localStorage.getItem('nordvolt.deviceId'))).toBe(first?.deviceId)
    const dataLayer = (await page.evaluate(() => (window as { dataLayer?: { event?: string }[] }).dataLayer)) ?? []
    expect(dataLayer.map((e) => e.event)).toEqual(expect.arrayContaining(['gtm.js', 'browse']))
    await context.close()
  })

  it('reports browsing the overview and taking a next step, even as the page is left', async () => {
    const { context, traffic, page } = await watchedVisitor()
    await page.goto(`${base}/dk/configurator/overview/cfg-e2e`)
    await acceptAll(page)
    await hydrated(page)
    await Promise.all([page.waitForNavigation(), page.locator('.next-steps a').first().click()])
    await expect
      .poll(() => traffic.events.map((e) => e.event), { timeout: 8000 })
      .toEqual(expect.arrayContaining(['overview_browse', 'overview_next_step']))
    expect(traffic.events.find((e) => e.event === 'overview_next_step')).toMatchObject({
      label: 'configuration_overview',
      country: 'DK',
      language: 'da-DK',
    })
    await context.close()
  })

  it('sends events but loads no tag manager in Iceland and Austria', async () => {
    for (const prefix of ['/is', '/at']) {
      const { context, traffic, page } = await watchedVisitor()
      await page.goto(`${base}${prefix}/test-drive/p5`)
      await acceptAll(page)
      await expect.poll(() => traffic.events.length, { timeout: 8000 }).toBeGreaterThan(0)
      expect(traffic.events[0]).toMatchObject({ event: 'test_drive_browse', label: 'book_a_test_drive' })
      await settle(page)
      expect(traffic.tagManager).toEqual([])
      await context.close()
    }
  })
})
