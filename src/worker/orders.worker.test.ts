import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { customerWithBuild, DUTCH_ORDER_FORM, payOrder } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../domain/catalog/example'
import { money } from '../domain/money'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'

const nl = CATALOGS['nl-NL']

/** A signed-in Dutch customer with a saved configuration. */
const customer = (prefix = '/nl', configuration?: string) => customerWithBuild(prefix, configuration)

/** The Dutch order form with the postcode as people type it. */
const DUTCH_FORM = { ...DUTCH_ORDER_FORM, zip: '1017 ab' }

describe('placing an order', () => {
  it('says nothing is due today for a lease where the site offers one, and not where it does not', async () => {
    const dutch = await customer('/nl')
    const form = decode(
      await (await dutch.person.request(`/nl/configurator/info-submission/${dutch.configurationId}`)).text(),
    )
    expect(form).toContain(nl['order.summary.leaseDueToday'])
    // Iceland offers cash and a loan only.
    const icelandic = await customer('/is', 'version=long-range')
    const page = decode(
      await (await icelandic.person.request(`/is/configurator/info-submission/${icelandic.configurationId}`)).text(),
    )
    expect(page).toContain('name="financePreference"')
    expect(page).not.toContain(CATALOGS['is-IS']['order.summary.leaseDueToday'])
  })

  it('states what a lease order pays today, nothing, and what paying in cash would make due instead', async () => {
    const lease = 'version=long-range&finance=privateLease&term=36&km=15000&down=2000'
    const { person, configurationId } = await customer('/nl', lease)
    const path = `/nl/configurator/info-submission/${configurationId}`
    const leaseForm = decode(await (await person.request(path)).text())
    const cashForm = decode(await (await person.request(`${path}?finance=cash`)).text())
    const dueToday = (html: string) =>
      new RegExp(nl['order.summary.dueToday'].replace('{amount}', '([^<]+)')).exec(html)?.[1] ?? ''
    expect(dueToday(leaseForm)).toBe(formatMoney(money(0, 'EUR'), 'nl-NL'))
    // The cash form's deposit is what the lease form names for cash or a loan; neither form says both.
    const deposit = dueToday(cashForm)
    expect(deposit).not.toBe(dueToday(leaseForm))
    expect(leaseForm).toContain(nl['order.summary.otherDueToday'].replace('{amount}', deposit))
    expect(cashForm).not.toContain(nl['order.summary.otherDueToday'].split('{amount}')[0])
    // The cash commitment above the button names the same figure as the line above it.
    const escaped = nl['legal.order.commits.order'].replace(/[.*+?^()[\]\\|$]/g, '\\$&')
    const commitment = new RegExp(escaped.replace('{total}', '[^<]+?').replace('{dueToday}', '([^<]+?)'))
    expect(commitment.exec(cashForm)?.[1]).toBe(deposit)
    // A lease's commitment is its application to the lessor, with nothing due today.
    expect(commitment.exec(leaseForm)).toBeNull()
    expect(leaseForm).toContain(nl['legal.order.commits.lease'].split('{lender}')[0])
  })

  it('asks anonymous visitors to sign in first and come back to the form', async () => {
    const res = await visitor().request('/nl/configurator/info-submission/anything')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('/nl/auth?frontRedirect=')
  })

  it('shows the SPEC §5 messages per field and places nothing', async () => {
    const { person, configurationId } = await customer()
    const res = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, {
      ...DUTCH_FORM,
      zip: '1234',
      firstName: '',
      orderAgreement: '',
    })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(nl['validation.required'].replace('{label}', nl['order.field.firstName']))
    expect(html).toContain(nl['validation.invalid'].replace('{label}', nl['order.field.zip']))
    expect(html).toMatch(/id="order-orderAgreement"[^>]*aria-invalid="true"/)
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE configuration_id = ?1')
      .bind(configurationId)
      .first<{ n: number }>()
    expect(count?.n).toBe(0)
  })

  it('places the order with the price recomputed by the server, once per form', async () => {
    const { person, configurationId } = await customer()
    const form = { ...DUTCH_FORM, idempotencyKey: `key-${crypto.randomUUID()}` }
    const [a, b] = await Promise.all([
      person.postForm(`/nl/configurator/info-submission/${configurationId}`, form),
      person.postForm(`/nl/configurator/info-submission/${configurationId}`, form),
    ])
    expect(a.status).toBe(303)
    expect(b.status).toBe(303)
    expect(a.headers.get('location')).toBe(b.headers.get('location'))
    const rows = await env.DB.prepare(
      'SELECT total_amount AS total, number, status FROM orders WHERE configuration_id = ?1',
    )
      .bind(configurationId)
      .all<{ total: number; number: string; status: string }>()
    expect(rows.results).toHaveLength(1)
    expect(rows.results[0]?.number).toMatch(/^NV-NL-[0-9A-Z]{6}$/)
    const quote = (await (
      await visitor().api('/api/v1/price-quotes', {
        site: '/nl',
        usage: 'personal',
        configuration: { ...EXAMPLE_CONFIGURATION, paintCode: 'fjord-blue' },
      })
    ).json()) as { totals: { inclVat: { amount: number } } }
    expect(rows.results[0]?.total).toBe(quote.totals.inclVat.amount)
  })

  it('refuses the same car submitted again: "Same configuration has been submitted"', async () => {
    const { person, configurationId } = await customer()
    await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_FORM)
    const again = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_FORM)
    expect(again.status).toBe(409)
    expect(decode(await again.text())).toContain(nl['configurator.error.sameSubmitted'])
  })

  it('places one order when several tabs submit the same car at the same moment', async () => {
    const { person, configurationId } = await customer()
    const path = `/nl/configurator/info-submission/${configurationId}`
    // Each tab is its own form (its own idempotency key), sent together.
    const tabs = await Promise.all(
      Array.from({ length: 6 }, (_, tab) =>
        person.postForm(path, { ...DUTCH_FORM, idempotencyKey: `tab-${tab}-${configurationId}` }),
      ),
    )
    const statuses = tabs.map((res) => res.status).sort()
    expect(statuses).toEqual([303, 409, 409, 409, 409, 409])
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE configuration_id = ?1')
      .bind(configurationId)
      .first<{ n: number }>()
    expect(rows?.n).toBe(1)
  })
})

