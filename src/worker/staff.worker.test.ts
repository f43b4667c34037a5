import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { orderMailKinds, paidDutchOrder, signedUp } from '../../test/fixtures'

describe('the staff console', () => {
  it('is not there for customers, nor for staff of another country', async () => {
    expect((await (await signedUp('/nl', 'Sam Staff')).someone.request('/nl/staff')).status).toBe(404)
    expect((await (await signedUp('/de', 'Sam Staff', 'DE')).someone.request('/nl/staff')).status).toBe(404)
    expect((await (await signedUp('/nl', 'Sam Staff', 'NL')).someone.request('/nl/staff')).status).toBe(200)
  })

  it('moves an order along; each change is an event with who and when, on the customer’s timeline', async () => {
    const { customer, id } = await paidDutchOrder()
    const { someone: staff, email } = await signedUp('/nl', 'Sam Staff', 'NL')
    const console = await (await staff.request('/nl/staff')).text()
    expect(console).toContain('Anne Jansen')
    expect(
      (await staff.postForm('/nl/staff', { orderId: id, event: 'signContract' }, '/nl/user-center/profile')).status,
    ).toBe(303)
    const staffId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: string }>())
      ?.id
    const event = await env.DB.prepare(
      `SELECT actor, actor_id AS actorId, at FROM order_events WHERE order_id = ?1 AND type = 'signContract'`,
    )
      .bind(id)
      .first()
    expect(event).toMatchObject({ actor: 'staff', actorId: staffId })
    const timeline = await (await customer.request(`/nl/order/${id}`)).text()
    expect(timeline).toMatch(
      /timeline__step--done[^>]*><span class="timeline__name">[^<]+<\/span> <span class="timeline__meta">.*?<span class="timeline__date">/,
    )
  })

  it('makes the customer an owner once the car is delivered', async () => {
    const { customer, id } = await paidDutchOrder()
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    for (const event of ['signContract', 'allocate', 'ship', 'startPreparation', 'deliver']) {
      await staff.postForm('/nl/staff', { orderId: id, event }, '/nl/user-center/profile')
    }
    const status = await env.DB.prepare('SELECT status FROM orders WHERE id = ?1').bind(id).first<{ status: string }>()
    expect(status?.status).toBe('delivered')
    const info = (await (await customer.api('/webAuthSdk/checkLoginStatus', { getAuth: false })).json()) as {
      data: { data: { loginStatus: number } }
    }
    expect(info.data.data.loginStatus).toBe(1)
    // On the way the customer is written to when the car is allocated, shipped, being prepared (the delivery window
    // narrows to days) and handed over; the contract step inside the store is on the timeline only.
    expect(await orderMailKinds(id)).toEqual([
      'orderPlaced',
      'orderPaid',
      'carAllocated',
      'carShipped',
      'deliveryWindowMoved',
      'carDelivered',
    ])
  }, 20_000)

  it('refuses an order of another country', async () => {
    const { id } = await paidDutchOrder()
    const { someone: staff } = await signedUp('/de', 'Sam Staff', 'DE')
    const res = await staff.postForm('/de/staff', { orderId: id, event: 'signContract' }, '/de/user-center/profile')
    expect(res.status).toBe(404)
  })
})
