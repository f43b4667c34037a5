import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { signedUp } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { createStore } from '../store'

const sv = CATALOGS['sv-SE']
const GOTEBORG = 'se-goteborg-avenyn'
const SWEDISH_WEEKDAY = '(?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)'

/** Free slots of a store, from the API. */
async function slots(storeId: string, site = '/se') {
  const res = await visitor().request(`/api/v1/stores/${storeId}/slots?site=${site}`)
  return ((await res.json()) as { slots: { start: string; localDate: string; localTime: string; available: number }[] })
    .slots
}

function bookingForm(overrides: Record<string, string> = {}) {
  return {
    storeId: GOTEBORG,
    modelCode: 'p5',
    name: 'Greta Garbo',
    email: 'greta@example.com',
    phone: '070-123 45 67',
    privacyAccepted: 'yes',
    ...overrides,
  }
}

describe('the booking page', () => {
  it('offers the stores of the site, the slots of the chosen store and the not-guaranteed note', async () => {
    const html = decode(await (await visitor().request(`/se/test-drive/p5?store=${GOTEBORG}`)).text())
    expect(html).toContain('Göteborg')
    expect(html).toMatch(new RegExp(`<option value="${GOTEBORG}" selected`))
    expect(html).toContain('<select id="slot-select"')
    expect(html).toContain(sv['testDrive.note.notGuaranteed'])
  })

  it('names each slot by its weekday and date in the language, Icelandic too (data the runtime lacks)', async () => {
    const swedish = decode(await (await visitor().request(`/se/test-drive/p5?store=${GOTEBORG}`)).text())
    expect(swedish).toMatch(new RegExp(`<option value="[^"]+">${SWEDISH_WEEKDAY} \\d{1,2} [a-zå-ö]+ · \\d\\d:\\d\\d`))
    const icelandic = decode(await (await visitor().request('/is/test-drive/p5')).text())
    expect(icelandic).toMatch(
      /<option value="[^"]+">(?:mánudagur|þriðjudagur|miðvikudagur|fimmtudagur|föstudagur|laugardagur|sunnudagur), \d{1,2}\. [a-zá-þ]+ · \d\d:\d\d/,
    )
  })
})

describe('stores and slots', () => {
  it('finds the nearest store to a location, distance computed on the server', async () => {
    const res = await visitor().api('/api/v1/stores/nearest', { site: '/se', lat: 57.7, lon: 11.97 })
    const body = (await res.json()) as { stores: { id: string; distanceKm: number }[] }
    expect(body.stores[0]).toMatchObject({ id: GOTEBORG })
    expect(body.stores[0]?.distanceKm).toBeLessThan(2)
    expect(body.stores.map((s) => s.distanceKm)).toEqual(
      [...body.stores.map((s) => s.distanceKm)].sort((a, b) => a - b),
    )
  })

  it('refuses an impossible location', async () => {
    expect((await visitor().api('/api/v1/stores/nearest', { site: '/se', lat: 123, lon: 0 })).status).toBe(422)
  })

  it('offers slots from the store’s opening hours, after the lead time, within two weeks', async () => {
    const list = await slots(GOTEBORG)
    expect(list.length).toBeGreaterThan(10)
    const now = Date.now()
    for (const slot of list) {
      expect(Date.parse(slot.start)).toBeGreaterThan(now + 23 * 3_600_000)
      expect(Date.parse(slot.start)).toBeLessThan(now + 16 * 86_400_000)
      expect(slot.available).toBeGreaterThan(0)
    }
  })
})