describe('after ordering', () => {
  async function placed() {
    const { person, configurationId } = await customer()
    const res = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_FORM)
    const id = /result-confirmation\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? ''
    return { person, id }
  }

  it('shows the order only to its owner', async () => {
    const { person, id } = await placed()
    expect((await person.request(`/nl/order/${id}`)).status).toBe(200)
    const stranger = visitor()
    await stranger.signUp('/nl', { name: 'Piet', email: uniqueEmail('piet'), password: 'correct horse battery' })
    for (const path of [`/nl/order/${id}`, `/nl/order/result-confirmation/${id}`, `/nl/order/cancel-result/${id}`]) {
      const res = await stranger.request(path)
      expect(res.status, path).toBe(404)
      expect(decode(await res.text())).toContain(nl['error.noRecord.message'])
    }
  })

  it('offers the ways to pay of the market, paid on the provider page, and refuses a way the market does not offer', async () => {
    const { person, id } = await placed()
    const html = decode(await (await person.request(`/nl/order/result-confirmation/${id}`)).text())
    // iDEAL first in the Netherlands, then cards (with the wallets), then SEPA Direct Debit; no card field of ours.
    const methods = [...html.matchAll(/<input[^>]*name="method"[^>]*>/g)].map((m) => /value="(\w+)"/.exec(m[0])?.[1])
    expect(methods).toEqual(['ideal', 'card', 'sepa_debit'])
    expect(html).toContain(nl['payment.step.provider'])
    expect(html).not.toMatch(/autocomplete="cc-|name="cardNumber"/)
    const swish = await person.postForm(`/nl/order/result-confirmation/${id}`, { method: 'swish' })
    expect(swish.status).toBe(422)
    expect(decode(await swish.text())).toContain(nl['payment.refused.method'])
    const none = await env.DB.prepare('SELECT COUNT(*) AS n FROM payments WHERE order_id = ?1').bind(id).first()
    expect(none?.n).toBe(0)
  })

  it('takes the deposit on the hosted page, is paid by the signed event, and stores no card data', async () => {
    const { person, id } = await placed()
    const declined = await payOrder(person, '/nl', id, '4000 0000 0000 0002')
    expect(declined.status).toBe(402)
    const paid = await payOrder(person, '/nl', id)
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location') ?? '')
    expect(back.pathname).toBe(`/nl/order/result-confirmation/${id}`)
    const row = await env.DB.prepare('SELECT payment_status AS payment, status FROM orders WHERE id = ?1')
      .bind(id)
      .first()
    expect(row).toMatchObject({ payment: 'paid', status: 'depositPaid' })
    const page = decode(await (await person.request(`${back.pathname}${back.search}`)).text())
    expect(page).toMatch(/Stripe-referentie: pi_test_\w+/)
    const everything = JSON.stringify([
      await env.DB.prepare('SELECT * FROM payments WHERE order_id = ?1').bind(id).all(),
      await env.DB.prepare('SELECT * FROM stand_in_objects').all(),
      await env.DB.prepare('SELECT * FROM stand_in_events').all(),
      await env.DB.prepare('SELECT * FROM order_events WHERE order_id = ?1').bind(id).all(),
    ])
    expect(everything).not.toMatch(/4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002|12\/35/)
  })

  it('shows the delivery-status timeline and takes a cancellation request to review', async () => {
    const { person, id } = await placed()
    const detail = decode(await (await person.request(`/nl/order/${id}`)).text())
    expect(detail).toContain(nl['order.timeline.heading'])
    const res = await person.postForm(
      `/nl/order/${id}`,
      { event: 'requestCancellation', confirmed: 'yes' },
      `/nl/order/${id}?confirm=requestCancellation`,
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/nl/order/cancel-result/${id}`)
    const result = decode(await (await person.request(`/nl/order/cancel-result/${id}`)).text())
    expect(result).toContain(nl['order.cancel.received'])
    const events = await env.DB.prepare('SELECT type, actor FROM order_events WHERE order_id = ?1 ORDER BY at')
      .bind(id)
      .all()
    expect(events.results.map((e) => e.type)).toContain('requestCancellation')
  })

  it('tells customers in countries without online payment that the store will contact them', async () => {
    const { person, configurationId } = await customer('/is', 'version=long-range')
    const res = await person.postForm(`/is/configurator/info-submission/${configurationId}`, {
      ...DUTCH_FORM,
      zip: '101',
      city: 'Reykjavík',
      street: 'Laugavegur 1',
      phone: '612 3456',
    })
    expect(res.status).toBe(303)
    const html = decode(await (await person.request(res.headers.get('location') ?? '')).text())
    expect(html).toContain(CATALOGS['is-IS']['order.payment.underConstruction'])
    expect(html).not.toContain('name="method"')
  })

  it('refuses a payment where the market takes none online, whatever is posted (issue 40)', async () => {
    for (const [prefix, form] of [
      ['/is', { zip: '101', city: 'Reykjavík', street: 'Laugavegur 1', phone: '612 3456' }],
      ['/th', { zip: '10110', city: 'Bangkok', street: 'Sukhumvit 1', phone: '081 234 5678' }],
    ] as const) {
      const { person, configurationId } = await customer(prefix, 'version=long-range')
      const res = await person.postForm(`${prefix}/configurator/info-submission/${configurationId}`, {
        ...DUTCH_FORM,
        ...form,
      })
      const id = /result-confirmation\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? ''
      expect(id, prefix).not.toBe('')
      // The card form's old fields and a method: neither makes the order paid.
      const posted = await person.postForm(`${prefix}/order/result-confirmation/${id}`, {
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/35',
        cvc: '123',
        cardName: 'Anne Test',
      })
      expect(posted.status, prefix).toBe(409)
      const row = await env.DB.prepare(
        'SELECT payment_status AS payment, (SELECT COUNT(*) FROM payments WHERE order_id = ?1) AS payments FROM orders WHERE id = ?1',
      )
        .bind(id)
        .first()
      expect(row, prefix).toMatchObject({ payment: 'unpaid', payments: 0 })
    }
  })
})
