import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import Stripe from 'stripe'
import { describe, expect, it, vi } from 'vitest'
import {
  customerWithBuild,
  DUTCH_ORDER_FORM,
  openCheckout,
  orderMailKinds,
  PRODUCTION_SECRETS,
  payOrder,
  placedOrderId,
  sentOrderMail,
  signedUp,
} from '../../test/fixtures'
import { reconcilePayments } from '../app/payments'
import { CATALOGS } from '../i18n/catalogs'
import { createStore } from '../store'
import { createStandInStore } from '../store/payment-stand-in'
import { appConfig } from './env'
import { deliverDueEvents } from './payment-stand-in/delivery'
import { paymentProviderFor, STAND_IN, WEBHOOK_PATH } from './payments/settings'

const BASE = 'http://local.test'
const nl = CATALOGS['nl-NL']
const stripe = new Stripe(STAND_IN.secretKey, { httpClient: Stripe.createFetchHttpClient() })

async function placedDutchOrder() {
  const { person, configurationId } = await customerWithBuild('/nl')
  const id = placedOrderId(
    await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM),
  )
  return { person, id }
}

const orderRow = (id: string) =>
  env.DB.prepare('SELECT status, payment_status AS payment FROM orders WHERE id = ?1')
    .bind(id)
    .first<{ status: string; payment: string }>()
const attempts = (id: string) =>
  env.DB.prepare(
    'SELECT outcome, provider_reference AS reference, payment_reference AS intent FROM payments WHERE order_id = ?1',
  )
    .bind(id)
    .all<{ outcome: string; reference: string; intent: string | null }>()
    .then((r) => r.results)

/** The provider as the worker makes it for a request (the stand-in, through the loopback). */
const provider = () => paymentProviderFor(appConfig(env), BASE)
const deps = () => ({ store: createStore(env), provider: provider(), notify: () => {} })

