import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { payOrder } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { MARKETING_CONSENT_VERSION } from '../domain/privacy/erasure'
import { CATALOGS } from '../i18n/catalogs'

const PASSWORD = 'correct horse battery'
const nl = CATALOGS['nl-NL']

/** A Dutch customer with a paid order, whose personal details are all distinctive (to find them in any table). */
async function customerWithOrder() {
  // Letters only: names and streets are checked like real ones.
  const tag = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  const person = visitor()
  const email = uniqueEmail(`privacy${tag}`)
  const details = {
    name: `Zebulon Quark${tag}`,
    orderEmail: `order.${tag}@example.com`,
    lastName: `Quark${tag}`,
    street: `Kwarkstraat${tag} 12`,
    phone: `06 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`,
  }
  expect((await person.signUp('/nl', { name: details.name, email, password: PASSWORD })).status).toBe(303)
  const saved = await person.postForm('/nl/configurator/p5', {
    configuration: 'version=standard-range&paint=graphite-grey',
  })
  const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
  const placed = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, {
    kind: 'order',
    firstName: 'Zebulon',
    lastName: details.lastName,
    zip: '3511 AB',
    city: 'Utrecht',
    street: details.street,
    email: details.orderEmail,
    phone: details.phone,
    usage: 'personal',
    financePreference: 'cash',
    terms: 'yes',
    orderAgreement: 'yes',
  })
  const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
  expect(orderId, await placed.clone().text()).not.toBe('')
  await payOrder(person, '/nl', orderId)
  const order = await env.DB.prepare('SELECT number FROM orders WHERE id = ?1')
    .bind(orderId)
    .first<{ number: string }>()
  return { person, email, details, orderId, configurationId, number: order?.number ?? '' }
}

/**
 * Every table and column in which any of the strings still appears, as `table.column`. The payment stand-in's tables
 * are the provider's records (Stripe keeps its own, as a processor), not the storefront's.
 */
