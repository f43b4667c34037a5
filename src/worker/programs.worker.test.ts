import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { chargerForm } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { deliverNotification } from './notifications'

const nb = CATALOGS['nb-NO']

describe('the home-charger enquiry', () => {
  it('asks contact, address, house type and installation window; the global site points to a country', async () => {
    const html = decode(await (await visitor().request('/no/home-charger')).text())
    for (const key of [
      'charger.label.houseType',
      'charger.label.installationWindow',
      'charger.houseType.terraced',
    ] as const)
      expect(html).toContain(nb[key])
    expect(html).toContain('name="idempotencyKey"')
    const global = await (await visitor().request('/home-charger')).text()
    expect(global).toContain('href="/no/home-charger"')
    expect(global).not.toContain('name="houseType"')
  })

  it('stores the enquiry, confirms it by e-mail in Norwegian and shows the success screen', async () => {
    const person = visitor()
    const email = `kari.${crypto.randomUUID()}@example.no`
    const res = await person.postForm('/no/home-charger', chargerForm({ email }))
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/no\/home-charger\/result\/[\w-]{12}$/)
    const html = decode(await (await person.request(location)).text())
    expect(html).toContain(nb['charger.result.heading'])
    // Its address is reachable by link: no personal data on it for a visitor without an account.
    expect(html).toContain(nb['charger.result.mailSent'])
    expect(html).not.toContain(email)
    const row = await env.DB.prepare('SELECT phone, zip, house_type FROM charger_enquiries WHERE email = ?1')
      .bind(email)
      .first()
    expect(row).toEqual({ phone: '+4741234567', zip: '0150', house_type: 'detached' })
    const mail = await env.DB.prepare(`SELECT id FROM notifications WHERE recipient = ?1 AND kind = 'charger.mail'`)
      .bind(email)
      .first<{ id: string }>()
    expect(await deliverNotification(env, mail?.id ?? '')).toBe('sent')
    const sent = await env.DB.prepare('SELECT subject, body FROM mailbox WHERE recipient = ?1').bind(email).first()
    expect(sent).toEqual({
      subject: nb['charger.mail.subject'],
      body: nb['charger.mail.body'].replace('{name}', 'Kari Nordmann'),
    })
  })

  it('stores a retried submission once, with one e-mail', async () => {
    const person = visitor()
    const idempotencyKey = `key-${crypto.randomUUID()}`
    const email = `retry.${crypto.randomUUID()}@example.no`
    const first = await person.postForm('/no/home-charger', chargerForm({ email, idempotencyKey }))
    const second = await person.postForm('/no/home-charger', chargerForm({ email, idempotencyKey }))
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    const counts = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM charger_enquiries WHERE idempotency_key = ?1) AS enquiries,
              (SELECT COUNT(*) FROM notifications WHERE recipient = ?2) AS mails`,
    )
      .bind(idempotencyKey, email)
      .first()
    expect(counts).toEqual({ enquiries: 1, mails: 1 })
  })

  it('keeps the values and names each problem, storing nothing', async () => {
    const email = `bad.${crypto.randomUUID()}@example.no`
    const res = await visitor().postForm(
      '/no/home-charger',
      chargerForm({ email, zip: '01500', houseType: '', privacyAccepted: '' }),
    )
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(nb['validation.invalid'].replace('{label}', nb['charger.field.zip']))
    expect(html).toContain(nb['validation.select'].replace('{label}', nb['charger.field.houseType']))
    expect(html).toContain(nb['charger.problem.privacyRequired'])
    expect(html).toContain('value="01500"')
    expect(html).toContain(`value="${email}"`)
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM charger_enquiries WHERE email = ?1')
      .bind(email)
      .first()
    expect(count).toEqual({ n: 0 })
  })
})

function subscriptionForm(overrides: Record<string, string> = {}) {
  return {
    firstName: 'Kari',
    lastName: 'Nordmann',
    zip: '0150',
    city: 'Oslo',
    street: 'Storgata 1',
    email: 'kari.sub@example.no',
    phone: '412 34 567',
    privacyAccepted: 'yes',
    ...overrides,
  }
}

describe('the subscription', () => {
  it('shows the Norwegian offer: price per month, term, mileage, total and services', async () => {
    const html = decode(await (await visitor().request('/no/subscription')).text())
    expect(html).toContain(
      nb['subscription.offer.monthly'].replace('{amount}', formatMoney({ amount: 799_500, currency: 'NOK' }, 'nb-NO')),
    )
    expect(html).toContain(formatMoney({ amount: 9_594_000, currency: 'NOK' }, 'nb-NO'))
    expect(html).toContain('12 måneder')
    expect(html).toContain(nb['subscription.service.winterTyres'])
  })

  it('says where there is none, and the global site points to a country', async () => {
    const fr = decode(await (await visitor().request('/fr/subscription')).text())
    expect(fr).toContain(CATALOGS['fr-FR']['subscription.none'])
    expect(fr).not.toContain('name="firstName"')
    expect((await visitor().postForm('/fr/subscription', subscriptionForm(), '/no/subscription')).status).toBe(400)
    expect(await (await visitor().request('/subscription')).text()).toContain('href="/no/subscription"')
  })

  it('stores a request with the personal details and the offer as shown, once per submission', async () => {
    const person = visitor()
    const idempotencyKey = `key-${crypto.randomUUID()}`
    const email = `sub.${crypto.randomUUID()}@example.no`
    const first = await person.postForm('/no/subscription', subscriptionForm({ email, idempotencyKey }))
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toMatch(/^\/no\/subscription\/result\/[\w-]{12}$/)
    const second = await person.postForm('/no/subscription', subscriptionForm({ email, idempotencyKey }))
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    const html = decode(await (await person.request(first.headers.get('location') ?? '')).text())
    expect(html).toContain(nb['subscription.result.heading'])
    const rows = await env.DB.prepare('SELECT personal, offer FROM subscription_requests WHERE idempotency_key = ?1')
      .bind(idempotencyKey)
      .all<{ personal: string; offer: string }>()
    expect(rows.results).toHaveLength(1)
    expect(JSON.parse(rows.results[0]?.personal ?? '{}')).toMatchObject({ phone: '+4741234567', usage: 'personal' })
    expect(JSON.parse(rows.results[0]?.offer ?? '{}')).toMatchObject({ monthlyPrice: 799_500, termMonths: 12 })
    const mails = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM notifications WHERE recipient = ?1 AND kind = 'subscription.mail'`,
    )
      .bind(email)
      .first()
    expect(mails).toEqual({ n: 1 })
  })

  it('checks the personal details with the order form’s rules', async () => {
    const res = await visitor().postForm(
      '/no/subscription',
      subscriptionForm({ zip: '015', lastName: '', privacyAccepted: '' }),
    )
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(nb['validation.invalid'].replace('{label}', nb['order.field.zip']))
    expect(html).toContain(nb['validation.required'].replace('{label}', nb['order.field.lastName']))
    expect(html).toContain(nb['subscription.problem.privacyRequired'])
    expect(html).toContain('value="015"')
  })
})
