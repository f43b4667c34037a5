import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { chargerForm } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { deliverNotification } from './notifications'

const nb = CATALOGS['nb-NO']

async function person(staffCountry?: string) {
  const someone = visitor()
  const email = uniqueEmail(staffCountry ? 'staff' : 'kari')
  await someone.signUp('/no', { name: 'Kari Nordmann', email, password: 'correct horse battery' })
  if (staffCountry) {
    await env.DB.prepare(
      `UPDATE users SET roles = '["staff"]', email_confirmed_at = datetime('now'), staff_country = ?2 WHERE email = ?1`,
    )
      .bind(email, staffCountry)
      .run()
  }
  return { someone, email }
}

/** A signed-in customer's subscription request on /no; its result page's path. */
async function subscriptionRequest() {
  const { someone: customer, email } = await person()
  const res = await customer.postForm('/no/subscription', {
    firstName: 'Kari',
    lastName: 'Nordmann',
    zip: '0150',
    city: 'Oslo',
    street: 'Storgata 1',
    email,
    phone: '412 34 567',
    privacyAccepted: 'yes',
  })
  const path = res.headers.get('location') ?? ''
  const id = /result\/([\w-]{12})$/.exec(path)?.[1] ?? ''
  return { customer, email, path, id }
}

async function chargerEnquiry() {
  const { someone: customer, email } = await person()
  const res = await customer.postForm('/no/home-charger', chargerForm({ email }))
  const path = res.headers.get('location') ?? ''
  return { customer, email, path, id: /result\/([\w-]{12})$/.exec(path)?.[1] ?? '' }
}

const statusLine = (html: string) => /<h2 id="request-status">([^<]+)<\/h2>/.exec(html)?.[1]
const status = (key: keyof typeof nb) => nb['programs.request.status'].replace('{status}', nb[key])

