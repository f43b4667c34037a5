import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { paidDutchOrder, sentOrderMail, signedUp } from '../../test/fixtures'
import { pdfText } from '../../test/pdf-text'
import { decode, type visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { createStandInStore } from '../store/payment-stand-in'
import { deliverNotification } from './notifications'
import { deliverDueEvents } from './payment-stand-in/delivery'
import { WEBHOOK_PATH } from './payments/settings'
import { printable } from './pdf/render'

const nl = CATALOGS['nl-NL']
const PROFILE = '/nl/user-center/profile'
const page = async (person: ReturnType<typeof visitor>, id: string, query = '') =>
  decode(await (await person.request(`/nl/order/${id}${query}`)).text())
const orderRow = (id: string) =>
  env.DB.prepare('SELECT status, payment_status AS payment, document FROM orders WHERE id = ?1')
    .bind(id)
    .first<{ status: string; payment: string; document: string }>()

describe('the withdrawal function (Directive 2011/83/EU, Art. 11a)', () => {
  it('is on the order page, asks for confirmation, ends the contract, refunds and acknowledges by e-mail', async () => {
    const { customer, id, number } = await paidDutchOrder()
    const shown = await page(customer, id)
    expect(shown).toContain(`>${nl['legal.withdraw.button']}</a>`)
    expect(shown).toContain(nl['legal.withdraw.beforeDelivery'].replace('{days}', '14'))

    const question = await page(customer, id, '?withdraw=confirm')
    expect(question).toContain(nl['legal.withdraw.confirmHeading'].replace('{number}', number))
    expect(question).toContain(nl['legal.withdraw.statement'].replace('{number}', number))
    expect(question).toContain(`>${nl['legal.withdraw.confirm']}</button>`)
    // Nothing has changed yet.
    expect(await orderRow(id)).toMatchObject({ status: 'depositPaid', payment: 'paid' })

    const res = await customer.postForm(`/nl/order/${id}`, { event: 'withdraw', confirmed: 'yes' }, PROFILE)
    expect(res.headers.get('location')).toBe(`/nl/order/${id}?done=withdraw`)
    expect(await page(customer, id, '?done=withdraw')).toContain(nl['legal.withdraw.done'])
    // Ended, and the refund issued through the payment provider at once: pending until Stripe confirms it.
    expect(await orderRow(id)).toMatchObject({ status: 'refundPending', payment: 'paid' })
    const events = await env.DB.prepare('SELECT type, actor FROM order_events WHERE order_id = ?1 ORDER BY rowid')
      .bind(id)
      .all<{ type: string; actor: string }>()
    expect(events.results.slice(-3)).toEqual([
      { type: 'withdraw', actor: 'customer' },
      { type: 'requestRefund', actor: 'customer' },
      { type: 'issueRefund', actor: 'system' },
    ])
    await deliverDueEvents(createStandInStore(env.DB), `http://local.test${WEBHOOK_PATH}`, Date.now() + 10_000)
    expect(await orderRow(id)).toMatchObject({ status: 'refunded', payment: 'refunded' })
    const refunds = await env.DB.prepare('SELECT amount, status, reason FROM refunds WHERE order_id = ?1')
      .bind(id)
      .all()
    const paid = await env.DB.prepare(`SELECT amount FROM payments WHERE order_id = ?1 AND outcome = 'succeeded'`)
      .bind(id)
      .first<{ amount: number }>()
    expect(refunds.results).toEqual([{ amount: paid?.amount, status: 'succeeded', reason: 'withdrawal' }])

    // The acknowledgement on a durable medium: the statement, with the date and time of receipt.
    const mail = await env.DB.prepare(
      `SELECT id, payload FROM notifications WHERE kind = 'withdrawalReceived' AND json_extract(payload, '$.orderId') = ?1`,
    )
      .bind(id)
      .first<{ id: string; payload: string }>()
    expect(mail).toBeTruthy()
    expect(await deliverNotification(env, mail?.id ?? '')).toBe('sent')
    const sent = await env.DB.prepare('SELECT subject, body FROM mailbox WHERE notification_id = ?1')
      .bind(mail?.id)
      .first<{ subject: string; body: string }>()
    expect(sent?.subject).toBe(nl['mail.withdrawalReceived.subject'].replace('{number}', number))
    expect(sent?.body).toContain(
      nl['legal.withdraw.statement'].replace('Je verklaring: ', '').replace('{number}', number),
    )
    // "1 dec., 2026 11:05": the day and the time in Amsterdam.
    expect(sent?.body).toMatch(/op \d{1,2} \S+, 20\d\d \d\d:\d\d je herroeping/)

    // Once withdrawn, the function is gone, and a second post changes nothing.
    expect(await page(customer, id)).not.toContain(nl['legal.withdraw.button'])
    const again = await customer.postForm(`/nl/order/${id}`, { event: 'withdraw', confirmed: 'yes' }, PROFILE)
    expect(again.status).toBe(409)
    expect(await orderRow(id)).toMatchObject({ status: 'refunded' })
  })

  it('is stated in the order confirmation e-mail with the model withdrawal form (Art. 8(7))', async () => {
    const { id, number } = await paidDutchOrder()
    const sent = await sentOrderMail(id, 'orderPlaced')
    expect(sent?.body).toContain(nl['legal.pre.withdrawalValue'].replaceAll('{days}', '14'))
    expect(sent?.body).toContain(nl['legal.form.heading'])
    expect(sent?.body).toContain(nl['legal.form.notice'].replace('{goods}', `P5 (${number})`))
    expect(sent?.body).toContain('Nordvolt Nederland B.V.')
  })

  it('closes 14 days after delivery', async () => {
    const { customer, id } = await paidDutchOrder()
    const row = await orderRow(id)
    const order = JSON.parse(row?.document ?? '{}')
    const longAgo = '2026-01-05T10:00:00.000Z'
    const delivered = {
      ...order,
      status: 'delivered',
      dates: { ...order.dates, delivered: longAgo },
      updatedAt: longAgo,
    }
    await env.DB.prepare('UPDATE orders SET document = ?2, status = ?3, updated_at = ?4 WHERE id = ?1')
      .bind(id, JSON.stringify(delivered), 'delivered', longAgo)
      .run()
    expect(await page(customer, id)).not.toContain(nl['legal.withdraw.button'])
    const res = await customer.postForm(`/nl/order/${id}`, { event: 'withdraw', confirmed: 'yes' }, PROFILE)
    expect(res.status).toBe(409)
    expect(decode(await res.text())).toContain(nl['legal.withdraw.closed'])
  })

  it('names its last day once the car is delivered, on the order page and in the confirmation PDF alike', async () => {
    const { customer, id } = await paidDutchOrder()
    const order = JSON.parse((await orderRow(id))?.document ?? '{}')
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString()
    const delivered = { ...order, status: 'delivered', dates: { ...order.dates, delivered: threeDaysAgo } }
    await env.DB.prepare('UPDATE orders SET document = ?2, status = ?3 WHERE id = ?1')
      .bind(id, JSON.stringify(delivered), 'delivered')
      .run()
    const sentence = new RegExp(nl['legal.withdraw.until'].replace('{date}', '([^<.]+(?:\\.[^<.]+)?)'))
    const until = sentence.exec(await page(customer, id))?.[1] ?? ''
    expect(until).not.toBe('')
    const pdf = await customer.request(`/nl/order/${id}/confirmation.pdf`)
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text.replace(/\n/g, ' ')).toContain(printable(nl['legal.withdraw.until'].replace('{date}', until)))
  })

  it('is the owner’s alone', async () => {
    const { id } = await paidDutchOrder()
    const stranger = (await signedUp('/nl', 'Someone Else')).someone
    const res = await stranger.postForm(`/nl/order/${id}`, { event: 'withdraw', confirmed: 'yes' }, PROFILE)
    expect(res.status).toBe(404)
    expect(await orderRow(id)).toMatchObject({ status: 'depositPaid' })
  })
})