describe('booking a test drive', () => {
  it('books a slot and confirms it with the store and local time', async () => {
    const [slot] = await slots(GOTEBORG)
    const person = visitor()
    const res = await person.postForm('/se/test-drive/p5', bookingForm({ slotStart: slot?.start ?? '' }))
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/se\/test-drive-result\?booking=[\w-]{12}$/)
    const result = decode(await (await person.request(location)).text())
    expect(result).toContain('Nordvolt Göteborg')
    // The slot in full, as the store's wall clock reads it: weekday, date with its year, and time.
    const [year, , day] = (slot?.localDate ?? '').split('-').map(Number)
    expect(result).toMatch(
      new RegExp(`Göteborg[^<]*, ${SWEDISH_WEEKDAY} ${day} [a-zå-ö]+ ${year} kl\\. ${slot?.localTime}<`),
    )
    const outbox = await env.DB.prepare(`SELECT kind FROM notifications WHERE recipient = 'greta@example.com'`).all()
    expect(outbox.results.length).toBeGreaterThan(0)
  })

  it('shows field-level messages in Swedish and books nothing for invalid input', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM test_drive_bookings').first<{ n: number }>()
    const [slot] = await slots(GOTEBORG)
    const res = await visitor().postForm(
      '/se/test-drive/p5',
      bookingForm({ slotStart: slot?.start ?? '', phone: '12', email: 'x@', privacyAccepted: '' }),
    )
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(sv['testDrive.problem.privacyRequired'])
    expect(html).toMatch(/id="test-drive-phone"[^>]*aria-invalid="true"/)
    expect(html).toContain('value="Greta Garbo"')
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM test_drive_bookings').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('books once when the same form is sent twice', async () => {
    const [, slot] = await slots(GOTEBORG)
    const person = visitor()
    const idempotencyKey = `key-${crypto.randomUUID()}`
    const form = bookingForm({ slotStart: slot?.start ?? '', idempotencyKey })
    const first = await person.postForm('/se/test-drive/p5', form)
    const second = await person.postForm('/se/test-drive/p5', form)
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM test_drive_bookings WHERE idempotency_key = ?1')
      .bind(idempotencyKey)
      .first<{ n: number }>()
    expect(count?.n).toBe(1)
  })

  it('never overbooks the last places when bookings arrive at once', async () => {
    const list = await slots(GOTEBORG)
    const slot = list.at(-1)
    const capacity = slot?.available ?? 0
    const people = Array.from({ length: capacity + 3 }, () => visitor())
    const responses = await Promise.all(
      people.map((person) =>
        person.postForm('/se/test-drive/p5', bookingForm({ slotStart: slot?.start ?? '', email: uniqueEmail('rush') })),
      ),
    )
    const booked = responses.filter((r) => r.status === 303).length
    const refused = responses.filter((r) => r.status === 409 || r.status === 422).length
    expect(booked).toBe(capacity)
    expect(refused).toBe(3)
    const rows = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM test_drive_bookings WHERE store_id = ?1 AND slot_start = ?2',
    )
      .bind(GOTEBORG, slot?.start ?? '')
      .first<{ n: number }>()
    expect(rows?.n).toBe(capacity)
  })

  it('shows a place taken elsewhere within 20 s, and at once to a visitor who has just booked', async () => {
    const store = 'se-malmo-sodra-forstadsgatan'
    const person = visitor()
    const [mine, , theirs] = await slots(store)
    expect(
      (await person.postForm('/se/test-drive/p5', bookingForm({ storeId: store, slotStart: mine?.start ?? '' })))
        .status,
    ).toBe(303)
    // Another visitor's read keeps the slots for this isolate; then the last places of a slot go in another isolate.
    expect((await slots(store)).some((slot) => slot.start === theirs?.start)).toBe(true)
    for (let i = 0; i < (theirs?.available ?? 0); i++) {
      await env.DB.prepare(
        `INSERT INTO test_drive_bookings (id, idempotency_key, country_code, store_id, slot_start, model_code, name,
           email, phone, locale, privacy_accepted_at, created_at)
         VALUES (?1, ?1, 'SE', ?2, ?3, 'p5', 'Elsewhere', 'elsewhere@example.se', '+46701234567', 'sv-SE', ?4, ?4)`,
      )
        .bind(`elsewhere-${i}-${Date.now()}`, store, theirs?.start ?? '', new Date().toISOString())
        .run()
    }
    // Others see the slot until the isolate reads again (AVAILABILITY_SECONDS); its booking would be refused.
    expect((await slots(store)).some((slot) => slot.start === theirs?.start)).toBe(true)
    // The visitor who booked carries their write's bookmark, and reads the bookings as they are now.
    const own = await person.request(`/api/v1/stores/${store}/slots?site=/se`)
    const ownSlots = ((await own.json()) as { slots: { start: string }[] }).slots
    expect(ownSlots.length).toBeGreaterThan(0)
    expect(ownSlots.some((slot) => slot.start === theirs?.start)).toBe(false)
    const refused = await visitor().postForm(
      '/se/test-drive/p5',
      bookingForm({ storeId: store, slotStart: theirs?.start ?? '', email: uniqueEmail('late') }),
    )
    expect([409, 422]).toContain(refused.status)
  })

  it('shows a signed-in visitor’s booking on their account page', async () => {
    const person = visitor()
    await person.signUp('/se', { name: 'Greta', email: uniqueEmail('greta'), password: 'correct horse battery' })
    const [slot] = await slots('se-malmo-sodra-forstadsgatan')
    await person.postForm(
      '/se/test-drive/p5',
      bookingForm({ storeId: 'se-malmo-sodra-forstadsgatan', slotStart: slot?.start ?? '' }),
    )
    expect(decode(await (await person.request('/se/user-center/profile')).text())).toContain('Nordvolt Malmö')
  })
})

