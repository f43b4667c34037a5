import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { createStandInStore } from '../src/store/payment-stand-in'
import { deliverNotification } from '../src/worker/notifications'
import { deliverDueEvents } from '../src/worker/payment-stand-in/delivery'
import { WEBHOOK_PATH } from '../src/worker/payments/settings'
import { uniqueEmail, visitor } from './visitor'

type Visitor = ReturnType<typeof visitor>

/** A home-charger enquiry on the Norwegian site, as its form posts it without JavaScript. */
export function chargerForm(overrides: Record<string, string> = {}) {
  return {
    name: 'Kari Nordmann',
    email: 'kari.charger@example.no',
    phone: '412 34 567',
    street: 'Storgata 1',
    zip: '0150',
    city: 'Oslo',
    houseType: 'detached',
    installationWindow: 'withinMonth',
    privacyAccepted: 'yes',
    ...overrides,
  }
}

/** A private cash order on the Swedish site, as the order form posts it without JavaScript. */
export const SWEDISH_ORDER_FORM = {
  kind: 'order',
  firstName: 'Anna',
  lastName: 'Berg',
  zip: '111 52',
  city: 'Stockholm',
  street: 'Storgatan 1',
  email: 'anna@example.se',
  phone: '070 123 45 67',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
  orderAgreement: 'yes',
} as const

/** The kinds of e-mail written to the outbox for an order, oldest first. */
export async function orderMailKinds(orderId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT kind FROM notifications WHERE json_extract(payload, '$.orderId') = ?1 ORDER BY created_at, rowid`,
  )
    .bind(orderId)
    .all<{ kind: string }>()
  return results.map((row) => row.kind)
}

/** The e-mail of one kind about an order, delivered now (to the dev mailbox): its subject and plain-text body. */
export async function sentOrderMail(orderId: string, kind: string): Promise<{ subject: string; body: string }> {
  const row = await env.DB.prepare(
    `SELECT id FROM notifications WHERE kind = ?2 AND json_extract(payload, '$.orderId') = ?1`,
  )
    .bind(orderId, kind)
    .first<{ id: string }>()
  expect(await deliverNotification(env, row?.id ?? '')).toBe('sent')
  const mail = await env.DB.prepare('SELECT subject, body FROM mailbox WHERE notification_id = ?1')
    .bind(row?.id ?? '')
    .first<{ subject: string; body: string }>()
  return mail ?? { subject: '', body: '' }
}

/**
 * Pays an order as a customer does: the payment step (a method), the provider's hosted page (the Stripe stand-in)
 * with one of Stripe's test cards, or the method's "authorize" button, and back. Answers the hosted page's answer
 * (a 303 back to the storefront after a payment, the page again with its message after a decline).
 *
 * @example
 * await payOrder(person, '/nl', id) // paid with 4242 4242 4242 4242
 */
export async function payOrder(
  person: Visitor,
  prefix: string,
  id: string,
  card = '4242 4242 4242 4242',
  method = 'card',
): Promise<Response> {
  const page = await openCheckout(person, prefix, id, method)
  const fields: Record<string, string> =
    method === 'card'
      ? { number: card, expiry: '12/35', cvc: '123', name: 'Anne Test' }
      : method === 'sepa_debit'
        ? { iban: card, name: 'Anne Test' }
        : { decision: card === 'fail' ? 'fail' : 'authorize' }
  return person.request(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/**
 * Sends the stand-in's waiting webhooks (a refund settling, a debit clearing) as if `laterMs` had passed, signed,
 * to the storefront's endpoint: what Stripe does on its own.
 */
export async function deliverStandInEvents(laterMs = 10_000): Promise<number> {
  return deliverDueEvents(createStandInStore(env.DB), `http://local.test${WEBHOOK_PATH}`, Date.now() + laterMs)
}

/** Starts paying an order with a method and answers the path of the provider's hosted page it leads to. */
export async function openCheckout(person: Visitor, prefix: string, id: string, method = 'card'): Promise<string> {
  const started = await person.postForm(`${prefix}/order/result-confirmation/${id}`, { method })
  const location = started.headers.get('location') ?? ''
  if (started.status !== 303 || !location.includes('/dev/stripe/checkout/'))
    throw new Error(`paying ${id} led to ${started.status} ${location}`)
  return new URL(location).pathname
}

/** A private cash order on the Dutch site (Anne de Vries in Amsterdam), as the order form posts it. */
export const DUTCH_ORDER_FORM = {
  kind: 'order',
  firstName: 'Anne',
  lastName: 'de Vries',
  zip: '1017 AB',
  city: 'Amsterdam',
  street: 'Keizersgracht 1',
  email: 'anne@example.com',
  phone: '06 12345678',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
  orderAgreement: 'yes',
} as const

/** The password every test account signs up with. */
export const TEST_PASSWORD = 'correct horse battery'

/**
 * Someone who signed up on a site; staff of `staffCountry` when given (as `npm run staff:grant` makes them).
 *
 * @example
 * const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
 */
export async function signedUp(prefix: string, name = 'Anne de Vries', staffCountry?: string) {
  const someone = visitor()
  const email = uniqueEmail(staffCountry ? 'staff' : 'person')
  await someone.signUp(prefix, { name, email, password: TEST_PASSWORD })
  if (staffCountry) {
    // Staff have confirmed their address (staff access needs it).
    await env.DB.prepare(
      `UPDATE users SET roles = '["staff"]', staff_country = ?2, email_confirmed_at = datetime('now') WHERE email = ?1`,
    )
      .bind(email, staffCountry)
      .run()
  }
  return { someone, email }
}

