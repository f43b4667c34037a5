/**
 * Ownership and "at most one" rules, checked for every route with an id and every such rule: a route with an id is
 * either someone's record (its owner sees it; another customer and an anonymous visitor get 404 and none of its
 * personal data) or a saved car shared by link (nothing personal on it). A new route with an id fails the first test
 * until it is classified here.
 */
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../src/routes'
import { ENDPOINTS } from '../../src/worker/api'
import { chargerForm, openCheckout, SWEDISH_ORDER_FORM } from '../fixtures'
import { uniqueEmail, visitor } from '../visitor'
import { atMostOneFindings, type Call, invisibleToOthersFindings } from './suites'

const call: Call = (path, init) => exports.default.fetch(new Request(`http://local.test${path}`, init))
type Visitor = ReturnType<typeof visitor>
const headersOf = (someone: Visitor) => ({
  cookie: [...someone.jar].map(([name, value]) => `${name}=${value}`).join('; '),
})

/** Page routes whose id names a saved car (or a model): shared by link by design, with nothing personal in them. */
const SHARED_BY_LINK = new Set([
  '/configurator/:id',
  '/configurator/overview/:id',
  '/configurator/info-submission/:id',
  '/configurator/test-drive-submission/:id',
  '/configurator/test-drive-submission/quote/:id',
  '/pre-order/:id/:carId',
  '/pre-order/info-submission/:id/:carId',
  '/test-drive/:carCode?',
])
/**
 * Page routes whose secret token is itself the key (an order link from an e-mail): whoever holds the link may open
 * that one order; a guessed or altered token opens none and shows nothing of anyone's order.
 */
const SECRET_LINK = new Set(['/order/link/:token'])
/** API paths with an id that name nothing personal: a model, a store's public slots, a finance offer's figures. */
const API_SHARED = new Set(['/api/v1/catalog/{model}', '/api/v1/stores/{id}/slots', '/api/v1/finance-offers/{id}'])

interface OwnedRecord {
  /** The record's pages, under its site. */
  paths: string[]
  /** What must never reach anyone else: the owner's e-mail, a VIN… */
  personal: string[]
}

async function customer(prefix: string): Promise<{ someone: Visitor; email: string }> {
  const someone = visitor()
  const email = uniqueEmail('owner')
  await someone.signUp(prefix, { name: 'Zelda Quist', email, password: 'correct horse battery' })
  return { someone, email }
}

async function savedCar(someone: Visitor, prefix: string): Promise<string> {
  const saved = await someone.postForm(`${prefix}/configurator/p5`, { configuration: 'version=long-range' })
  return /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
}

const idOf = (res: Response, pattern: RegExp) => pattern.exec(res.headers.get('location') ?? '')?.[1] ?? ''

let vinSerial = 0
/** Makes one record of a route for `owner` (signed in as `email`). */
const OWNED: Record<string, (owner: Visitor, email: string) => Promise<OwnedRecord>> = {
  '/order/:id': async (owner, email) => {
    const configurationId = await savedCar(owner, '/se')
    const res = await owner.postForm(`/se/configurator/info-submission/${configurationId}`, {
      ...SWEDISH_ORDER_FORM,
      email,
      phone: '070 987 65 43',
    })
    const id = idOf(res, /result-confirmation\/([\w-]+)/)
    return {
      paths: [
        `/se/order/${id}`,
        `/se/order/result-confirmation/${id}`,
        `/se/order/cancel-result/${id}`,
        `/se/order/${id}/confirmation.pdf`,
      ],
      personal: [email, '070 987 65 43', '+46709876543'],
    }
  },
  '/trade-in/result/:id': async (owner) => {
    const vin = `XNVP5AAA0R${String(Date.now() % 1e6).padStart(6, '0')}${vinSerial++ % 10}`
    const res = await owner.postForm('/se/trade-in', {
      vin,
      mileage: '40000',
      plate: 'MNP 321',
      owner: 'Zelda Quist',
      car: 'nordvolt/p5/p5-standard',
      year: String(new Date().getUTCFullYear() - 2),
    })
    return { paths: [res.headers.get('location') ?? ''], personal: [vin, 'MNP 321'] }
  },
  '/home-charger/result/:id': async (owner, email) => {
    const res = await owner.postForm('/no/home-charger', chargerForm({ name: 'Zelda Quist', email }))
    return { paths: [res.headers.get('location') ?? ''], personal: [email, 'Storgata 1', '41234567'] }
  },
  '/subscription/result/:id': async (owner, email) => {
    const res = await owner.postForm('/no/subscription', {
      firstName: 'Zelda',
      lastName: 'Quist',
      zip: '0150',
      city: 'Oslo',
      street: 'Storgata 1',
      email,
      phone: '412 34 567',
      privacyAccepted: 'yes',
    })
    return { paths: [res.headers.get('location') ?? ''], personal: [email] }
  },
}

