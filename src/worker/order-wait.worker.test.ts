import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { paidDutchOrder, signedUp } from '../../test/fixtures'
import { decode, type visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { renderNotification } from './notification-mail'
import { protectOrderPrices } from './price-protection'

const nl = CATALOGS['nl-NL']

async function staffEvent(staff: ReturnType<typeof visitor>, orderId: string, event: string) {
  const res = await staff.postForm('/nl/staff', { orderId, event }, '/nl/user-center/profile')
  expect(res.status).toBe(303)
}

const documentOf = async (id: string) => {
  const row = await env.DB.prepare('SELECT document FROM orders WHERE id = ?1').bind(id).first<{ document: string }>()
  return JSON.parse(row?.document ?? '{}') as { delivery?: { from: string; to: string; step: string } }
}

describe('the wait for the car', () => {
  it('moves the delivery window with allocation, books a handover slot and serves its calendar file', async () => {
    const { customer, id } = await paidDutchOrder()
    const placed = await documentOf(id)
    expect(placed.delivery?.step).toBe('placed')
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    await staffEvent(staff, id, 'signContract')
    await staffEvent(staff, id, 'allocate')
    const allocated = await documentOf(id)
    expect(allocated.delivery?.step).toBe('allocated')
    expect(allocated.delivery?.from).not.toBe(placed.delivery?.from)
    // The allocation e-mail names the new window and links to the order.
    const row = await env.DB.prepare(
      "SELECT * FROM notifications WHERE recipient = ?1 AND kind = 'carAllocated' ORDER BY rowid DESC LIMIT 1",
    )
      .bind('anne.jansen@example.com')
      .first<Parameters<typeof renderNotification>[1]>()
    const mail = row ? await renderNotification(env, row) : null
    expect(mail?.body).toContain(nl['orderMail.delivery'].split(':')[0] ?? '')
    expect(mail?.body).toContain(`/nl/order/${id}`)
    // The order page offers the delivery store's free slots within the window; booking one takes a place.
    const page = decode(await (await customer.request(`/nl/order/${id}`)).text())
    expect(page).toContain(nl['myOrder.delivery.heading'])
    expect(page).toContain(nl['myOrder.contact.heading'])
    const slot = /<option value="(\d{4}-\d\d-\d\dT[^"]+)"/.exec(page)?.[1] ?? ''
    const storeId = /name="storeId" value="([^"]+)"/.exec(page)?.[1] ?? ''
    expect(slot).not.toBe('')
    const booked = await customer.postForm(`/nl/order/${id}`, { intent: 'handover', storeId, slotStart: slot })
    expect(booked.status).toBe(303)
    const after = decode(await (await customer.request(booked.headers.get('location') ?? '')).text())
    expect(after).toContain(nl['myOrder.handover.bookedMessage'])
    const ics = await customer.request(`/nl/order/${id}/handover.ics`)
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toContain('text/calendar')
    const text = await ics.text()
    expect(text).toContain('BEGIN:VEVENT')
    expect(text).toContain(`DTSTART:${slot.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`)
    // The booking's e-mail carries the same appointment as a calendar file.
    const bookedRow = await env.DB.prepare(
      "SELECT * FROM notifications WHERE recipient = ?1 AND kind = 'handoverBooked' ORDER BY rowid DESC LIMIT 1",
    )
      .bind('anne.jansen@example.com')
      .first<Parameters<typeof renderNotification>[1]>()
    const bookedMail = bookedRow ? await renderNotification(env, bookedRow) : null
    expect(bookedMail?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [expect.stringMatching(/^handover-[\w-]+\.ics$/), 'text/calendar; charset=utf-8'],
    ])
    expect(new TextDecoder().decode(bookedMail?.attachments[0]?.content)).toBe(text)
    // Nobody else gets the appointment.
    expect((await staff.request(`/nl/order/${id}/handover.ics`)).status).toBe(404)
  }, 30_000)

  it('gives a placed order a lower price of the same car by itself, once, and tells the customer', async () => {
    const { customer, id } = await paidDutchOrder()
    const before = await env.DB.prepare('SELECT total_amount AS total FROM orders WHERE id = ?1')
      .bind(id)
      .first<{ total: number }>()
    const today = before?.total ?? 0
    // The order was placed when the same car cost €1,500.00 more (the price has fallen since).
    const placedAt = today + 150_000
    await env.DB.prepare(
      `UPDATE orders SET total_amount = ?2, document = json_set(document, '$.amounts.totalInclVat.amount', ?2,
         '$.amounts.balance.amount', json_extract(document, '$.amounts.balance.amount') + 150000,
         '$.priceProtection.placedTotal', ?2) WHERE id = ?1`,
    )
      .bind(id, placedAt)
      .run()
    await protectOrderPrices(env)
    await protectOrderPrices(env)
    const after = await env.DB.prepare('SELECT total_amount AS total, document FROM orders WHERE id = ?1')
      .bind(id)
      .first<{ total: number; document: string }>()
    expect(after?.total).toBe(today)
    const order = JSON.parse(after?.document ?? '{}') as {
      amounts: { balance: { amount: number }; dueToday: { amount: number } }
      priceProtection: { changes: { from: number; to: number }[] }
    }
    expect(order.amounts.balance.amount).toBe(today - order.amounts.dueToday.amount)
    expect(order.priceProtection.changes).toMatchObject([{ from: placedAt, to: today }])
    const { results } = await env.DB.prepare(
      "SELECT * FROM notifications WHERE kind = 'priceLowered' AND json_extract(payload, '$.orderId') = ?1",
    )
      .bind(id)
      .all<Parameters<typeof renderNotification>[1]>()
    expect(results).toHaveLength(1)
    const mail = await renderNotification(env, results[0] as Parameters<typeof renderNotification>[1])
    const euro = (amount: number) => formatMoney({ amount, currency: 'EUR' }, 'nl-NL')
    expect(mail.body).toContain(euro(today))
    expect(mail.body).toContain(euro(placedAt))
    expect(mail.body).toContain(euro(150_000))
    const page = decode(await (await customer.request(`/nl/order/${id}`)).text())
    expect(page).toContain(nl['myOrder.protection.heading'])
    expect(page).toContain(euro(placedAt))
  }, 30_000)
})