/** Saves a build in the configurator as `person` and answers its id (from the overview it leads to). */
export async function savedBuild(
  person: Visitor,
  prefix: string,
  configuration = 'version=long-range&paint=fjord-blue',
): Promise<string> {
  const saved = await person.postForm(`${prefix}/configurator/p5`, { configuration })
  return /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
}

/** A signed-in customer of a site with a saved build (long range in fjord blue unless `configuration`). */
export async function customerWithBuild(prefix: string, configuration?: string) {
  const { someone: person } = await signedUp(prefix)
  return { person, configurationId: await savedBuild(person, prefix, configuration) }
}

/** The order id in the address the order form leads to (its payment step). */
export const placedOrderId = (res: Response) =>
  /result-confirmation\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? ''

/**
 * A Dutch customer's order (Anne Jansen in Utrecht), placed and paid with the test card, with its order number.
 *
 * @example
 * const { customer, id, number } = await paidDutchOrder()
 */
export async function paidDutchOrder() {
  const { someone: customer, email } = await signedUp('/nl', 'Anne Jansen')
  const configurationId = await savedBuild(customer, '/nl', 'version=standard-range&paint=graphite-grey')
  const placed = await customer.postForm(`/nl/configurator/info-submission/${configurationId}`, {
    ...DUTCH_ORDER_FORM,
    lastName: 'Jansen',
    zip: '3511 AB',
    city: 'Utrecht',
    street: 'Oudegracht 10',
    email: 'anne.jansen@example.com',
  })
  const id = placedOrderId(placed)
  await payOrder(customer, '/nl', id)
  const row = await env.DB.prepare('SELECT number FROM orders WHERE id = ?1').bind(id).first<{ number: string }>()
  return { customer, email, id, number: row?.number ?? '' }
}

/** Saves the records `routeAddress` points at: a configuration `cfg-test` and its order `ord-test` (Norway). */
export async function seedRouteRecords(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO configurations (id, model_code, country_code, created_at) VALUES ('cfg-test', 'p5', 'NO', '2026-11-01T10:00:00Z')`,
    ),
    env.DB.prepare(
      `INSERT OR IGNORE INTO orders (id, configuration_id, country_code, created_at) VALUES ('ord-test', 'cfg-test', 'NO', '2026-11-02T10:00:00Z')`,
    ),
  ])
}

/** A concrete address for a route pattern, using the records `seedRouteRecords` saves. */
export function routeAddress(pattern: string): string {
  return pattern
    .replace(':id', pattern.startsWith('/order') ? 'ord-test' : 'cfg-test')
    .replace(':carId', 'p5')
    .replace(':carCode?', 'p5')
}

/** The test's KV, except that reads of the keys matching `failing` fail (the message catalogs by default). */
export function kvFailingOn(failing = /^i18n\//): KVNamespace {
  return new Proxy(env.KV, {
    get(target, prop) {
      if (prop === 'get') {
        return (key: string, options?: unknown) => {
          if (failing.test(key)) return Promise.reject(new Error('KV unavailable'))
          return (target.get as (k: string, o?: unknown) => Promise<unknown>).call(target, key, options)
        }
      }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A test drive booked on the Swedish site as its form posts it (Göteborg, the `slot`-th free slot); its e-mail's outbox id. */
export async function bookSwedishTestDrive(email: string, slot = 3): Promise<string> {
  const person = visitor()
  const slots = (await (await person.request('/api/v1/stores/se-goteborg-avenyn/slots?site=/se')).json()) as {
    slots: { start: string }[]
  }
  const res = await person.postForm('/se/test-drive/p5', {
    storeId: 'se-goteborg-avenyn',
    modelCode: 'p5',
    slotStart: slots.slots[slot]?.start ?? '',
    name: 'Selma Lagerlöf',
    email,
    phone: '070 123 45 67',
    privacyAccepted: 'yes',
  })
  expect(res.status).toBe(303)
  const row = await env.DB.prepare('SELECT id FROM notifications WHERE recipient = ?1')
    .bind(email)
    .first<{ id: string }>()
  return row?.id ?? ''
}

/**
 * A trade-in valued on the Swedish site as its form posts it: Anna Berg's two-year-old P5 Standard under a fresh VIN.
 * Its VIN and the valuation's id ('' when the form did not go to the result).
 */
export async function valuedSwedishTradeIn(person: Visitor): Promise<{ vin: string; valuationId: string }> {
  const vin = `XNVP5AA${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`
  const valued = await person.postForm('/se/trade-in', {
    vin,
    mileage: '40 000',
    plate: 'abc123',
    owner: 'Anna Berg',
    car: 'nordvolt/p5/p5-standard',
    year: String(new Date().getUTCFullYear() - 2),
  })
  return { vin, valuationId: /result\/([\w-]+)/.exec(valued.headers.get('location') ?? '')?.[1] ?? '' }
}

/** Asserts that a picture's address is the car as a PNG on `origin`, of this look (address query values) and size. */
export function expectCarPng(address: string, origin: string, look: Record<string, string>, size: string): void {
  const url = new URL(address)
  expect(url.origin).toBe(origin)
  expect(url.pathname).toBe('/car/p5/front.png')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ ...look, size })
}

/** What a production deployment cannot run without (src/worker/env.ts REQUIRED_SECRETS), as test values. */
export const PRODUCTION_SECRETS = {
  APP_SECRET: 'x'.repeat(40),
  GRAY_ACCESS_CODE: 'gray-code-123',
  OFFICIAL_URL: 'https://www.nordvolt.example',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
} as const

/** The test bindings as a production deployment with its required secrets would have them. */
export function productionEnv(): Env {
  return { ...env, ENVIRONMENT: 'production', ...PRODUCTION_SECRETS } as Env
}