/** Records addressed by a query instead of a path parameter. */
const OWNED_BY_QUERY: Record<string, (owner: Visitor, email: string) => Promise<OwnedRecord>> = {
  '/test-drive-result?booking=': async (owner, email) => {
    const slots = (await (await owner.request('/api/v1/stores/se-stockholm-sveavagen/slots?site=/se')).json()) as {
      slots: { start: string }[]
    }
    const res = await owner.postForm('/se/test-drive/p5', {
      storeId: 'se-stockholm-sveavagen',
      modelCode: 'p5',
      slotStart: slots.slots.at(-1)?.start ?? '',
      name: 'Zelda Quist',
      email,
      phone: '070-987 65 43',
      privacyAccepted: 'yes',
    })
    return { paths: [res.headers.get('location') ?? ''], personal: [email] }
  },
}

describe('ownership of every record with an id', () => {
  it('classifies every page and API route with an id as someone’s record or shared by link', () => {
    const pages = ROUTES.map((route) => route.path).filter((path) => path.includes(':'))
    const unclassified = pages.filter((path) => !SHARED_BY_LINK.has(path) && !SECRET_LINK.has(path) && !(path in OWNED))
    const ownedOrder = ['/order/result-confirmation/:id', '/order/cancel-result/:id']
    expect(unclassified.filter((path) => !ownedOrder.includes(path))).toEqual([])
    const api = Object.values(ENDPOINTS)
      .map((endpoint) => endpoint.path)
      .filter((path) => path.includes('{'))
    expect(api.filter((path) => !API_SHARED.has(path))).toEqual([])
  })

  for (const [route, make] of Object.entries({ ...OWNED, ...OWNED_BY_QUERY })) {
    it(`${route}: another customer and an anonymous visitor get 404 and none of its personal data`, async () => {
      const { someone: owner, email } = await customer('/se')
      const record = await make(owner, email)
      const { someone: other } = await customer('/se')
      const findings: string[] = []
      for (const path of record.paths) {
        expect(path, route).toMatch(/^\/(se|no)\//)
        findings.push(
          ...(await invisibleToOthersFindings(call, path, headersOf(owner), [headersOf(other), {}], record.personal)),
        )
      }
      expect(findings).toEqual([])
    })
  }

  it('an order link opens no order for a guessed token and shows nothing of anyone’s order', async () => {
    const { someone: owner, email } = await customer('/se')
    const placeOrder = OWNED['/order/:id']
    if (!placeOrder) throw new Error('no order maker')
    const record = await placeOrder(owner, email)
    const orderId = record.paths[0]?.split('/').at(-1) ?? ''
    const { someone: other } = await customer('/se')
    const findings: string[] = []
    for (const someone of [other, visitor()]) {
      const guessed = 'x'.repeat(43)
      const page = await someone.request(`/se/order/link/${guessed}`)
      const html = await page.text()
      for (const secret of [orderId, ...record.personal]) expect(html).not.toContain(secret)
      const used = await someone.postForm(`/se/order/link/${guessed}`, { token: guessed })
      expect(used.status).toBe(410)
      expect(used.headers.get('location')).toBeNull()
      // Using it let this browser into no order: the order still gives it 404, or sign-in when it is signed out.
      const order = await call(record.paths[0] ?? '', { headers: headersOf(someone), redirect: 'manual' })
      const body = await order.text()
      const toSignIn = order.status === 302 && /\/auth\?/.test(order.headers.get('location') ?? '')
      if (order.status !== 404 && !(someone !== other && toSignIn)) findings.push(`the order gives ${order.status}`)
      if (body.includes(email)) findings.push('the order shows its owner’s e-mail')
    }
    expect(findings).toEqual([])
  })

  it('a saved car shared by link shows nothing of the customer who saved it', async () => {
    const { someone: owner, email } = await customer('/se')
    const id = await savedCar(owner, '/se')
    const anonymous = visitor()
    for (const path of [`/se/configurator/${id}`, `/se/configurator/overview/${id}`, `/se/pre-order/${id}/p5`]) {
      const res = await anonymous.request(path)
      const html = await res.text()
      expect(html, path).not.toContain(email)
      expect(html, path).not.toContain('Zelda Quist')
    }
  })
})

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0

describe('every "at most one" rule under parallel requests', () => {
  it('one order per form, however often it is sent at once', async () => {
    const { someone } = await customer('/se')
    const id = await savedCar(someone, '/se')
    const key = `parallel-${id}`
    const findings = await atMostOneFindings(
      'one order per form key',
      8,
      () => someone.postForm(`/se/configurator/info-submission/${id}`, { ...SWEDISH_ORDER_FORM, idempotencyKey: key }),
      () => count('SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ?1', key),
    )
    expect(findings).toEqual([])
  })

  it('one charge per amount due, however often "pay" and the provider\'s page are sent at once', async () => {
    const { someone } = await customer('/se')
    const id = await savedCar(someone, '/se')
    const order = idOf(
      await someone.postForm(`/se/configurator/info-submission/${id}`, SWEDISH_ORDER_FORM),
      /result-confirmation\/([\w-]+)/,
    )
    const checkouts = await atMostOneFindings(
      'one checkout per order and amount due',
      8,
      () => someone.postForm(`/se/order/result-confirmation/${order}`, { method: 'swish' }),
      () => count('SELECT COUNT(*) AS n FROM payments WHERE order_id = ?1', order),
    )
    const hosted = await openCheckout(someone, '/se', order, 'swish')
    const charges = await atMostOneFindings(
      'one charge per amount due',
      8,
      () =>
        someone.request(hosted, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'decision=authorize',
        }),
      () => count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ?1 AND outcome = 'succeeded'`, order),
    )
    expect([...checkouts, ...charges]).toEqual([])
  }, 30_000)

  it('one order per customer and car, from any number of tabs', async () => {
    const { someone } = await customer('/se')
    const id = await savedCar(someone, '/se')
    const findings = await atMostOneFindings(
      'one order per customer and car',
      8,
      (tab) =>
        someone.postForm(`/se/configurator/info-submission/${id}`, {
          ...SWEDISH_ORDER_FORM,
          idempotencyKey: `tab${tab}-${id}`,
        }),
      () => count('SELECT COUNT(*) AS n FROM orders WHERE configuration_id = ?1', id),
    )
    expect(findings).toEqual([])
  })

  it('one home-charger enquiry and one subscription request per form', async () => {
    const { someone, email } = await customer('/no')
    const charger = `charger-${crypto.randomUUID()}`
    const subscription = `subscription-${crypto.randomUUID()}`
    const findings = [
      ...(await atMostOneFindings(
        'one charger enquiry per form key',
        6,
        () =>
          someone.postForm('/no/home-charger', chargerForm({ idempotencyKey: charger, name: 'Zelda Quist', email })),
        () => count('SELECT COUNT(*) AS n FROM charger_enquiries WHERE idempotency_key = ?1', charger),
      )),
      ...(await atMostOneFindings(
        'one subscription request per form key',
        6,
        () =>
          someone.postForm('/no/subscription', {
            idempotencyKey: subscription,
            firstName: 'Zelda',
            lastName: 'Quist',
            zip: '0150',
            city: 'Oslo',
            street: 'Storgata 1',
            email,
            phone: '412 34 567',
            privacyAccepted: 'yes',
          }),
        () => count('SELECT COUNT(*) AS n FROM subscription_requests WHERE idempotency_key = ?1', subscription),
      )),
    ]
    expect(findings).toEqual([])
  })

  it('one valuation per owner and VIN, and one order per VIN', async () => {
    const someone = visitor()
    const vin = `XNVP5AAA0R${String(Date.now() % 1e6).padStart(6, '0')}${vinSerial++ % 10}`
    const form = {
      vin,
      mileage: '40000',
      plate: 'MNP 321',
      owner: 'Zelda Quist',
      car: 'nordvolt/p5/p5-standard',
      year: String(new Date().getUTCFullYear() - 2),
    }
    // The browser's key comes with its first valuation; the parallel ones then share it.
    await someone.postForm('/se/trade-in', form)
    const findings = await atMostOneFindings(
      'one valuation per owner and VIN',
      6,
      (i) => someone.postForm('/se/trade-in', { ...form, mileage: String(41_000 + i) }),
      () => count('SELECT COUNT(*) AS n FROM trade_in_valuations WHERE vin = ?1', vin),
    )
    expect(findings).toEqual([])
  })

  it('a test-drive slot never takes more bookings than its places, from any number of people at once', async () => {
    const slots = (await (await call('/api/v1/stores/se-goteborg-avenyn/slots?site=/se')).json()) as {
      slots: { start: string; available: number }[]
    }
    // A slot nobody else in this file books: its places are the store's capacity (3).
    const slot = slots.slots.at(-5)
    if (!slot) throw new Error('no slot')
    const findings = await atMostOneFindings(
      'bookings of one slot',
      8,
      (i) =>
        visitor().postForm('/se/test-drive/p5', {
          storeId: 'se-goteborg-avenyn',
          modelCode: 'p5',
          slotStart: slot.start,
          name: 'Selma Lagerlöf',
          email: uniqueEmail(`slot${i}`),
          phone: '070 123 45 67',
          privacyAccepted: 'yes',
        }),
      () =>
        count(
          `SELECT COUNT(*) AS n FROM test_drive_bookings WHERE store_id = 'se-goteborg-avenyn' AND slot_start = ?1`,
          slot.start,
        ),
      slot.available,
    )
    expect(findings).toEqual([])
  })

  it('a password-reset link and an e-mail confirmation link each work once, used at once from many tabs', async () => {
    const { email } = await customer('/no')
    const linkOf = async (kind: string) => {
      const row = await env.DB.prepare(
        'SELECT payload FROM notifications WHERE recipient = ?1 AND kind = ?2 ORDER BY created_at DESC LIMIT 1',
      )
        .bind(email, kind)
        .first<{ payload: string }>()
      return new URL((JSON.parse(row?.payload ?? '{}') as { link: string }).link)
    }
    const confirm = await linkOf('confirmEmail')
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const reset = await linkOf('passwordReset')
    const findings = [
      ...(await atMostOneFindings(
        'uses of one confirmation link',
        8,
        () =>
          visitor().postForm(
            '/no/auth/confirm-email',
            { token: confirm.searchParams.get('token') ?? '' },
            `${confirm.pathname}${confirm.search}`,
          ),
        (statuses) => statuses.filter((status) => status === 303).length,
      )),
      ...(await atMostOneFindings(
        'uses of one reset link',
        8,
        (i) =>
          visitor().postForm(
            '/no/auth/reset',
            { intent: 'reset', token: reset.searchParams.get('token') ?? '', password: `a new horse battery ${i}` },
            `${reset.pathname}${reset.search}`,
          ),
        (statuses) => statuses.filter((status) => status === 303).length,
      )),
    ]
    expect(findings).toEqual([])
  })

  it('at most 5 password guesses per account from one place, and 50 from everywhere, sent at once', async () => {
    const { email } = await customer('/no')
    const onePlace = { 'cf-connecting-ip': '192.0.2.55' }
    const findings = [
      ...(await atMostOneFindings(
        'sign-in tries per account from one address',
        12,
        () => visitor(onePlace).signIn('/no', { email, password: 'wrong password' }),
        // A guess that was tried answers 401; one refused before trying, 429.
        (statuses) => statuses.filter((status) => status === 401).length,
        5,
      )),
      ...(await atMostOneFindings(
        'sign-in tries per account from everywhere',
        60,
        (i) => visitor({ 'cf-connecting-ip': `192.0.2.${100 + (i % 40)}` }).signIn('/no', { email, password: 'x' }),
        (statuses) => statuses.filter((status) => status === 401).length,
        // 5 were tried from onePlace above.
        45,
      )),
    ]
    expect(findings).toEqual([])
    // 60 password checks at once: seconds on a loaded machine.
  }, 30_000)
})
