import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { payOrder, SWEDISH_ORDER_FORM, valuedSwedishTradeIn } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'

const PASSWORD = 'correct horse battery'
const sv = CATALOGS['sv-SE']

async function swede() {
  const person = visitor()
  await person.signUp('/se', { name: 'Anna Berg', email: uniqueEmail('garage'), password: PASSWORD })
  return person
}

async function saveBuild(person: ReturnType<typeof visitor>, configuration = 'version=long-range&paint=fjord-blue') {
  const saved = await person.postForm('/se/configurator/p5', { configuration })
  return /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
}

const ORDER_FORM = SWEDISH_ORDER_FORM

const profileOf = async (person: ReturnType<typeof visitor>) =>
  decode(await (await person.request('/se/user-center/profile')).text())

describe('the garage on the profile', () => {
  it('shows each saved build with its picture, today’s price against the saved one, and open, order, delete', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    const row = await env.DB.prepare('SELECT saved_price FROM configurations WHERE id = ?1')
      .bind(id)
      .first<{ saved_price: string }>()
    const saved = JSON.parse(row?.saved_price ?? '{}') as { totalInclVat: number; currency: 'SEK' }
    let html = await profileOf(person)
    expect(html).toContain('class="car-render"')
    expect(html).toContain(formatMoney({ amount: saved.totalInclVat, currency: 'SEK' }, 'sv-SE'))
    expect(html).toContain(sv['profile.garage.same'])
    expect(html).toContain(`href="/se/configurator/overview/${id}"`)
    expect(html).toContain(`href="/se/configurator/info-submission/${id}"`)
    expect(html).toContain(`/se/user-center/profile?confirm=deleteBuild&build=${id}`)
    // Saved when the car cost 10 000 kr less: today's price is that much more.
    await env.DB.prepare('UPDATE configurations SET saved_price = ?2 WHERE id = ?1')
      .bind(id, JSON.stringify({ ...saved, totalInclVat: saved.totalInclVat - 1_000_000 }))
      .run()
    html = await profileOf(person)
    const difference = formatMoney({ amount: 1_000_000, currency: 'SEK' }, 'sv-SE')
    expect(html).toContain(sv['profile.garage.up'].replace('{amount}', difference))
    expect(html).toContain(formatMoney({ amount: saved.totalInclVat - 1_000_000, currency: 'SEK' }, 'sv-SE'))
  })

  it('deletes a build after a question, only the owner’s', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    const question = decode(
      await (await person.request(`/se/user-center/profile?confirm=deleteBuild&build=${id}`)).text(),
    )
    expect(question).toContain(sv['profile.garage.confirmDelete'])
    const stranger = await swede()
    const refused = await stranger.postForm('/se/user-center/profile', { intent: 'deleteBuild', build: id })
    expect(refused.status).toBe(404)
    expect(await env.DB.prepare('SELECT 1 FROM configurations WHERE id = ?1').bind(id).first()).not.toBeNull()
    const res = await person.postForm('/se/user-center/profile', { intent: 'deleteBuild', build: id })
    expect(res.status).toBe(303)
    expect(decode(await (await person.request(res.headers.get('location') ?? '')).text())).toContain(
      sv['profile.garage.deleted'],
    )
    expect(await env.DB.prepare('SELECT 1 FROM configurations WHERE id = ?1').bind(id).first()).toBeNull()
  })

  it('takes an ordered build off the account without deleting the car its order was made for', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    await person.postForm(`/se/configurator/info-submission/${id}`, ORDER_FORM)
    const res = await person.postForm('/se/user-center/profile', { intent: 'deleteBuild', build: id })
    expect(res.status).toBe(303)
    const row = await env.DB.prepare('SELECT owner_id AS ownerId FROM configurations WHERE id = ?1')
      .bind(id)
      .first<{ ownerId: string | null }>()
    expect(row).toEqual({ ownerId: null })
  })
})

describe('everything the customer started, on the profile', () => {
  it('lists orders by number with their status and next step: pay while unpaid, then cancel', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    const placed = await person.postForm(`/se/configurator/info-submission/${id}`, ORDER_FORM)
    const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    const number = (
      await env.DB.prepare('SELECT number FROM orders WHERE id = ?1').bind(orderId).first<{ number: string }>()
    )?.number
    expect(number).toBeTruthy()
    let html = await profileOf(person)
    expect(html).toContain(`href="/se/order/${orderId}"`)
    expect(html).toContain(`${sv['profile.orders.kind.order'].split(' ')[0]} ${number}`)
    expect(html).toContain(`href="/se/order/result-confirmation/${orderId}"`)
    expect(html).toContain(sv['profile.orders.pay'])
    await payOrder(person, '/se', orderId)
    html = await profileOf(person)
    expect(html).not.toContain(`href="/se/order/result-confirmation/${orderId}"`)
    expect(html).toContain(`href="/se/order/${orderId}?confirm=requestCancellation#confirm"`)
  })

  it('leads to the home charger and the subscription from the order and the profile', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    const placed = await person.postForm(`/se/configurator/info-submission/${id}`, ORDER_FORM)
    const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    for (const page of [`/se/order/${orderId}`, '/se/user-center/profile']) {
      const html = decode(await (await person.request(page)).text())
      expect(html, page).toContain('href="/se/home-charger"')
      expect(html, page).toContain('href="/se/subscription"')
      expect(html, page).toContain(sv['charger.heading'])
    }
  })

  it('lists quotes and trade-in valuations, and offers to book a cancelled test drive again', async () => {
    const person = await swede()
    const id = await saveBuild(person)
    await person.postForm(`/se/configurator/test-drive-submission/quote/${id}`, {
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone: '070 123 45 67',
      storeId: 'se-stockholm-sveavagen',
      privacyAccepted: 'yes',
    })
    const { valuationId } = await valuedSwedishTradeIn(person)
    expect(valuationId).not.toBe('')
    const user = await env.DB.prepare(`SELECT owner_id AS id FROM configurations WHERE id = ?1`)
      .bind(id)
      .first<{ id: string }>()
    await env.DB.prepare(
      `INSERT INTO test_drive_bookings (id, idempotency_key, country_code, store_id, slot_start, model_code, name, email,
         phone, locale, owner_id, privacy_accepted_at, created_at, status)
       VALUES (?1, ?1, 'SE', 'se-stockholm-sveavagen', '2026-12-01T10:00:00.000Z', 'p5', 'Anna Berg', 'anna@example.se',
         '+46701234567', 'sv-SE', ?2, ?3, ?3, 'cancelled')`,
    )
      .bind(`td-${valuationId}`, user?.id, new Date().toISOString())
      .run()
    const html = await profileOf(person)
    expect(html).toContain(sv['profile.quotes'])
    expect(html).not.toContain(sv['profile.quotes.empty'])
    expect(html).toContain(`href="/se/trade-in/result/${valuationId}"`)
    expect(html).toContain('ABC 123')
    expect(html).toContain(sv['profile.testDrives.again'])
    // The slot in full: the store, the weekday, the date and the time in the site's time zone.
    expect(html).toContain('>Nordvolt Stockholm, tisdag 1 december 2026 kl. 11:00<')
  })
})