/** Saves a Danish build and requests a quote for it: the build's id and the form's response. */
async function requestDanishQuote(person: ReturnType<typeof visitor>) {
  const saved = await person.postForm('/dk/configurator/p5', { configuration: 'version=long-range&paint=fjord-blue' })
  const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
  const res = await person.postForm(`/dk/configurator/test-drive-submission/quote/${id}`, {
    name: 'Karen Blixen',
    email: 'karen@example.com',
    phone: '20 12 34 56',
    storeId: 'dk-aarhus-aaboulevarden',
    privacyAccepted: 'yes',
  })
  return { id, res }
}

describe('requesting a quote', () => {
  it('stores the request with the itemised price of the configuration and confirms it', async () => {
    const person = visitor()
    const { id, res } = await requestDanishQuote(person)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/dk\/test-drive-result\?quote=[\w-]{12}$/)
    const html = decode(await (await person.request(res.headers.get('location') ?? '')).text())
    expect(html).toContain(CATALOGS['da-DK']['quote.received.heading'])
    const row = await env.DB.prepare('SELECT price, phone FROM quote_requests WHERE configuration_id = ?1')
      .bind(id)
      .first<{ price: string; phone: string }>()
    expect(JSON.parse(row?.price ?? '{}')).toMatchObject({ currency: 'DKK', totalInclVat: expect.any(Number) })
    expect(row?.phone).toBe('+4520123456')
  })

  it('tells what happens next with the reference and links back to the build, on its own country only', async () => {
    const person = visitor()
    const { id, res } = await requestDanishQuote(person)
    const location = res.headers.get('location') ?? ''
    const reference = new URL(location, 'http://local.test').searchParams.get('quote') ?? ''
    const html = decode(await (await person.request(location)).text())
    const da = CATALOGS['da-DK']
    expect(html).toContain(da['quote.received.nextHeading'])
    expect(html).toContain(da['quote.received.reference'].replace('{reference}', reference))
    expect(html).toContain(`href="/dk/configurator/overview/${id}"`)
    expect(html).toContain(`href="/dk/configurator/test-drive-submission/${id}"`)
    // Another country's site does not find it: no reference, no build.
    const page = decode(await (await person.request(`/se/test-drive-result?quote=${reference}`)).text())
    // The main content only: the page's own links (sign-in, cookie settings) carry its address.
    const elsewhere = /<main[\s\S]*<\/main>/.exec(page)?.[0] ?? ''
    expect(elsewhere).toContain(CATALOGS['sv-SE']['quote.received.nextHeading'])
    expect(elsewhere).not.toContain(reference)
    expect(elsewhere).not.toContain(id)
  })

  it("shows a signed-in customer's quote request to them only", async () => {
    const { someone } = await signedUp('/dk', 'Karen Blixen')
    const { id, res } = await requestDanishQuote(someone)
    const location = res.headers.get('location') ?? ''
    const reference = new URL(location, 'http://local.test').searchParams.get('quote') ?? ''
    const own = decode(await (await someone.request(location)).text())
    expect(own).toContain(`href="/dk/configurator/overview/${id}"`)
    // Anyone else with the address: the general text, no reference and no build.
    const stranger = decode(await (await visitor().request(location)).text())
    const main = /<main[\s\S]*<\/main>/.exec(stranger)?.[0] ?? ''
    expect(main).toContain(CATALOGS['da-DK']['quote.received.nextHeading'])
    expect(main).not.toContain(reference)
    expect(main).not.toContain(id)
  })

  it('hands the confirmation e-mail it stored to the queue at once (not only to the outbox sweep)', async () => {
    const person = visitor()
    const saved = await person.postForm('/dk/configurator/p5', { configuration: 'version=long-range' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const { notificationId } = await createStore(env).testDrives.createQuoteRequest({
      idempotencyKey: `quote-${configurationId}`,
      configurationId,
      countryCode: 'DK',
      storeId: 'dk-aarhus-aaboulevarden',
      name: 'Karen Blixen',
      email: 'karen.queue@example.com',
      phone: '+4520123456',
      locale: 'da-DK',
      ownerId: null,
      price: {},
      consents: { privacy: new Date().toISOString(), marketing: null },
      now: new Date(),
    })
    const stored = await env.DB.prepare('SELECT kind FROM notifications WHERE id = ?1').bind(notificationId).first()
    expect(stored).toEqual({ kind: 'quoteRequested' })
  })

  it('asks for the privacy consent and a valid phone number', async () => {
    const person = visitor()
    const saved = await person.postForm('/dk/configurator/p5', { configuration: 'version=long-range' })
    const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const res = await person.postForm(`/dk/configurator/test-drive-submission/quote/${id}`, {
      name: 'Karen',
      email: 'karen@example.com',
      phone: 'abc',
    })
    expect(res.status).toBe(422)
    expect(decode(await res.text())).toContain(CATALOGS['da-DK']['quote.problem.privacyRequired'])
  })
})
