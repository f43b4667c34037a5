import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  customerWithBuild,
  DUTCH_ORDER_FORM,
  deliverStandInEvents,
  orderMailKinds,
  payOrder,
  placedOrderId,
  sentOrderMail,
  signedUp,
} from '../../test/fixtures'
import type { visitor } from '../../test/visitor'
import { decode } from '../../test/visitor'
import { transition } from '../domain/order/state'
import { CATALOGS } from '../i18n/catalogs'
import { formatDate, formatDateTime } from '../i18n/dates'
import { formatMoney } from '../i18n/formats'
import { createStore } from '../store'

const nl = CATALOGS['nl-NL']

async function staffMember() {
  return (await signedUp('/nl', 'Anne de Vries', 'NL')).someone
}

/** A Dutch customer's order placed from the personal form with the given fields. */
async function order(fields: Record<string, string> = {}) {
  const { person, configurationId } = await customerWithBuild('/nl')
  const path = `/nl/configurator/info-submission/${configurationId}`
  // A financed order is placed with the figures its form showed (the offer's fingerprint).
  const kind = fields.financePreference ?? 'cash'
  const form = kind === 'cash' ? '' : await (await person.request(`${path}?finance=${kind}`)).text()
  const res = await person.postForm(path, {
    ...DUTCH_ORDER_FORM,
    ...fields,
    ...(form ? { financeFingerprint: /name="financeFingerprint" value="([^"]+)"/.exec(form)?.[1] ?? '' } : {}),
  })
  expect(res.status).toBe(303)
  const id = placedOrderId(res)
  return { person, id }
}

/** Any page with a form gives the session's anti-forgery token (the order page has one only while confirming). */
const PROFILE = '/nl/user-center/profile'

const detail = async (person: ReturnType<typeof visitor>, id: string, query = '') =>
  decode(await (await person.request(`/nl/order/${id}${query}`)).text())

async function staffEvent(staff: ReturnType<typeof visitor>, orderId: string, event: string) {
  const res = await staff.postForm('/nl/staff', { orderId, event }, '/nl/user-center/profile')
  expect(res.status).toBe(303)
}

/** An order paid the way orders were before the payment provider: the local test provider's row, no Stripe. */
async function paidByTheEarlierTestProvider(id: string) {
  const store = createStore(env)
  const stored = await store.orders.find(id)
  if (!stored) throw new Error(`no order ${id}`)
  const result = transition(stored.order, 'paymentSucceeded', 'paymentProvider', new Date().toISOString())
  if (!result.ok) throw new Error(result.messageKey)
  await store.orders.update(id, stored.order, result.order, result.events, null, {
    amountMinor: stored.order.amounts.pendingPaymentFee.amount,
    currency: 'EUR',
    reference: 'test_4242',
    method: 'card',
  })
  const fee = stored.order.amounts.pendingPaymentFee.amount
  await env.DB.prepare(
    `INSERT INTO payments (id, order_id, amount, currency, outcome, provider, provider_reference, created_at)
     VALUES (?1, ?2, ?3, 'EUR', 'succeeded', 'test', ?4, ?5)`,
  )
    .bind(`legacy-${id}`, id, fee, `test_${id}`, new Date().toISOString())
    .run()
}

const status = async (id: string) =>
  env.DB.prepare('SELECT status, payment_status AS payment FROM orders WHERE id = ?1').bind(id).first()