describe('a subscription request after it is sent', () => {
  it('is moved along the lease statuses by the country’s staff, each move on the customer’s page and by e-mail', async () => {
    const { customer, email, path, id } = await subscriptionRequest()
    expect(statusLine(decode(await (await customer.request(path)).text()))).toBe(
      status('programs.status.subscription.requested'),
    )
    const { someone: staff } = await person('NO')
    const console = decode(await (await staff.request('/no/staff')).text())
    expect(console).toContain(nb['staff.requests.heading'])
    expect(console).toContain(email)
    const move = (to: string) =>
      staff.postForm(
        '/no/staff',
        { intent: 'request', kind: 'subscription', requestId: id, to },
        '/no/user-center/profile',
      )
    expect((await move('poPlaced')).status).toBe(303)
    expect((await move('allocated')).status).toBe(303)
    const page = decode(await (await customer.request(path)).text())
    expect(statusLine(page)).toBe(status('programs.status.subscription.allocated'))
    for (const key of [
      'programs.status.subscription.requested',
      'programs.status.subscription.poPlaced',
      'programs.status.subscription.allocated',
    ] as const)
      expect(page).toContain(`<span>${nb[key]}</span>`)
    expect(page).toContain(nb['order.financeApplication.byStore'].replace('{date}', ''))
    // Past allocation the customer cannot cancel online (SPEC §8).
    expect(page).toContain(nb['order.problem.leaseCancelFailed'])
    expect(page).not.toContain(nb['programs.request.cancel'])
    const mails = await env.DB.prepare(
      `SELECT id FROM notifications WHERE recipient = ?1 AND kind = 'programs.statusMail' ORDER BY created_at`,
    )
      .bind(email)
      .all<{ id: string }>()
    expect(mails.results).toHaveLength(2)
    expect(await deliverNotification(env, mails.results[1]?.id ?? '')).toBe('sent')
    const sent = await env.DB.prepare(`SELECT subject, body FROM mailbox WHERE recipient = ?1`).bind(email).first()
    const allocated = nb['programs.status.subscription.allocated']
    expect(sent).toEqual({
      subject: nb['programs.statusMail.subject'].replace('{status}', allocated),
      body: nb['programs.statusMail.body'].replace('{name}', 'Kari Nordmann').replace('{status}', allocated),
    })
  })

  it('refuses a move its status does not allow, and one repeated, recording one change', async () => {
    const { customer, path, id } = await subscriptionRequest()
    const { someone: staff } = await person('NO')
    const move = (to: string) =>
      staff.postForm(
        '/no/staff',
        { intent: 'request', kind: 'subscription', requestId: id, to },
        '/no/user-center/profile',
      )
    await move('delivered')
    await move('installed')
    await move('poPlaced')
    await move('poPlaced')
    expect(statusLine(decode(await (await customer.request(path)).text()))).toBe(
      status('programs.status.subscription.poPlaced'),
    )
    const events = await env.DB.prepare(`SELECT to_status FROM program_request_events WHERE request_id = ?1`)
      .bind(id)
      .all()
    expect(events.results).toEqual([{ to_status: 'poPlaced' }])
  })

  it('is not another country’s staff’s to move', async () => {
    const { customer, path, id } = await subscriptionRequest()
    const { someone: swedishStaff } = await person('SE')
    const res = await swedishStaff.postForm(
      '/se/staff',
      { intent: 'request', kind: 'subscription', requestId: id, to: 'poPlaced' },
      '/se/trade-in',
    )
    expect(res.status).toBe(404)
    expect(statusLine(decode(await (await customer.request(path)).text()))).toBe(
      status('programs.status.subscription.requested'),
    )
  })

  it('can be cancelled by the customer who sent it, after a confirmation question, without JavaScript', async () => {
    const { customer, email, path } = await subscriptionRequest()
    const page = decode(await (await customer.request(path)).text())
    const link = new RegExp(`href="(${path}\\?confirm=cancel)"`).exec(page)?.[1] ?? ''
    expect(link).not.toBe('')
    const question = decode(await (await customer.request(link)).text())
    expect(question).toContain(nb['programs.request.cancelConfirm'])
    const done = await customer.postForm(path, { intent: 'cancel', confirmed: 'yes' }, link)
    expect(done.status).toBe(303)
    const after = decode(await (await customer.request(path)).text())
    expect(statusLine(after)).toBe(status('programs.status.subscription.requestCancelled'))
    expect(after).toContain(nb['order.financeApplication.byYou'].replace('{date}', ''))
    expect(after).not.toContain(nb['programs.request.cancel'])
    // A retried "yes" changes nothing more.
    expect((await customer.postForm(path, { intent: 'cancel', confirmed: 'yes' }, '/no/subscription')).status).toBe(303)
    const mails = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM notifications WHERE recipient = ?1 AND kind = 'programs.statusMail'`,
    )
      .bind(email)
      .first()
    expect(mails).toEqual({ n: 1 })
  })

  it('cannot be cancelled by someone else who has its address', async () => {
    const { customer, path } = await subscriptionRequest()
    const { someone: other } = await person()
    const page = decode(await (await other.request(`${path}?confirm=cancel`)).text())
    expect(page).not.toContain(nb['programs.request.cancelConfirm'])
    expect(page).not.toContain(nb['programs.request.cancel'])
    await other.postForm(path, { intent: 'cancel', confirmed: 'yes' }, '/no/subscription')
    expect(statusLine(decode(await (await customer.request(path)).text()))).toBe(
      status('programs.status.subscription.requested'),
    )
  })

  it('is listed with its status on the customer’s profile', async () => {
    const { customer, path } = await subscriptionRequest()
    const profile = decode(await (await customer.request('/no/user-center/profile')).text())
    expect(profile).toContain(nb['profile.requests'])
    expect(profile).toContain(`href="${path}"`)
    expect(profile).toContain(nb['programs.status.subscription.requested'])
  })
})

describe('a home-charger enquiry after it is sent', () => {
  it('goes received → contacted → installation booked → installed, shown to the customer', async () => {
    const { customer, path, id } = await chargerEnquiry()
    expect(statusLine(decode(await (await customer.request(path)).text()))).toBe(
      status('programs.status.charger.received'),
    )
    const { someone: staff } = await person('NO')
    for (const to of ['contacted', 'installationBooked', 'installed'])
      await staff.postForm(
        '/no/staff',
        { intent: 'request', kind: 'charger', requestId: id, to },
        '/no/user-center/profile',
      )
    const page = decode(await (await customer.request(path)).text())
    expect(statusLine(page)).toBe(status('programs.status.charger.installed'))
    // An enquiry is closed by the installer, never cancelled online.
    expect(page).not.toContain(nb['programs.request.cancel'])
    const profile = decode(await (await customer.request('/no/user-center/profile')).text())
    expect(profile).toContain(`href="${path}"`)
    expect(profile).toContain(nb['programs.status.charger.installed'])
  })
})

describe('a test-drive booking after it is made', () => {
  const sv = CATALOGS['sv-SE']
  const STORE = 'se-stockholm-sveavagen'
  const svStatus = (key: keyof typeof sv) => sv['programs.request.status'].replace('{status}', sv[key])

  async function freeSlots() {
    const res = await visitor().request(`/api/v1/stores/${STORE}/slots?site=/se`)
    return ((await res.json()) as { slots: { start: string; available: number }[] }).slots
  }

  async function book(slotStart: string) {
    const customer = visitor()
    const email = uniqueEmail('greta')
    await customer.signUp('/se', { name: 'Greta Garbo', email, password: 'correct horse battery' })
    const res = await customer.postForm('/se/test-drive/p5', {
      storeId: STORE,
      modelCode: 'p5',
      slotStart,
      name: 'Greta Garbo',
      email,
      phone: '070-123 45 67',
      privacyAccepted: 'yes',
    })
    const path = res.headers.get('location') ?? ''
    return { customer, email, res, path, id: /booking=([\w-]{12})/.exec(path)?.[1] ?? '' }
  }

  const swedishStaff = async () => (await person('SE')).someone

  it('waits for the store, which confirms it: the customer sees it and gets an e-mail', async () => {
    const [slot] = await freeSlots()
    const { customer, email, path, id } = await book(slot?.start ?? '')
    const before = decode(await (await customer.request(path)).text())
    expect(statusLine(before)).toBe(svStatus('programs.status.testDrive.requested'))
    expect(before).toContain(sv['testDrive.note.notGuaranteed'])
    const staff = await swedishStaff()
    const console = decode(await (await staff.request('/se/staff')).text())
    expect(console).toContain(sv['staff.requests.kind.testDrive'])
    expect(console).toContain('Nordvolt Stockholm')
    // The slot with its weekday, date and time, then the store.
    expect(console).toMatch(
      /(?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag) \d{1,2} [a-zå-ö]+ \d{4} · \d\d:\d\d, Nordvolt Stockholm/,
    )
    await staff.postForm(
      '/se/staff',
      { intent: 'request', kind: 'testDrive', requestId: id, to: 'confirmed' },
      '/se/user-center/profile',
    )
    const after = decode(await (await customer.request(path)).text())
    expect(statusLine(after)).toBe(svStatus('programs.status.testDrive.confirmed'))
    expect(after).not.toContain(sv['testDrive.note.notGuaranteed'])
    const mail = await env.DB.prepare(
      `SELECT payload FROM notifications WHERE recipient = ?1 AND kind = 'programs.statusMail'`,
    )
      .bind(email)
      .first<{ payload: string }>()
    expect(JSON.parse(mail?.payload ?? '{}')).toMatchObject({ statusKey: 'programs.status.testDrive.confirmed' })
    const profile = decode(await (await customer.request('/se/user-center/profile')).text())
    expect(profile).toContain(`href="/se/test-drive-result?booking=${id}"`)
    expect(profile).toContain(sv['programs.status.testDrive.confirmed'])
  })

  it('can be cancelled by its customer, which frees the time for someone else', async () => {
    const slot = (await freeSlots()).find((s) => s.available > 0 && s.available <= 3) ?? (await freeSlots())[1]
    const start = slot?.start ?? ''
    const places = slot?.available ?? 0
    const bookings = []
    for (let i = 0; i < places; i++) bookings.push(await book(start))
    expect((await freeSlots()).find((s) => s.start === start)?.available ?? 0).toBe(0)
    expect((await book(start)).res.status).not.toBe(303)
    const first = bookings[0]
    if (!first) throw new Error('no place to book in the chosen slot')
    const link = `${first.path}&confirm=cancel`
    expect(decode(await (await first.customer.request(link)).text())).toContain(sv['programs.testDrive.cancelConfirm'])
    const cancelled = await first.customer.postForm(first.path, { intent: 'cancel', confirmed: 'yes' }, link)
    expect(cancelled.status).toBe(303)
    expect(statusLine(decode(await (await first.customer.request(first.path)).text()))).toBe(
      svStatus('programs.status.testDrive.cancelled'),
    )
    expect((await freeSlots()).find((s) => s.start === start)?.available).toBe(1)
    expect((await book(start)).res.status).toBe(303)
  })
})

describe('a request’s result page belongs to the customer who made it', () => {
  it('shows a signed-in customer’s enquiry, with their e-mail, to them only: anyone else gets 404', async () => {
    const { customer, email, path } = await chargerEnquiry()
    const own = decode(await (await customer.request(path)).text())
    expect(own).toContain(nb['charger.result.mail'].replace('{email}', email))
    const { someone: other } = await person()
    for (const stranger of [other, visitor()]) {
      const res = await stranger.request(path)
      expect(res.status).toBe(404)
      expect(decode(await res.text())).not.toContain(email)
    }
  })

  it('shows a signed-in customer’s subscription request to them only', async () => {
    const { customer, email, path } = await subscriptionRequest()
    expect((await customer.request(path)).status).toBe(200)
    const { someone: other } = await person()
    for (const stranger of [other, visitor()]) {
      const res = await stranger.request(path)
      expect(res.status).toBe(404)
      expect(decode(await res.text())).not.toContain(email)
    }
  })
})

describe('the country chooser of a request’s result page', () => {
  /** The chooser's links: each site's address. */
  const chooserLinks = (html: string) =>
    [...(/<ul class="chooser__list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    )

  it('links the request on its own site only, every other site’s home, and no address that answers 404', {
    timeout: 60_000,
  }, async () => {
    for (const made of [await chargerEnquiry(), await subscriptionRequest()]) {
      const html = await (await made.customer.request(made.path)).text()
      const links = chooserLinks(html)
      expect(links).toHaveLength(13)
      expect(links).toContain(made.path)
      expect(links).toContain('/se')
      expect(links).toContain('/be/fr-BE')
      expect(links.filter((href) => href.includes('/result/'))).toEqual([made.path])
      for (const href of links) expect((await made.customer.request(href)).status, href).toBe(200)
    }
  })

  it('links every site’s home from an error page, whose address answers nothing elsewhere', async () => {
    const html = await (await visitor().request('/de/no-such-page')).text()
    expect(chooserLinks(html)).toEqual(
      expect.arrayContaining(['/', '/no', '/se', '/de', '/be/nl-BE', '/be/fr-BE', '/at']),
    )
    expect(chooserLinks(html).some((href) => href.includes('no-such-page'))).toBe(false)
  })
})
