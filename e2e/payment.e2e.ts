import { readFileSync } from 'node:fs'
import type { Browser, Request } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import de from '../locales/de-DE.json'
import { fillRequired } from '../scripts/fill-form.mjs'
import { formatMoney, money } from '../src/domain/money'
import { axeViolations } from './axe'
import { reloadedBy, withBrowser } from './browser'
import { screenshot } from './look'

const base = inject('baseUrl')
let browser: Browser
withBrowser((launched) => {
  browser = launched
})

/**
 * The cards this journey types: declined, then a 3-D Secure challenge failed, then one that succeeds. Their expiry
 * and security code are values nothing else on the storefront sends.
 */
const CARDS = [
  { number: '4000 0000 0000 0002', expiry: '09 / 38', cvc: '618' },
  { number: '4000 0000 0000 3220', expiry: '10 / 38', cvc: '729' },
  { number: '4242 4242 4242 4242', expiry: '11 / 38', cvc: '836' },
] as const

/** The stand-in's own pages: the provider's surface, on our origin only outside production. */
const STAND_IN = '/dev/stripe/'
const DEPOSIT = formatMoney(money(50_000, 'EUR'), 'de-DE')

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string
}

/** A text without the separators a card number may be typed or encoded with. */
const joined = (text: string) => text.replace(/[\s+-]/g, '')
const digitsOf = (number: string) => number.replace(/\D/g, '')
const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}
/** Every value of a form or JSON body and of an address's query, as text. */
function valuesOf(request: Sent): string[] {
  const values = [...new URL(request.url).searchParams.values()]
  try {
    values.push(...new URLSearchParams(request.body).values())
  } catch {}
  try {
    JSON.stringify(JSON.parse(request.body), (_key, value) => {
      if (typeof value === 'string' || typeof value === 'number') values.push(String(value))
      return value
    })
  } catch {}
  return values.map((value) => value.replace(/\s/g, ''))
}

/** The card data a request carries: the card's number anywhere, its expiry or code as a value or in its text. */
function cardDataIn(request: Sent): string[] {
  const found: string[] = []
  const text = decoded(`${request.url}\n${Object.values(request.headers).join('\n')}\n${request.body}`)
  const values = valuesOf(request)
  for (const card of CARDS) {
    if (joined(text).includes(digitsOf(card.number))) found.push(`number ${card.number}`)
    const expiry = card.expiry.replace(/\s/g, '')
    if (values.includes(expiry) || text.replace(/\s/g, '').includes(expiry)) found.push(`expiry ${card.expiry}`)
    if (values.includes(card.cvc)) found.push(`security code ${card.cvc}`)
  }
  return found
}

