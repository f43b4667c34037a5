import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { paidDutchOrder, signedUp, TEST_PASSWORD } from '../../test/fixtures'
import { decode } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const nl = CATALOGS['nl-NL']

/** The audit log's row of a record, as text. */
function auditRow(html: string, reference: string): string {
  const section = html.slice(html.indexOf('id="staff-audit"'))
  return new RegExp(`<tr>(?:(?!</tr>).)*${reference}(?:(?!</tr>).)*</tr>`, 's').exec(section)?.[0] ?? ''
}

describe('the audit log of staff actions', () => {
  it('shows who did what to which order, when, with the old and new status', async () => {
    const { id, number } = await paidDutchOrder()
    const { someone: staff, email } = await signedUp('/nl', 'Sam Staff', 'NL')
    expect(
      (
        await staff.postForm(
          '/nl/staff',
          { orderId: id, event: 'signContract' },
          `/nl/staff?confirm=order:${id}:signContract`,
        )
      ).status,
    ).toBe(303)
    const html = decode(await (await staff.request('/nl/staff')).text())
    expect(html).toContain(nl['staff.audit.heading'])
    const row = auditRow(html, number)
    expect(row).toContain(`Sam Staff (${email})`)
    expect(row).toContain(`${nl['staff.audit.record.order']} ${number}`)
    expect(row).toContain(nl['staff.event.signContract'])
    expect(row).toContain(`${nl['order.status.depositPaid']} → ${nl['order.status.contractSigned']}`)
    // The customer's own steps (placing, paying) are theirs, not staff actions.
    expect(row.match(/<tr>/g)?.length).toBe(1)
  })

  it('is only shown to staff of the record’s country', async () => {
    const { id, number } = await paidDutchOrder()
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    await staff.postForm(
      '/nl/staff',
      { orderId: id, event: 'signContract' },
      `/nl/staff?confirm=order:${id}:signContract`,
    )
    const { someone: german } = await signedUp('/de', 'Greta Staff', 'DE')
    expect(await (await german.request('/de/staff')).text()).not.toContain(number)
    const { someone: customer } = await signedUp('/nl', 'Just a customer')
    expect((await customer.request('/nl/staff')).status).toBe(404)
  })

  it('records moves of home-charger enquiries with their statuses', async () => {
    const { someone: staff, email } = await signedUp('/nl', 'Sam Staff', 'NL')
    const requestId = `ch${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`
    await env.DB.prepare(
      `INSERT INTO charger_enquiries (id, idempotency_key, country_code, locale, name, email, phone, street, zip, city,
         house_type, installation_window, privacy_accepted_at, created_at)
       VALUES (?1, ?1, 'NL', 'nl-NL', 'Piet Laad', 'piet@example.com', '+31612345678', 'Laadstraat 1', '1017 AB',
         'Amsterdam', 'house', 'soon', ?2, ?2)`,
    )
      .bind(requestId, new Date().toISOString())
      .run()
    const moved = await staff.postForm(
      '/nl/staff',
      { intent: 'request', kind: 'charger', requestId, to: 'contacted' },
      `/nl/staff?confirm=request:charger:${requestId}:contacted`,
    )
    expect(moved.status).toBe(303)
    const row = auditRow(decode(await (await staff.request('/nl/staff')).text()), requestId)
    expect(row).toContain(`Sam Staff (${email})`)
    expect(row).toContain(`${nl['staff.requests.kind.charger']} ${requestId}`)
    expect(row).toContain(nl['staff.audit.action.status'])
    expect(row).toContain(' → ')
  })

  it('keeps every entry when the customer’s personal data is erased', async () => {
    const { customer, id, number } = await paidDutchOrder()
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    await staff.postForm(
      '/nl/staff',
      { orderId: id, event: 'signContract' },
      `/nl/staff?confirm=order:${id}:signContract`,
    )
    await staff.postForm('/nl/staff', { orderId: id, event: 'allocate' }, `/nl/staff?confirm=order:${id}:allocate`)
    const before = auditRow(decode(await (await staff.request('/nl/staff')).text()), number)
    expect(
      (await customer.postForm('/nl/user-center/privacy', { intent: 'delete', password: TEST_PASSWORD })).status,
    ).toBe(303)
    const html = decode(await (await staff.request('/nl/staff')).text())
    const after = auditRow(html, number)
    expect(after).toBe(before)
    expect(after).toContain(nl['staff.event.allocate'])
    expect(after).not.toContain('Anne')
  })

  it('asks before each change of an order, which then carries the staff member’s note', async () => {
    const { id, number } = await paidDutchOrder()
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    const console = decode(await (await staff.request('/nl/staff')).text())
    const link = `/nl/staff?confirm=order:${id}:signContract#confirm`
    expect(console).toContain(`href="${link}"`)
    const question = decode(await (await staff.request(link.replace('#confirm', ''))).text())
    const confirm = question.slice(question.indexOf('id="confirm"'))
    expect(confirm).toContain(nl['staff.confirm.heading'])
    expect(confirm).toContain(`${nl['staff.event.signContract']}: ${nl['staff.audit.record.order']} ${number}`)
    // Looking at the question changes nothing.
    const before = await env.DB.prepare('SELECT status FROM orders WHERE id = ?1').bind(id).first<{ status: string }>()
    expect(before?.status).toBe('depositPaid')
    const res = await staff.postForm(
      '/nl/staff',
      { orderId: id, event: 'signContract', note: 'Signed in the Utrecht store' },
      link.replace('#confirm', ''),
    )
    expect(res.status).toBe(303)
    const row = auditRow(decode(await (await staff.request('/nl/staff')).text()), number)
    expect(row).toContain('Signed in the Utrecht store')
    expect(row).toContain(nl['staff.event.signContract'])
  })

  it('asks before moving a request, and offers nothing to confirm for a move that is not possible', async () => {
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    const requestId = `ch${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`
    await env.DB.prepare(
      `INSERT INTO charger_enquiries (id, idempotency_key, country_code, locale, name, email, phone, street, zip, city,
         house_type, installation_window, privacy_accepted_at, created_at)
       VALUES (?1, ?1, 'NL', 'nl-NL', 'Piet Laad', 'piet@example.com', '+31612345678', 'Laadstraat 1', '1017 AB',
         'Amsterdam', 'house', 'soon', ?2, ?2)`,
    )
      .bind(requestId, new Date().toISOString())
      .run()
    const impossible = decode(
      await (await staff.request(`/nl/staff?confirm=request:charger:${requestId}:installed`)).text(),
    )
    expect(impossible).not.toContain(nl['staff.confirm.heading'])
    const question = decode(
      await (await staff.request(`/nl/staff?confirm=request:charger:${requestId}:contacted`)).text(),
    )
    expect(question).toContain(nl['staff.confirm.heading'])
    expect(question).toMatch(/name="to" value="contacted"/)
    const res = await staff.postForm(
      '/nl/staff',
      { intent: 'request', kind: 'charger', requestId, to: 'contacted', note: 'Called, installer on Monday' },
      `/nl/staff?confirm=request:charger:${requestId}:contacted`,
    )
    expect(res.status).toBe(303)
    expect(auditRow(decode(await (await staff.request('/nl/staff')).text()), requestId)).toContain(
      'Called, installer on Monday',
    )
  })
})