async function postEvent(payload: string, signature: string | null) {
  return exports.default.fetch(
    new Request(`${BASE}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    }),
  )
}

/** An event about a checkout session as Stripe sends it, signed with the SDK's own test helper. */
async function signedEvent(type: string, object: unknown, secret: string = STAND_IN.webhookSecret, timestamp?: number) {
  const payload = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  })
  return { payload, signature }
}

describe('the webhook', () => {
  it('believes only events signed with the endpoint secret and recent: good, bad, missing, old', async () => {
    const { person, id } = await placedDutchOrder()
    await openCheckout(person, '/nl', id)
    const [attempt] = await attempts(id)
    const session = await provider().findCheckout(attempt?.reference ?? '')
    const paidSession = {
      id: session.reference,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: session.amount.amount,
      currency: 'eur',
      client_reference_id: id,
      payment_intent: 'pi_test_forged',
      metadata: { method: 'card' },
    }
    const forged = await signedEvent('checkout.session.completed', paidSession, 'whsec_someone_elses_secret')
    expect((await postEvent(forged.payload, forged.signature)).status).toBe(400)
    expect((await postEvent(forged.payload, null)).status).toBe(400)
    const old = await signedEvent(
      'checkout.session.completed',
      paidSession,
      STAND_IN.webhookSecret,
      Math.floor(Date.now() / 1000) - 600,
    )
    expect((await postEvent(old.payload, old.signature)).status).toBe(400)
    // A tampered body under a good signature is refused too.
    const good = await signedEvent('checkout.session.completed', paidSession)
    expect((await postEvent(good.payload.replace('"paid"', '"unpaid"'), good.signature)).status).toBe(400)
    expect(await orderRow(id)).toMatchObject({ payment: 'unpaid' })
    expect((await postEvent(good.payload, good.signature)).status).toBe(200)
    expect(await orderRow(id)).toMatchObject({ payment: 'paid', status: 'depositPaid' })
    // The same event again (a replay within the tolerance, or Stripe's retry) changes nothing and is answered 200.
    expect((await postEvent(good.payload, good.signature)).status).toBe(200)
    expect((await orderMailKinds(id)).filter((k) => k === 'orderPaid')).toHaveLength(1)
  })

  it('ends in the same state whatever the order and number of events: late processing, duplicates', async () => {
    const { person, id } = await placedDutchOrder()
    await openCheckout(person, '/nl', id, 'sepa_debit')
    const [attempt] = await attempts(id)
    const base = {
      id: attempt?.reference,
      object: 'checkout.session',
      status: 'complete',
      amount_total: 0,
      currency: 'eur',
      client_reference_id: id,
      payment_intent: 'pi_test_sepa',
      metadata: { method: 'sepa_debit' },
    }
    const succeeded = await signedEvent('checkout.session.async_payment_succeeded', { ...base, payment_status: 'paid' })
    const processing = await signedEvent('checkout.session.completed', { ...base, payment_status: 'unpaid' })
    for (const event of [succeeded, succeeded, processing, processing])
      expect((await postEvent(event.payload, event.signature)).status).toBe(200)
    expect(await orderRow(id)).toMatchObject({ payment: 'paid', status: 'depositPaid' })
    expect((await attempts(id))[0]?.outcome).toBe('succeeded')
    expect((await orderMailKinds(id)).filter((k) => k === 'orderPaid')).toHaveLength(1)
  })
})

describe('exactly one capture per amount due', () => {
  it('30 parallel payment attempts make one checkout, one charge and one paid order; the losers see it paid', async () => {
    const { person, id } = await placedDutchOrder()
    const starts = await Promise.all(
      Array.from({ length: 30 }, () => person.postForm(`/nl/order/result-confirmation/${id}`, { method: 'card' })),
    )
    const pages = new Set(starts.map((res) => res.headers.get('location')))
    expect(starts.every((res) => res.status === 303)).toBe(true)
    expect(pages.size).toBe(1)
    expect(await attempts(id)).toHaveLength(1)
    const page = new URL([...pages][0] ?? '').pathname
    const pays = await Promise.all(
      Array.from({ length: 30 }, () =>
        person.request(page, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ number: '4242424242424242', expiry: '12/35', cvc: '123', name: 'A' }).toString(),
        }),
      ),
    )
    expect(pays.every((res) => res.status === 303)).toBe(true)
    const intents = await createStandInStore(env.DB).objects<{ status: string; metadata: { order_id: string } }>(
      'payment_intent',
      500,
    )
    expect(intents.filter((pi) => pi.metadata.order_id === id && pi.status === 'succeeded')).toHaveLength(1)
    expect((await attempts(id)).filter((a) => a.outcome === 'succeeded')).toHaveLength(1)
    const again = await Promise.all(
      Array.from({ length: 30 }, () => person.postForm(`/nl/order/result-confirmation/${id}`, { method: 'ideal' })),
    )
    expect(again.every((res) => res.headers.get('location') === `/nl/order/${id}`)).toBe(true)
    expect(await attempts(id)).toHaveLength(1)
  }, 60_000)

  it('the database refuses a second succeeded payment of the same order and amount', async () => {
    const { person, id } = await placedDutchOrder()
    await payOrder(person, '/nl', id)
    const [paid] = await attempts(id)
    await expect(
      env.DB.prepare(
        `INSERT INTO payments (id, order_id, amount, currency, outcome, provider, provider_reference, created_at)
         SELECT 'p-second', order_id, amount, currency, 'succeeded', 'stripe', 'cs_test_other', created_at FROM payments WHERE provider_reference = ?1`,
      )
        .bind(paid?.reference)
        .run(),
    ).rejects.toThrow(/UNIQUE/)
  })
})

describe('the stand-in speaks Stripe', () => {
  it('replays an idempotent request, and refuses the same key with other parameters', async () => {
    const client = new Stripe(STAND_IN.secretKey, {
      httpClient: Stripe.createFetchHttpClient((input, init) =>
        exports.default.fetch(
          new Request(String(input).replace('http://local.test', 'http://local.test/dev/stripe'), init),
        ),
      ),
      host: 'local.test',
      port: 80,
      protocol: 'http',
    })
    const params = {
      mode: 'payment' as const,
      success_url: `${BASE}/nl`,
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 50000, product_data: { name: 'Deposit' } } },
      ],
      allowed_payment_method_types: ['ideal'],
    }
    const first = await client.checkout.sessions.create(params, { idempotencyKey: 'same-key-1' })
    const second = await client.checkout.sessions.create(params, { idempotencyKey: 'same-key-1' })
    expect(second.id).toBe(first.id)
    await expect(
      client.checkout.sessions.create(
        { ...params, allowed_payment_method_types: ['card'] },
        { idempotencyKey: 'same-key-1' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 })
    await expect(
      client.checkout.sessions.create({ ...params, allowed_payment_method_types: ['swish'] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 })
    await expect(client.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    })
    const wrongKey = new Stripe('sk_test_not_the_stand_in_key', {
      httpClient: Stripe.createFetchHttpClient((input, init) =>
        exports.default.fetch(
          new Request(String(input).replace('http://local.test', 'http://local.test/dev/stripe'), init),
        ),
      ),
      host: 'local.test',
      port: 80,
      protocol: 'http',
    })
    await expect(wrongKey.checkout.sessions.retrieve(first.id)).rejects.toMatchObject({ statusCode: 401 })
  })

  it('signs its webhooks so that the official SDK verifies them', async () => {
    const { person, id } = await placedDutchOrder()
    await createStandInStore(env.DB).setSetting('webhooks', 'hold')
    try {
      await payOrder(person, '/nl', id)
      const [event] = await createStandInStore(env.DB).dueEvents(Date.now())
      const { signatureHeader } = await import('./payment-stand-in/signature')
      const header = await signatureHeader(event?.body ?? '', STAND_IN.webhookSecret, Math.floor(Date.now() / 1000))
      const verified = await stripe.webhooks.constructEventAsync(
        event?.body ?? '',
        header,
        STAND_IN.webhookSecret,
        300,
        Stripe.createSubtleCryptoProvider(),
      )
      expect(verified.type).toBe('checkout.session.completed')
    } finally {
      await createStandInStore(env.DB).setSetting('webhooks', 'deliver')
    }
  })

  it('pays with every method of its markets, and tells a declined card or a failed 3-D Secure', async () => {
    for (const [prefix, method] of [
      ['/no', 'vipps'],
      ['/se', 'swish'],
      ['/dk', 'mobilepay'],
      ['/be/nl-BE', 'bancontact'],
      ['/nl', 'ideal'],
    ] as const) {
      const { person, configurationId } = await customerWithBuild(prefix)
      const order = await person.postForm(`${prefix}/configurator/info-submission/${configurationId}`, {
        ...DUTCH_ORDER_FORM,
        ...(prefix === '/no'
          ? { zip: '0150', phone: '412 34 567' }
          : prefix === '/se'
            ? { zip: '111 22', phone: '070 123 45 67' }
            : prefix === '/dk'
              ? { zip: '1050', phone: '20 12 34 56' }
              : prefix === '/be/nl-BE'
                ? { zip: '1000', phone: '0470 12 34 56' }
                : {}),
      })
      const id = placedOrderId(order)
      if (!id) continue
      const failed = await payOrder(person, prefix, id, 'fail', method)
      expect(failed.status, method).toBe(402)
      expect((await payOrder(person, prefix, id, 'ok', method)).status, method).toBe(303)
      expect(await orderRow(id), method).toMatchObject({ payment: 'paid' })
    }
    const { person, id } = await placedDutchOrder()
    const page = await openCheckout(person, '/nl', id)
    const card = (number: string) =>
      person.request(page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number, expiry: '12/35', cvc: '123', name: 'A' }).toString(),
      })
    // Declined on the provider's page, in the session's language (Checkout's locale, Dutch here).
    const declined = await card('4000000000009995')
    expect(declined.status).toBe(402)
    const declinedPage = await declined.text()
    expect(declinedPage).toContain('<html lang="nl"')
    expect(declinedPage).toContain('Uw kaart heeft onvoldoende saldo.')
    const challenge = await card('4000000000003220')
    expect(challenge.status).toBe(303)
    const challengePage = challenge.headers.get('location') ?? ''
    const token = /token=([\w-]+)/.exec(challengePage)?.[1] ?? ''
    const answer = (decision: string) =>
      person.request(challengePage.split('?')[0] ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, decision }).toString(),
      })
    expect((await answer('fail')).status).toBe(402)
    const left = await person.request(`/nl/order/result-confirmation/${id}?payment=left`)
    expect(await left.text()).toContain('bevestigen')
    const again = await card('4000000000003220')
    const secondToken = /token=([\w-]+)/.exec(again.headers.get('location') ?? '')?.[1] ?? ''
    const done = await person.request((again.headers.get('location') ?? '').split('?')[0] ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: secondToken, decision: 'complete' }).toString(),
    })
    expect(done.status).toBe(303)
    expect(await orderRow(id)).toMatchObject({ payment: 'paid' })
  }, 60_000)

  it('a SEPA debit is processing until its later event, then paid', async () => {
    const { person, id } = await placedDutchOrder()
    const back = await payOrder(person, '/nl', id, 'DE89370400440532013000', 'sepa_debit')
    expect(back.status).toBe(303)
    const page = await (
      await person.request(
        new URL(back.headers.get('location') ?? '').pathname + new URL(back.headers.get('location') ?? '').search,
      )
    ).text()
    expect(page).toContain('Betaling in behandeling')
    expect(await orderRow(id)).toMatchObject({ payment: 'unpaid' })
    await deliverDueEvents(createStandInStore(env.DB), `${BASE}${WEBHOOK_PATH}`, Date.now() + 60_000)
    expect(await orderRow(id)).toMatchObject({ payment: 'paid', status: 'depositPaid' })

    // The receipt: the amount, the method in a sentence and Stripe's reference of the payment, in Dutch.
    const intent = (await attempts(id)).find((a) => a.outcome === 'succeeded')?.intent ?? ''
    const mail = await sentOrderMail(id, 'orderPaid')
    expect(mail?.body).toContain(`met ${nl['payment.paidWith.sepa_debit']} voor NV-NL-`)
    expect(mail?.body).toContain(`Stripe-referentie: ${intent}.`)
    expect(mail?.body).toMatch(/van €\s[\d.]+,\d\d met/)
  })
})

describe('a lost webhook', () => {
  it('is made good by the scheduled reconciliation, which asks the provider', async () => {
    const { person, id } = await placedDutchOrder()
    const standIn = createStandInStore(env.DB)
    await standIn.setSetting('webhooks', 'drop')
    try {
      expect((await payOrder(person, '/nl', id)).status).toBe(303)
    } finally {
      await standIn.setSetting('webhooks', 'deliver')
    }
    expect(await orderRow(id)).toMatchObject({ payment: 'unpaid' })
    // Not yet: the reconciliation leaves attempts younger than a few minutes to their webhook.
    await reconcilePayments(deps(), new Date())
    expect(await orderRow(id)).toMatchObject({ payment: 'unpaid' })
    await reconcilePayments(deps(), new Date(Date.now() + 6 * 60_000))
    expect(await orderRow(id)).toMatchObject({ payment: 'paid', status: 'depositPaid' })
    expect(await orderMailKinds(id)).toContain('orderPaid')
  })
})

describe('refunds through the provider', { timeout: 30_000 }, () => {
  async function cancelledByStaff(card: string) {
    const { person, id } = await placedDutchOrder()
    await payOrder(person, '/nl', id, card)
    await person.postForm(
      `/nl/order/${id}`,
      { event: 'requestCancellation', confirmed: 'yes' },
      `/nl/order/${id}?confirm=requestCancellation`,
    )
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    await staff.postForm(
      '/nl/staff',
      { orderId: id, event: 'approveCancellation', note: '' },
      `/nl/staff?confirm=order:${id}:approveCancellation`,
    )
    return { person, staff, id }
  }

  it('an approved cancellation of a paid order is refunded at once: pending, then refunded with its date', async () => {
    const { person, id } = await cancelledByStaff('4242424242424242')
    expect(await orderRow(id)).toMatchObject({ status: 'refundPending', payment: 'paid' })
    const pending = await person.request(`/nl/order/${id}`)
    expect(await pending.text()).toContain('Terugbetaling onderweg')
    await deliverDueEvents(createStandInStore(env.DB), `${BASE}${WEBHOOK_PATH}`, Date.now() + 10_000)
    expect(await orderRow(id)).toMatchObject({ status: 'refunded', payment: 'refunded' })
    const refunds = await env.DB.prepare(
      'SELECT status, provider_reference AS reference FROM refunds WHERE order_id = ?1',
    )
      .bind(id)
      .all()
    expect(refunds.results).toEqual([{ status: 'succeeded', reference: expect.stringMatching(/^re_test_/) }])
    expect(await orderMailKinds(id)).toEqual(expect.arrayContaining(['orderPaid', 'refundIssued', 'refundSettled']))
  })

  it('a failed refund stays pending for the customer, and staff issue it again with a new key', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { person, staff, id } = await cancelledByStaff('4000000000005126')
    await deliverDueEvents(createStandInStore(env.DB), `${BASE}${WEBHOOK_PATH}`, Date.now() + 10_000)
    expect(await orderRow(id)).toMatchObject({ status: 'refundPending', payment: 'paid' })
    // Staff see the payment and the failed refund with Stripe's references and reason, and a retry that asks first.
    const intent = (await attempts(id)).find((a) => a.outcome === 'succeeded')?.intent ?? ''
    const failed = await env.DB.prepare('SELECT provider_reference AS reference FROM refunds WHERE order_id = ?1')
      .bind(id)
      .first<{ reference: string }>()
    const consolePage = await (await staff.request('/nl/staff')).text()
    // The order's row of the console's table.
    const at = consolePage.indexOf(intent)
    const row = consolePage.slice(consolePage.lastIndexOf('<tr', at), consolePage.indexOf('</tr>', at))
    expect(row).toContain(intent)
    expect(row).toContain(failed?.reference)
    expect(row).toContain(nl['payment.refundStatus.failed'])
    expect(row).toContain('expired_or_canceled_card')
    expect(row).not.toContain(`confirm=order:${id}:markRefunded`)
    const asked = await staff.request(`/nl/staff?confirm=refund:${id}`)
    expect(await asked.text()).toContain('name="intent" value="retryRefund"')
    // The customer is not told of the failure: to them the refund is still on its way.
    const customerPage = await (await person.request(`/nl/order/${id}`)).text()
    expect(customerPage).toContain(nl['payment.refundStatus.pending'])
    expect(customerPage).not.toContain(nl['payment.refundStatus.failed'])

    await staff.postForm('/nl/staff', { orderId: id, intent: 'retryRefund' }, `/nl/staff?confirm=refund:${id}`)
    const refunds = await env.DB.prepare(
      'SELECT status, idempotency_key AS key FROM refunds WHERE order_id = ?1 ORDER BY attempt',
    )
      .bind(id)
      .all<{ status: string; key: string }>()
    expect(refunds.results.map((r) => r.status)).toEqual(['failed', 'pending'])
    expect(new Set(refunds.results.map((r) => r.key)).size).toBe(2)
    expect(logged.mock.calls.flat().join(' ')).toContain('expired_or_canceled_card')
  })
})

describe('production', () => {
  it('has no stand-in: its addresses are the not-found page', async () => {
    const vars = JSON.parse(env.TEST_DEPLOYED_VARS) as Record<string, string>
    const production = { ...env, ...vars, ...PRODUCTION_SECRETS } as unknown as Env
    const { app } = await import('./index')
    for (const path of ['/dev/stripe', '/dev/stripe/v1/checkout/sessions', '/dev/stripe/checkout/cs_test_x'])
      expect((await app.request(path, {}, production)).status, path).toBe(404)
  })
})