describe('the order page', () => {
  it('draws the car as ordered, puts paying first and marks each step done, current or upcoming in words', async () => {
    const { person, id } = await order()
    const placed = await detail(person, id)
    // The car of the saved configuration: long range in Fjord Blue, named in its text alternative.
    expect(placed).toMatch(/<section class="order-detail__car"[^>]*>.*<svg class="car-render"[^>]*data-view="front"/)
    expect(placed).toMatch(/<title id="[^"]+">[^<]*Fjordblauw[^<]*<\/title>/)
    const next = placed.slice(placed.indexOf('class="next-action"'), placed.indexOf('class="order-detail__timeline"'))
    expect(next).toContain(nl['order.next.pay'])
    expect(next).toMatch(new RegExp(`class="button button--primary" href="/nl/order/result-confirmation/${id}"`))
    const states = (html: string) =>
      [...html.matchAll(/timeline__step--(\w+)"[^>]*>.*?<span class="timeline__state">([^<]+)</g)].map(
        (m) => `${m[1]}:${m[2]}`,
      )
    expect(states(placed)).toEqual([
      `current:${nl['order.timeline.current']}`,
      ...Array.from({ length: 6 }, () => `pending:${nl['order.timeline.upcoming']}`),
    ])
    expect(placed).toMatch(
      /<ol class="timeline"><li class="timeline__step timeline__step--current" aria-current="step">/,
    )

    await payOrder(person, '/nl', id)
    const paid = await detail(person, id)
    expect(states(paid).slice(0, 3)).toEqual([
      `done:${nl['order.timeline.done']}`,
      `current:${nl['order.timeline.current']}`,
      `pending:${nl['order.timeline.upcoming']}`,
    ])
    // Nothing to pay: what comes next is the contract, and the page says so.
    expect(paid).toContain(nl['order.next.waiting'].replace('{step}', nl['order.status.contractSigned']))
    expect(paid).not.toContain(nl['order.next.pay'])

    // Being cancelled: no step ahead, so no next action is offered.
    await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation', confirmed: 'yes' }, PROFILE)
    expect(await detail(person, id)).not.toContain('class="next-action"')
  })

  it('dates each step on the site’s calendar: placed at 00:30 in Amsterdam is that day, not the UTC day before', async () => {
    const { person, id } = await order()
    await env.DB.prepare(`UPDATE orders SET document = json_set(document, '$.dates.placed', ?2) WHERE id = ?1`)
      .bind(id, '2026-11-30T23:30:00.000Z')
      .run()
    const dates = [...(await detail(person, id)).matchAll(/<span class="timeline__date">([^<]+)</g)].map((m) => m[1])
    expect(dates).toEqual([formatDate('2026-12-01', 'nl-NL')])
  })
})

describe('a lease order', () => {
  const LEASE = { financePreference: 'privateLease', birthday: '1985-06-15' }

  it('pays nothing online and shows the lease statuses as staff move it', async () => {
    const { person, id } = await order(LEASE)
    expect(await status(id)).toMatchObject({ status: 'requested', payment: 'unpaid' })
    const due = await env.DB.prepare('SELECT due_today AS due FROM orders WHERE id = ?1').bind(id).first()
    expect(due).toMatchObject({ due: 0 })
    const placed = await detail(person, id)
    expect(placed).toContain(nl['order.lease.heading'])
    expect(placed).not.toContain(nl['order.timeline.heading'])
    expect(placed).toContain(nl['order.status.leaseRequested'])
    expect(placed).toContain(nl['finance.product.privateLease'])
    const staff = await staffMember()
    // Staff see the offer the customer chose, with the figures the order page shows them.
    const monthly = /class="finance-terms__monthly">([^<]+)</.exec(placed)?.[1]
    expect(monthly).toMatch(/€/)
    const consolePage = decode(await (await staff.request('/nl/staff')).text())
    const terms = new RegExp(`id="finance-terms-${id}"[\\s\\S]*?class="finance-terms__monthly">([^<]+)<`).exec(
      consolePage,
    )
    expect(terms?.[1]).toBe(monthly)
    await staffEvent(staff, id, 'placePurchaseOrder')
    const ordered = await detail(person, id)
    expect(ordered).toMatch(new RegExp(`aria-current="step"><span[^>]*>${nl['order.status.leasePoPlaced']}`))
  })

  it.each([
    ['privateLease', LEASE, false],
    ['loan', { financePreference: 'loan', creditApplication: 'yes' }, true],
  ] as const)(
    'confirms a %s by e-mail with the offer’s figures as the order page shows them',
    async (kind, fields, credit) => {
      const { person, id } = await order(fields)
      const placed = await detail(person, id)
      const monthly = /class="finance-terms__monthly">([^<]+)</.exec(placed)?.[1] ?? ''
      const { body } = await sentOrderMail(id, 'orderPlaced')
      expect(body).toContain(nl['offer.heading'].replace('{product}', nl[`finance.product.${kind}`]))
      expect(monthly).toMatch(/€/)
      expect(body).toContain(monthly)
      // A loan is consumer credit under Directive (EU) 2023/2225, a Dutch private lease is not: the warning follows.
      expect(body.includes(nl['finance.credit.warning'])).toBe(credit)
      // What is due today, as the order page states it (a lease pays nothing online).
      const due = new RegExp(`${nl['order.summary.dueToday'].split(':')[0]}</dt><dd[^>]*>([^<]+)<`).exec(placed)?.[1]
      expect(due).toMatch(/€/)
      expect(body).toContain(nl['order.summary.dueToday'].replace('{amount}', due ?? 'nothing'))
      // The figures hold subject to the partner's approval, in the e-mail as on the page.
      expect(placed).toContain(nl['finance.notice.assumption'])
      expect(body).toContain(nl['finance.notice.assumption'])
    },
  )

  it('says "Cancel lease failed" when an allocated lease is cancelled online, and changes nothing', async () => {
    const { person, id } = await order(LEASE)
    const staff = await staffMember()
    await staffEvent(staff, id, 'placePurchaseOrder')
    await staffEvent(staff, id, 'allocate')
    expect(await detail(person, id)).toContain('confirm=requestCancellation')
    const res = await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation', confirmed: 'yes' }, PROFILE)
    expect(res.status).toBe(409)
    expect(decode(await res.text())).toContain(nl['order.problem.leaseCancelFailed'])
    expect(await status(id)).toMatchObject({ status: 'allocated' })
  })

  it('cancels a lease request at once while no purchase order is placed', async () => {
    const { person, id } = await order(LEASE)
    const res = await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation', confirmed: 'yes' }, PROFILE)
    expect(res.headers.get('location')).toBe(`/nl/order/cancel-result/${id}`)
    expect(await status(id)).toMatchObject({ status: 'requestCancelled', payment: 'cancelled' })
    const result = decode(await (await person.request(`/nl/order/cancel-result/${id}`)).text())
    expect(result).toContain(nl['order.cancel.leaseRequestCancelled'])
  })
})

describe('the Dutch finance application', () => {
  const finance = (name: string) =>
    nl['order.financeApplication.status'].replace('{status}', nl[`finance.status.${name}` as keyof typeof nl])

  it('starts from the form’s credit application and moves only as staff allow, each change on the page', async () => {
    const { person, id } = await order({ financePreference: 'loan', creditApplication: 'yes' })
    const opened = await detail(person, id)
    expect(opened).toContain(nl['order.financeApplication.heading'])
    expect(opened).toContain(finance('waitingForApplication'))

    const staff = await staffMember()
    const staffPage = decode(await (await staff.request('/nl/staff')).text())
    expect(staffPage).toContain(`id="finance-status-${id}"`)
    const move = (financeStatus: string) =>
      staff.postForm(
        '/nl/staff',
        { intent: 'financeApplication', orderId: id, financeStatus },
        '/nl/user-center/profile',
      )
    expect((await move('2')).status).toBe(303)
    expect((await move('7')).status).toBe(303) // 2 → 7 is not a move the machine allows: nothing changes
    const moved = await detail(person, id)
    expect(moved).toContain(finance('inProgress'))
    const byStore = nl['order.financeApplication.byStore'].split('{date}')[1] ?? ''
    expect(byStore.length).toBeGreaterThan(3)
    expect(moved).toContain(byStore)
    const events = await env.DB.prepare(
      'SELECT from_status AS "from", to_status AS "to", actor, actor_id AS actorId FROM finance_application_events WHERE order_id = ?1 ORDER BY at, rowid',
    )
      .bind(id)
      .all<{ from: number | null; to: number; actor: string; actorId: string }>()
    expect(events.results.map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 1, 'customer'],
      [1, 2, 'staff'],
    ])
    expect(events.results[1]?.actorId).toBeTruthy()
  })

  it('is not started without the credit application action', async () => {
    const { person, id } = await order({ financePreference: 'loan' })
    expect(await detail(person, id)).not.toContain(nl['order.financeApplication.heading'])
  })

  it('refuses credit for a cash purchase at the checkbox, keeping what was typed, and places nothing', async () => {
    const { person, configurationId } = await customerWithBuild('/nl', 'version=long-range')
    const res = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, {
      ...DUTCH_ORDER_FORM,
      creditApplication: 'yes',
    })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(nl['order.financeApplication.needsFinance'])
    expect(html).toMatch(/id="order-creditApplication"[^>]*aria-invalid="true"/)
    expect(html).toContain('value="Keizersgracht 1"')
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE configuration_id = ?1')
      .bind(configurationId)
      .first()
    expect(count).toMatchObject({ n: 0 })
  })

  it('refuses bad input from the console without changing anything', async () => {
    const { id } = await order({ financePreference: 'loan', creditApplication: 'yes' })
    const staff = await staffMember()
    const res = await staff.postForm(
      '/nl/staff',
      { intent: 'financeApplication', orderId: id, financeStatus: 'x' },
      '/nl/user-center/profile',
    )
    expect(res.status).toBe(404)
    const { someone: other } = await signedUp('/nl', 'Anne de Vries', 'DE')
    const foreign = await other.postForm(
      '/de/staff',
      { intent: 'financeApplication', orderId: id, financeStatus: '2' },
      PROFILE,
    )
    expect(foreign.status).toBe(404)
    const row = await env.DB.prepare('SELECT status FROM finance_applications WHERE order_id = ?1').bind(id).first()
    expect(row).toMatchObject({ status: 1 })
  })
})

