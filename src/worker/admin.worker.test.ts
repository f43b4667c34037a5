import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const PASSWORD = 'correct horse battery'
const nb = CATALOGS['nb-NO']

/** Someone who signed up, with `roles`, and who opened the confirmation link unless `confirmed` is false. */
async function account(roles?: string[], { confirmed = true }: { confirmed?: boolean } = {}) {
  const person = visitor()
  const email = uniqueEmail('roles')
  await person.signUp('/no', { name: 'Kari Nordmann', email, password: PASSWORD })
  if (roles)
    await env.DB.prepare('UPDATE users SET roles = ?2 WHERE email = ?1').bind(email, JSON.stringify(roles)).run()
  if (confirmed)
    await env.DB.prepare(`UPDATE users SET email_confirmed_at = datetime('now') WHERE email = ?1`).bind(email).run()
  return { person, email }
}

const rolesOf = async (email: string) =>
  env.DB.prepare('SELECT roles, staff_country AS country FROM users WHERE email = ?1')
    .bind(email)
    .first<{ roles: string; country: string | null }>()

describe('the admin page (/admin)', () => {
  it('is not there for customers or staff', async () => {
    expect((await (await account()).person.request('/no/admin')).status).toBe(404)
    expect((await (await account(['staff'])).person.request('/no/admin')).status).toBe(404)
    expect((await visitor().request('/no/admin')).status).toBe(302)
  })

  it('grants staff access of a country with a note, which opens that country’s console, and records it', async () => {
    const { person: admin, email: adminEmail } = await account(['admin'])
    const { person: future, email } = await account()
    const res = await admin.postForm('/no/admin', { intent: 'grant', email, country: 'SE', note: 'New in Stockholm' })
    expect(res.status).toBe(303)
    expect(await rolesOf(email)).toEqual({ roles: '["staff"]', country: 'SE' })
    expect((await future.request('/se/staff')).status).toBe(200)
    expect(res.headers.get('location')).toBe('/no/admin?saved=grant')
    const page = decode(await (await admin.request('/no/admin?saved=grant')).text())
    expect(page).toContain(nb['admin.granted'])
    const events = page.slice(page.indexOf('id="admin-events"'))
    expect(events).toContain(adminEmail)
    expect(events).toContain(email)
    expect(events).toContain('New in Stockholm')
    expect(events).toContain(nb['admin.action.grant'])
  })

  it('revokes after a question, and the console is gone', async () => {
    const { person: admin } = await account(['admin'])
    const { person: staff, email } = await account(['staff'])
    await env.DB.prepare(`UPDATE users SET staff_country = 'NO' WHERE email = ?1`).bind(email).run()
    const userId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: string }>())
      ?.id
    const question = decode(await (await admin.request(`/no/admin?confirm=revoke&user=${userId}`)).text())
    expect(question).toContain(nb['admin.revoke.confirm'].replace('{email}', email))
    const res = await admin.postForm('/no/admin', { intent: 'revoke', userId: userId ?? '', note: 'Left the company' })
    expect(res.status).toBe(303)
    expect(await rolesOf(email)).toEqual({ roles: '[]', country: null })
    expect((await staff.request('/no/staff')).status).toBe(404)
    expect(decode(await (await admin.request('/no/admin')).text())).toContain('Left the company')
  })

  it('says which field is wrong, in the site’s language, and grants nothing to an unknown address', async () => {
    const { person: admin } = await account(['admin'])
    const invalid = await admin.postForm('/no/admin', { intent: 'grant', email: 'x@', country: 'XX' })
    expect(invalid.status).toBe(422)
    const html = decode(await invalid.text())
    expect(html).toContain(nb['validation.invalid'].replace('{label}', nb['field.email']))
    expect(html).toContain(nb['validation.select'].replace('{label}', nb['admin.field.countryLabel']))
    const unknown = await admin.postForm('/no/admin', { intent: 'grant', email: uniqueEmail('nobody'), country: 'NO' })
    expect(unknown.status).toBe(422)
    expect(decode(await unknown.text())).toContain(nb['admin.error.noAccount'])
  })

  it('refuses a staff member granting or revoking, and a post without its anti-forgery token', async () => {
    const { person: staff } = await account(['staff'])
    const { email } = await account()
    const res = await staff.postForm('/no/admin', { intent: 'grant', email, country: 'NO' }, '/no/user-center/profile')
    expect(res.status).toBe(404)
    expect(await rolesOf(email)).toEqual({ roles: '[]', country: null })
    const { person: admin } = await account(['admin'])
    const forged = await admin.request('/no/admin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'grant', email, country: 'NO' }).toString(),
    })
    expect(forged.status).toBe(403)
  })

  it('gives staff access only to a confirmed address, and says why not', async () => {
    const { person: admin } = await account(['admin'])
    const { person: stranger, email } = await account(undefined, { confirmed: false })
    const res = await admin.postForm('/no/admin', { intent: 'grant', email, country: 'DK', note: '' })
    expect(res.status).toBe(422)
    expect(decode(await res.text())).toContain(nb['admin.error.unconfirmed'])
    expect(await rolesOf(email)).toEqual({ roles: '[]', country: null })
    expect((await stranger.request('/dk/staff')).status).toBe(404)
    const events = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM role_events WHERE target_id = (SELECT id FROM users WHERE email = ?1)',
    )
      .bind(email)
      .first<{ n: number }>()
    expect(events?.n).toBe(0)
  })

  it('opens the staff console only while the address is confirmed, checked on every request', async () => {
    const { person: admin } = await account(['admin'])
    const { person: staff, email } = await account(['staff'])
    await env.DB.prepare(`UPDATE users SET staff_country = 'DK' WHERE email = ?1`).bind(email).run()
    expect((await staff.request('/dk/staff')).status).toBe(200)
    expect(decode(await (await admin.request('/no/admin')).text())).toContain(nb['admin.staff.confirmed'])
    // A grant made before confirmation was required, or an address no longer confirmed: no access, same session.
    await env.DB.prepare('UPDATE users SET email_confirmed_at = NULL WHERE email = ?1').bind(email).run()
    expect((await staff.request('/dk/staff')).status).toBe(404)
    const list = decode(await (await admin.request('/no/admin')).text())
    const item = list.slice(list.lastIndexOf('<li', list.indexOf(email)), list.indexOf('</li>', list.indexOf(email)))
    expect(item).toContain(nb['admin.staff.unconfirmed'])
    expect(item).not.toContain(nb['admin.staff.confirmed'])
    // An admin needs a confirmed address too.
    const { person: unconfirmedAdmin } = await account(['admin'], { confirmed: false })
    expect((await unconfirmedAdmin.request('/no/admin')).status).toBe(404)
  })
})