describe('paying an order', () => {
  /**
   * No card number, security code or expiry reaches the storefront: the customer types them on the provider's hosted
   * page, which sends them to the provider. In production that page is Stripe's own (checkout.stripe.com), another
   * origin. Outside production the local stand-in for Stripe serves it on our origin, under /dev/stripe/ (that part of
   * the Worker exists only there: a production Worker answers 404 at every address of it), so the browser sends the
   * card there, and only there. The assertion: of every request the page sends, only those to the stand-in's own
   * pages carry card data; no storefront route, API call or asset request does, in its address, headers or body; and
   * the Worker's log has none.
   */
  it('never sends a card number, security code or expiry to the storefront, only to the provider’s page', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })
    const sent: Sent[] = []
    const watching: Promise<void>[] = []
    const watch = (request: Request) =>
      watching.push(
        request.allHeaders().then((headers) => {
          sent.push({ url: request.url(), method: request.method(), headers, body: request.postData() ?? '' })
        }),
      )
    context.on('request', watch)
    const page = await context.newPage()
    await page.goto(`${base}/de`)
    await reloadedBy(page, () => page.locator('.consent button[value="rejectAll"]').click())

    // A German customer orders the car as it comes and comes to the payment step.
    await page.goto(`${base}/de/configurator/p5`)
    await page.locator('.configurator__save button').click()
    await page.waitForURL(/\/configurator\/overview\//)
    const build = new URL(page.url()).pathname.split('/').pop()
    await page.goto(`${base}/de/configurator/info-submission/${build}`)
    const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
    await signUp.locator('input[name="name"]').fill('Erika Mustermann')
    await signUp.locator('input[name="email"]').fill(`payment.${Date.now()}@example.com`)
    await signUp.locator('input[name="password"]').fill('a long enough password')
    await reloadedBy(page, () => signUp.getByRole('button').click())
    await page.waitForURL(/\/configurator\/info-submission\//)
    await fillRequired(page.locator('main form[method="post"]').last(), 'payment')
    await reloadedBy(page, () => page.locator('main form[method="post"] button[type="submit"]').last().click())
    await page.waitForURL(/\/order\/result-confirmation\//)
    const confirmation = page.url()

    // The step names the provider, the amount and what it is for; Germany's methods, card first.
    const step = page.locator('.payment-step')
    expect(await step.locator('h2').textContent()).toBe(de['payment.step.heading.deposit'].replace('{amount}', DEPOSIT))
    expect(await step.textContent()).toContain(de['payment.step.secure'])
    expect(
      await step.locator('input[name="method"]').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('value'))),
    ).toEqual(['card', 'sepa_debit'])
    expect(await axeViolations(page)).toEqual([])

    const hostedPage = async () => {
      await page.locator('.payment-step input[value="card"]').check()
      await Promise.all([page.waitForURL(/\/dev\/stripe\/checkout\/cs_test_\w+$/), step.locator('button').click()])
      // The provider's page, in the customer's language (Checkout's `locale`).
      expect(await page.locator('html').getAttribute('lang')).toBe('de')
    }
    const typeCard = async (card: (typeof CARDS)[number]) => {
      await page.locator('#number').fill(card.number)
      await page.locator('#expiry').fill(card.expiry)
      await page.locator('#cvc').fill(card.cvc)
      await page.locator('#name').fill('Erika Mustermann')
      await reloadedBy(page, () => page.locator('main form button[type="submit"]').click())
    }

    // Declined: the provider's page says so; back on the storefront, nothing was charged.
    await hostedPage()
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'payment/de-hosted-card-1366')
    await typeCard(CARDS[0])
    expect(await page.locator('[role="alert"]').textContent()).toBe('Ihre Karte wurde abgelehnt.')
    await reloadedBy(page, () => page.locator('.merchant a').click())
    expect(await page.locator('[role="alert"]').first().textContent()).toBe(de['payment.return.declined'])

    // 3-D Secure: the issuer's challenge is the provider's page too; failing it charges nothing.
    await hostedPage()
    await typeCard(CARDS[1])
    expect(page.url()).toMatch(/\/dev\/stripe\/checkout\/cs_test_\w+\/authenticate\?token=/)
    await reloadedBy(page, () => page.locator('button[value="fail"]').click())
    await reloadedBy(page, () => page.locator('.merchant a').click())
    expect(await page.locator('[role="alert"]').first().textContent()).toBe(de['payment.return.authenticationFailed'])

    // Paid: back on the confirmation page with the amount, the method and Stripe's reference.
    await hostedPage()
    await typeCard(CARDS[2])
    await page.waitForURL(/\/order\/result-confirmation\/[\w-]+\?checkout=cs_test_\w+$/)
    expect(page.url().startsWith(confirmation)).toBe(true)
    const paid = await page.locator('[role="status"]').first().textContent()
    expect(paid).toMatch(new RegExp(`^Zahlung erhalten: ${DEPOSIT} per Karte\\. Stripe-Referenz: pi_test_\\w+\\.$`))
    await page.goto(confirmation.replace('/result-confirmation/', '/'))
    expect(await page.locator('.order-detail__payments').textContent()).toContain(
      de['payment.lines.payment'].replace('{method}', de['payment.paidWith.card']).replace('{amount}', DEPOSIT),
    )
    // Every request's headers are read (cookies included) before the browser goes.
    await Promise.all(watching)
    await context.close()

    // The watcher saw the card where it belongs: posted to the stand-in's page (else it could not see bodies at all).
    const toStandIn = sent.filter((r) => new URL(r.url).pathname.startsWith(STAND_IN))
    expect(toStandIn.filter((r) => r.method === 'POST').flatMap(cardDataIn)).toEqual(
      expect.arrayContaining([
        `number ${CARDS[2].number}`,
        `expiry ${CARDS[2].expiry}`,
        `security code ${CARDS[2].cvc}`,
      ]),
    )
    // Everything else (every storefront page, form, API call and asset) carries none of it.
    const elsewhere = sent.filter((r) => !new URL(r.url).pathname.startsWith(STAND_IN) || !r.url.startsWith(base))
    expect(elsewhere.length).toBeGreaterThan(20)
    expect(elsewhere.filter((r) => r.method === 'POST').length).toBeGreaterThan(3)
    expect(elsewhere.flatMap((r) => cardDataIn(r).map((what) => `${r.method} ${r.url}: ${what}`))).toEqual([])
    // Nor does the Worker's log (the server's output, e2e/server.ts).
    const log = readFileSync('e2e-screenshots/server.log', 'utf8')
    for (const card of CARDS) expect(joined(log)).not.toContain(digitsOf(card.number))
  }, 90_000)
})