describe('cancellation and refund', () => {
  it('asks first, then cancels; after approval the deposit goes back through Stripe: on its way, then refunded', async () => {
    const { person, id } = await order()
    await payOrder(person, '/nl', id)

    // The confirmation step: without a "yes" nothing changes.
    const page = await detail(person, id, '?confirm=requestCancellation')
    expect(page).toContain(nl['order.confirm.cancelOrder'])
    // Asked before sending: what will happen, not "received".
    expect(page).toContain(nl['order.cancel.confirmNote'])
    expect(page).not.toContain(nl['order.cancel.received'])
    expect(page).toContain(nl['order.cancel.confirmButton'])
    const asked = await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation' }, PROFILE)
    expect(asked.status).toBe(200)
    expect(decode(await asked.text())).toContain('name="confirmed" value="yes"')
    expect(await status(id)).toMatchObject({ status: 'depositPaid' })
    const cancel = await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation', confirmed: 'yes' }, PROFILE)
    expect(cancel.headers.get('location')).toBe(`/nl/order/cancel-result/${id}`)

    // Nothing to ask for while the cancellation is reviewed; once approved, the money goes back by itself.
    expect(await detail(person, id)).not.toContain('confirm=requestRefund')
    const early = await person.postForm(`/nl/order/${id}`, { event: 'requestRefund', confirmed: 'yes' }, PROFILE)
    expect(early.status).toBe(409)
    expect(decode(await early.text())).toContain(nl['order.problem.transitionNotAllowed'])
    const staff = await staffMember()
    await staffEvent(staff, id, 'approveCancellation')
    expect(await status(id)).toMatchObject({ status: 'refundPending', payment: 'paid' })
    const paid = await env.DB.prepare(
      `SELECT amount, currency, payment_reference AS intent FROM payments WHERE order_id = ?1 AND outcome = 'succeeded'`,
    )
      .bind(id)
      .first<{ amount: number; currency: 'EUR'; intent: string }>()
    const amount = formatMoney({ amount: paid?.amount ?? 0, currency: 'EUR' }, 'nl-NL')

    const pending = await detail(person, id)
    expect(pending).toContain(nl['order.status.refundPending'])
    expect(pending).toContain(nl['payment.refund.pendingNote'])
    expect(pending).toContain(
      `${nl['payment.lines.refund'].replace('{amount}', amount)}</span> <span class="payment-lines__status">${nl['payment.refundStatus.pending']}`,
    )
    expect(pending).toContain(paid?.intent)
    expect(pending).not.toContain('confirm=requestRefund')

    // The provider confirms it (its signed event): refunded, with the day and the amount.
    await deliverStandInEvents(10_000)
    expect(await status(id)).toMatchObject({ status: 'refunded', payment: 'refunded' })
    const refund = await env.DB.prepare(
      'SELECT provider_reference AS reference, updated_at AS at FROM refunds WHERE order_id = ?1',
    )
      .bind(id)
      .first<{ reference: string; at: string }>()
    const refunded = await detail(person, id)
    expect(refunded).toContain(
      `${nl['payment.lines.refund'].replace('{amount}', amount)}</span> <span class="payment-lines__status">${nl['payment.refundStatus.succeeded']}`,
    )
    expect(refunded).toContain(refund?.reference)
    expect(refunded).toContain(formatDateTime(new Date(refund?.at ?? ''), 'nl-NL', 'Europe/Amsterdam'))

    // The customer hears of every step by e-mail, in Dutch: the amount on its way, then refunded on which day.
    expect(await orderMailKinds(id)).toEqual([
      'orderPlaced',
      'orderPaid',
      'cancellationRequested',
      'cancellationConfirmed',
      'refundIssued',
      'refundSettled',
    ])
    const mail = (kind: string) => sentOrderMail(id, kind)
    const issued = await mail('refundIssued')
    expect(issued?.body).toContain(amount)
    expect(issued?.subject).toContain('NV-NL-')
    const settled = await mail('refundSettled')
    expect(settled?.body).toContain(amount)
    expect(settled?.body).toContain(formatDate(new Date().toISOString().slice(0, 10), 'nl-NL'))
    expect(settled?.body).toContain(refund?.reference)
  })

  it('an order paid before the payment provider: the customer asks for the refund, may withdraw it, staff mark it', async () => {
    const { person, id } = await order()
    await paidByTheEarlierTestProvider(id)
    await person.postForm(`/nl/order/${id}`, { event: 'requestCancellation', confirmed: 'yes' }, PROFILE)
    const staff = await staffMember()
    await staffEvent(staff, id, 'approveCancellation')
    // No payment of the provider's to give back: the order waits for the customer's request, as before.
    expect(await status(id)).toMatchObject({ status: 'cancelled', payment: 'paid' })

    const question = await detail(person, id, '?confirm=requestRefund')
    expect(question).toContain(nl['order.confirm.requestRefund'])
    expect(question).toContain(nl['order.refund.timing'])
    const refund = await person.postForm(`/nl/order/${id}`, { event: 'requestRefund', confirmed: 'yes' }, PROFILE)
    expect(refund.headers.get('location')).toBe(`/nl/order/${id}?done=requestRefund`)
    const requested = await detail(person, id, '?done=requestRefund')
    expect(requested).toContain(nl['order.refund.received'])
    expect(requested).toContain(nl['order.status.refundRequested'])

    // Withdrawing asks too, and brings the order back to cancelled with the refund on offer again.
    const withdrawStep = await detail(person, id, '?confirm=withdrawRefund')
    expect(withdrawStep).toContain(nl['order.refund.withdrawButton'])
    expect(withdrawStep).not.toContain(nl['order.cancel.confirmButton'])
    const withdraw = await person.postForm(`/nl/order/${id}`, { event: 'withdrawRefund', confirmed: 'yes' }, PROFILE)
    expect(withdraw.headers.get('location')).toBe(`/nl/order/${id}?done=withdrawRefund`)
    expect(await detail(person, id, '?done=withdrawRefund')).toContain(nl['order.refund.withdrawn'])
    expect(await status(id)).toMatchObject({ status: 'cancelled', payment: 'paid' })

    // Asked again, staff pay it back by hand and mark it: the console offers "mark refunded", not Stripe.
    await person.postForm(`/nl/order/${id}`, { event: 'requestRefund', confirmed: 'yes' }, PROFILE)
    const staffPage = decode(await (await staff.request('/nl/staff')).text())
    expect(staffPage).toContain(`confirm=order:${id}:markRefunded`)
    expect(staffPage).not.toContain(`confirm=order:${id}:issueRefund`)
    expect(staffPage).toContain(nl['payment.lines.manual'])
    await staffEvent(staff, id, 'markRefunded')
    expect(await status(id)).toMatchObject({ status: 'refunded', payment: 'refunded' })
    expect(await orderMailKinds(id)).toEqual([
      'orderPlaced',
      'orderPaid',
      'cancellationRequested',
      'cancellationConfirmed',
      'refundRequested',
      'refundWithdrawn',
      'refundRequested',
      'refundCompleted',
    ])
  }, 30_000)

  it('refuses an unknown action with a clear message', async () => {
    const { person, id } = await order()
    const res = await person.postForm(`/nl/order/${id}`, { event: 'markRefunded', confirmed: 'yes' }, PROFILE)
    expect(res.status).toBe(400)
    expect(decode(await res.text())).toContain(nl['order.problem.transitionNotAllowed'])
  })
})