async function findEverywhere(needles: readonly string[]): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'
       AND name NOT LIKE 'stand_in_%'`,
  ).all<{ name: string }>()
  const found: string[] = []
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>()
    for (const row of results) {
      for (const [column, value] of Object.entries(row)) {
        const text = String(value ?? '').toLowerCase()
        if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(`${name}.${column}`)
      }
    }
  }
  return [...new Set(found)]
}

describe('the privacy page (/user-center/privacy)', () => {
  it('sends anonymous visitors to sign in and back', async () => {
    const res = await visitor().request('/nl/user-center/privacy')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/nl/auth?frontRedirect=%2Fnl%2Fuser-center%2Fprivacy')
  })

  it('is linked from the profile and links to the privacy policy', async () => {
    const person = visitor()
    await person.signUp('/nl', { name: 'Ada', email: uniqueEmail(), password: PASSWORD })
    expect(await (await person.request('/nl/user-center/profile')).text()).toContain('href="/nl/user-center/privacy"')
    const html = decode(await (await person.request('/nl/user-center/privacy')).text())
    expect(html).toContain(nl['page.privacy.heading'])
    expect(html).toContain('href="/nl/policy"')
    expect(html).toContain('href="/nl/user-center/privacy/export"')
  })
})

describe('downloading one’s data', () => {
  it('gives the signed-in customer a JSON file with their account, consents, the order placed and its e-mails', async () => {
    const { person, email, number, orderId, configurationId } = await customerWithOrder()
    await person.postForm('/nl/user-center/privacy', { intent: 'marketing', marketing: 'yes' })
    const res = await person.request('/nl/user-center/privacy/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="nordvolt-data-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const data = (await res.json()) as {
      account: { email: string }
      consents: { marketing: { granted: number; textVersion: string }[]; orders: { orderId: string }[] }
      orders: { id: string; number: string; payments: { outcome: string }[]; personal: { street: string } }[]
      savedBuilds: { id: string }[]
      emails: { kind: string }[]
    }
    expect(data.account.email).toBe(email)
    expect(data.orders.map((o) => o.number)).toEqual([number])
    expect(data.orders[0]?.id).toBe(orderId)
    expect(data.orders[0]?.payments.length).toBeGreaterThan(0)
    expect(data.savedBuilds.map((b) => b.id)).toContain(configurationId)
    expect(data.consents.marketing).toEqual([
      expect.objectContaining({ granted: 1, textVersion: MARKETING_CONSENT_VERSION }),
    ])
    expect(data.consents.orders[0]?.orderId).toBe(orderId)
    expect(data.emails.map((m) => m.kind)).toContain('orderPlaced')
    const text = JSON.stringify(data)
    expect(text).not.toMatch(/password_hash|passwordHash|refresh_hash|token_hash/)
  })

  it('never holds another customer’s data', async () => {
    const first = await customerWithOrder()
    const other = visitor()
    await other.signUp('/nl', { name: 'Other', email: uniqueEmail('other'), password: PASSWORD })
    const text = await (await other.request('/nl/user-center/privacy/export')).text()
    expect(text).not.toContain(first.number)
    expect(text).not.toContain(first.details.orderEmail)
  })

  it('sends anonymous visitors to sign in', async () => {
    const res = await visitor().request('/de/user-center/privacy/export')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/de/auth?frontRedirect=%2Fde%2Fuser-center%2Fprivacy%2Fexport')
  })
})

describe('marketing consent', () => {
  it('is given and withdrawn, each change recorded with the text version and time', async () => {
    const person = visitor()
    const email = uniqueEmail('marketing')
    await person.signUp('/nl', { name: 'Mia', email, password: PASSWORD })
    expect(await (await person.request('/nl/user-center/privacy')).text()).not.toMatch(
      /id="privacy-marketing-consent"[^>]*checked/,
    )
    const given = await person.postForm('/nl/user-center/privacy', { intent: 'marketing', marketing: 'yes' })
    expect(given.status).toBe(303)
    const page = decode(await (await person.request(given.headers.get('location') ?? '')).text())
    expect(page).toContain(nl['privacy.marketing.saved'])
    expect(page).toMatch(/id="privacy-marketing-consent"[^>]*checked/)
    // The same choice again records nothing new; withdrawing does.
    await person.postForm('/nl/user-center/privacy', { intent: 'marketing', marketing: 'yes' })
    await person.postForm('/nl/user-center/privacy', { intent: 'marketing' })
    const { results } = await env.DB.prepare(
      `SELECT granted, text_version AS version FROM account_consents
       WHERE user_id = (SELECT id FROM users WHERE email = ?1) ORDER BY at, rowid`,
    )
      .bind(email)
      .all<{ granted: number; version: string }>()
    expect(results).toEqual([
      { granted: 1, version: MARKETING_CONSENT_VERSION },
      { granted: 0, version: MARKETING_CONSENT_VERSION },
    ])
  })

  it('refuses a post without its anti-forgery token', async () => {
    const person = visitor()
    await person.signUp('/nl', { name: 'Mia', email: uniqueEmail(), password: PASSWORD })
    const res = await person.request('/nl/user-center/privacy', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'marketing', marketing: 'yes' }).toString(),
    })
    expect(res.status).toBe(403)
  })
})

describe('deleting the account', () => {
  it('asks for confirmation with the password, and a wrong password changes nothing', async () => {
    const { person, email } = await customerWithOrder()
    const question = decode(await (await person.request('/nl/user-center/privacy?confirm=delete')).text())
    expect(question).toContain(nl['privacy.delete.confirm'])
    const wrong = await person.postForm(
      '/nl/user-center/privacy',
      { intent: 'delete', password: 'not my password' },
      '/nl/user-center/privacy?confirm=delete',
    )
    expect(wrong.status).toBe(422)
    expect(decode(await wrong.text())).toContain(nl['password.error.wrong'])
    const empty = await person.postForm('/nl/user-center/privacy', { intent: 'delete', password: '' })
    expect(empty.status).toBe(422)
    expect(decode(await empty.text())).toContain(nl['validation.required'].replace('{label}', nl['field.password']))
    expect((await visitor().signIn('/nl', { email, password: PASSWORD })).status).toBe(303)
  })

  it('erases the personal data from every table and e-mail copy, keeps the order anonymised, and signs out everywhere', async () => {
    const { person, email, details, orderId, number } = await customerWithOrder()
    const elsewhere = visitor()
    expect((await elsewhere.signIn('/nl', { email, password: PASSWORD })).status).toBe(303)
    // A reset e-mail and a marketing consent: both must go as well.
    await visitor().postForm('/nl/auth/reset', { intent: 'request', email })
    await person.postForm('/nl/user-center/privacy', { intent: 'marketing', marketing: 'yes' })
    const needles = [
      email,
      details.orderEmail,
      details.name,
      details.lastName,
      details.street,
      `+316${details.phone.slice(3)}`,
    ]
    for (const needle of needles) expect((await findEverywhere([needle])).length, needle).toBeGreaterThan(0)

    const res = await person.postForm('/nl/user-center/privacy', { intent: 'delete', password: PASSWORD })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/nl/user-center/privacy?deleted=1')
    const done = decode(await (await person.request(res.headers.get('location') ?? '')).text())
    expect(done).toContain(nl['privacy.deleted.heading'])

    expect(await findEverywhere(needles)).toEqual([])
    // Signed out here and everywhere; the account cannot be signed in to again.
    expect((await person.request('/nl/user-center/profile')).status).toBe(302)
    expect((await elsewhere.request('/nl/user-center/profile')).status).toBe(302)
    const signIn = await visitor().signIn('/nl', { email, password: PASSWORD })
    expect(signIn.status).toBe(401)
    // The order is kept, as the law requires: number, amounts and payments, without the person.
    const order = await env.DB.prepare(
      `SELECT number, total_amount AS total, personal, personal_erased_at AS erasedAt,
         (SELECT COUNT(*) FROM payments WHERE order_id = ?1) AS payments FROM orders WHERE id = ?1`,
    )
      .bind(orderId)
      .first<{ number: string; total: number; personal: string | null; erasedAt: string | null; payments: number }>()
    expect(order).toMatchObject({ number, personal: null, erasedAt: expect.any(String) })
    expect(order?.total).toBeGreaterThan(0)
    expect(order?.payments).toBeGreaterThan(0)
  })

  it('shows the order to staff as anonymised', async () => {
    const { person, orderId, number, details } = await customerWithOrder()
    await person.postForm('/nl/user-center/privacy', { intent: 'delete', password: PASSWORD })
    const staff = visitor()
    const staffEmail = uniqueEmail('staff')
    await staff.signUp('/nl', { name: 'Sam Staff', email: staffEmail, password: PASSWORD })
    await env.DB.prepare(
      `UPDATE users SET roles = '["staff"]', email_confirmed_at = datetime('now'), staff_country = 'NL' WHERE email = ?1`,
    )
      .bind(staffEmail)
      .run()
    const html = decode(await (await staff.request('/nl/staff')).text())
    const row = new RegExp(`<tr[^>]*>(?:(?!</tr>).)*${number}(?:(?!</tr>).)*</tr>`, 's').exec(html)?.[0] ?? ''
    expect(row, orderId).toContain(nl['staff.orders.anonymised'])
    expect(html).not.toContain(details.lastName)
  })
})
