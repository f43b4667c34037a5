import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { SWEDISH_ORDER_FORM } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import type { StoreCountry } from '../domain/testdrive/phone'
import { PLATE_RULES } from '../domain/tradein/plates'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { SITES } from '../i18n/sites'

const sv = CATALOGS['sv-SE']
const TWO_YEARS_AGO = String(new Date().getUTCFullYear() - 2)

let serial = 0
/** A fresh VIN of the ISO 3779 alphabet for each test, so tests never share one. */
const newVin = () => `XNVP5AAA0R${String(Date.now() % 1e6).padStart(6, '0')}${serial++ % 10}`

function valuationForm(overrides: Record<string, string> = {}) {
  return {
    vin: newVin(),
    mileage: '40 000',
    plate: 'abc123',
    owner: 'Anna Berg',
    car: 'nordvolt/p5/p5-standard',
    year: TWO_YEARS_AGO,
    ...overrides,
  }
}

describe('the trade-in page', () => {
  it('asks VIN, mileage, plate, owner, car and year in the site’s language, with the plate format', async () => {
    const html = decode(await (await visitor().request('/se/trade-in')).text())
    for (const key of [
      'tradeIn.label.vin',
      'tradeIn.label.mileage',
      'tradeIn.label.plate',
      'tradeIn.label.car',
    ] as const)
      expect(html).toContain(sv[key])
    expect(html).toContain('ABC 123')
    expect(html).toContain('<optgroup label="Volkswagen">')
    expect(html).toContain(sv['tradeIn.finalPriceNote'].replace('{days}', '30'))
  })

  it('shows each country site its own plate format, in its own language', async () => {
    for (const site of SITES.filter((s) => s.canOrder)) {
      const html = decode(await (await visitor().request(`${site.prefix}/trade-in`)).text())
      expect(html, site.prefix).toContain(`<html lang="${site.locale}">`)
      expect(html, site.prefix).toContain(PLATE_RULES[site.countryCode as StoreCountry].example)
      expect(html, site.prefix).toContain(CATALOGS[site.locale]['tradeIn.label.plate'])
    }
  })

  it('sends the global site to a country', async () => {
    const html = await (await visitor().request('/trade-in')).text()
    expect(html).toContain(CATALOGS['en-US']['tradeIn.global.heading'])
    expect(html).toContain('href="/se/trade-in"')
    expect(html).not.toContain('name="vin"')
  })

  it('values a car, stores the estimate with the VIN and shows it with the 30-day validity', async () => {
    const person = visitor()
    const form = valuationForm()
    const res = await person.postForm('/se/trade-in', form)
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/se\/trade-in\/result\/[\w-]{12}$/)
    const html = decode(await (await person.request(location)).text())
    // 45 990 € × 73 % × 98 % × 11.2 = 368 493.95 kr, rounded down to 368 000 kr
    expect(html).toContain(formatMoney({ amount: 36_800_000, currency: 'SEK' }, 'sv-SE'))
    expect(html).toContain('Nordvolt P5 Standard Range')
    expect(html).toContain(form.vin)
    expect(html).toMatch(/30 dagar från besiktningen/)
    const row = await env.DB.prepare('SELECT estimate_amount, currency, plate FROM trade_in_valuations WHERE vin = ?1')
      .bind(form.vin)
      .first()
    expect(row).toEqual({ estimate_amount: 36_800_000, currency: 'SEK', plate: 'ABC 123' })
  })

  it('keeps the values and explains each problem in Swedish, storing nothing', async () => {
    const form = valuationForm({ vin: 'XNVP5AAAOR0000001', mileage: '040000', plate: 'AB-12-CD', car: '' })
    const res = await visitor().postForm('/se/trade-in', form)
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(sv['tradeIn.problem.vinLetters'])
    expect(html).toContain(sv['validation.invalid'].replace('{label}', sv['tradeIn.field.mileage']))
    expect(html).toContain(sv['validation.invalid'].replace('{label}', sv['tradeIn.field.plate']))
    expect(html).toContain(sv['validation.select'].replace('{label}', sv['tradeIn.field.car']))
    expect(html).toContain('value="XNVP5AAAOR0000001"')
    expect(html).toContain('value="AB-12-CD"')
    expect(html).toMatch(
      /id="tradein-vin"[^>]*aria-invalid="true"[^>]*aria-describedby="tradein-vin-hint tradein-vin-error"/,
    )
    const count = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM trade_in_valuations WHERE vin LIKE 'XNVP5AAAOR%'`,
    ).first()
    expect(count).toEqual({ n: 0 })
  })

  it('says it cannot value a car the model has no data for', async () => {
    const res = await visitor().postForm('/se/trade-in', valuationForm({ car: 'renault/zoe/zoe-r135' }))
    expect(res.status).toBe(503)
    expect(decode(await res.text())).toContain(sv['tradeIn.error.unavailable'])
  })

  it('lets its owner value the same car again; a second person gets their own record and changes nothing', async () => {
    const form = valuationForm()
    const anna = visitor()
    const first = await anna.postForm('/se/trade-in', form)
    const again = await anna.postForm('/se/trade-in', { ...form, mileage: '50000' })
    expect(again.headers.get('location')).toBe(first.headers.get('location'))
    // A stranger who read the VIN and the plate off the car: their own valuation, not Anna's overwritten.
    const stranger = visitor()
    const other = await stranger.postForm('/se/trade-in', { ...form, owner: 'Someone Else', mileage: '90000' })
    expect(other.status).toBe(303)
    expect(other.headers.get('location')).toMatch(/^\/se\/trade-in\/result\/[\w-]{12}$/)
    expect(other.headers.get('location')).not.toBe(first.headers.get('location'))
    const { results } = await env.DB.prepare(
      'SELECT owner_name, plate, mileage_km FROM trade_in_valuations WHERE vin = ?1 ORDER BY created_at, mileage_km',
    )
      .bind(form.vin)
      .all()
    expect(results).toEqual([
      { owner_name: 'Anna Berg', plate: 'ABC 123', mileage_km: 50_000 },
      { owner_name: 'Someone Else', plate: 'ABC 123', mileage_km: 90_000 },
    ])
  })

  it('shows a valuation to its owner only: anyone else with the link gets 404 and no VIN, plate or estimate', async () => {
    const form = valuationForm({ plate: 'DEF 456' })
    const anna = visitor()
    const result = (await anna.postForm('/se/trade-in', form)).headers.get('location') ?? ''
    expect((await anna.request(result)).status).toBe(200)
    for (const someone of [visitor(), visitor()]) {
      const res = await someone.request(result)
      expect(res.status).toBe(404)
      const html = decode(await res.text())
      expect(html).not.toContain(form.vin)
      expect(html).not.toContain('DEF 456')
      expect(html).not.toContain(formatMoney({ amount: 36_800_000, currency: 'SEK' }, 'sv-SE'))
    }
    // Knowing the id is not enough: a trade-in cookie naming it with another browser's key shows nothing.
    const id = result.split('/').pop() ?? ''
    const forged = await visitor().request(result, { headers: { cookie: `__Host-nv_tradein=${id}.${'A'.repeat(43)}` } })
    expect(forged.status).toBe(404)
    const summary = await visitor().request('/se/configurator/p5', {
      headers: { cookie: `__Host-nv_tradein=${id}.${'A'.repeat(43)}` },
    })
    const html = decode(await summary.text())
    expect(html).toContain('"tradeInCarInfo":null')
    expect(html).not.toContain(`/se/trade-in/result/${id}`)
  })

  it('keeps a signed-in customer’s valuation theirs on any device, and not the browser’s after signing out', async () => {
    const email = uniqueEmail('owner')
    const anna = visitor()
    await anna.signUp('/se', { name: 'Anna Berg', email, password: 'correct horse battery' })
    const result = (await anna.postForm('/se/trade-in', valuationForm())).headers.get('location') ?? ''
    expect((await anna.request(result)).status).toBe(200)
    const phone = visitor()
    await phone.signIn('/se', { email, password: 'correct horse battery' })
    expect((await phone.request(result)).status).toBe(200)
    expect((await visitor().request(result)).status).toBe(404)
  })

  it('goes from the order form to a valuation and back; the order keeps the estimate beside its price', async () => {
    const person = visitor()
    await person.signUp('/se', { name: 'Anna Berg', email: uniqueEmail('anna'), password: 'correct horse battery' })
    const saved = await person.postForm('/se/configurator/p5', { configuration: 'version=long-range' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const formPath = `/se/configurator/info-submission/${configurationId}`
    const before = decode(await (await person.request(formPath)).text())
    const valueLink = /href="(\/se\/trade-in\?configuration=[^"]+)"/.exec(before)?.[1] ?? ''
    expect(valueLink).toBe(`/se/trade-in?configuration=${configurationId}`)
    const valued = await person.postForm(valueLink, valuationForm({ configuration: configurationId }))
    const result = decode(await (await person.request(valued.headers.get('location') ?? '')).text())
    const next = /href="(\/se\/configurator\/info-submission\/[^"]+)"/.exec(result)?.[1] ?? ''
    expect(next).toMatch(/\?tradeIn=[\w-]{12}$/)
    const withTradeIn = decode(await (await person.request(next)).text())
    const estimate = formatMoney({ amount: 36_800_000, currency: 'SEK' }, 'sv-SE')
    expect(withTradeIn).toContain(estimate)
    expect(withTradeIn).toContain(sv['tradeIn.line.note'])
    const lead = (html: string) => /<p class="page__lead">([^<]+)<\/p>/.exec(html)?.[1]
    expect(lead(withTradeIn)).toBe(lead(before))
    const placed = await person.postForm(next, SWEDISH_ORDER_FORM)
    const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    expect(orderId).not.toBe('')
    const detail = decode(await (await person.request(`/se/order/${orderId}`)).text())
    expect(detail).toContain(estimate)
    expect(detail).toContain(sv['tradeIn.line.note'])
    // The order keeps its estimate: the VIN cannot be valued again, not even with the same plate.
    const vin = /<dd>(XNV[A-Z0-9]{14})<\/dd>/.exec(result)?.[1] ?? ''
    const again = await person.postForm('/se/trade-in', valuationForm({ vin, mileage: '90000' }))
    expect(again.status).toBe(409)
    expect(decode(await (await person.request(`/se/order/${orderId}`)).text())).toContain(estimate)
    // Nor by anyone else.
    const stranger = await visitor().postForm('/se/trade-in', valuationForm({ vin, owner: 'Someone Else' }))
    expect(stranger.status).toBe(409)
  })

  it('cannot be put on someone else’s order form or order with ?tradeIn=, nor lock its owner out', async () => {
    const form = valuationForm({ plate: 'KLM 789' })
    const anna = visitor()
    const annaResult = (await anna.postForm('/se/trade-in', form)).headers.get('location') ?? ''
    const annaId = annaResult.split('/').pop() ?? ''
    expect(annaId).toMatch(/^[\w-]{12}$/)
    const thief = visitor()
    await thief.signUp('/se', { name: 'Tom Thief', email: uniqueEmail('thief'), password: 'correct horse battery' })
    const saved = await thief.postForm('/se/configurator/p5', { configuration: 'version=long-range' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const formPath = `/se/configurator/info-submission/${configurationId}?tradeIn=${annaId}`
    const page = decode(await (await thief.request(formPath)).text())
    expect(page).not.toContain(sv['tradeIn.line.note'])
    expect(page).not.toContain(formatMoney({ amount: 36_800_000, currency: 'SEK' }, 'sv-SE'))
    const placed = await thief.postForm(formPath, SWEDISH_ORDER_FORM)
    expect(placed.headers.get('location') ?? '').toMatch(/result-confirmation/)
    const row = await env.DB.prepare('SELECT order_id FROM trade_in_valuations WHERE id = ?1').bind(annaId).first()
    expect(row).toEqual({ order_id: null })
    // Anna can still value her own car.
    const again = await anna.postForm('/se/trade-in', { ...form, mileage: '41000' })
    expect(again.headers.get('location')).toBe(annaResult)
  })
})

describe('the trade-in API', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    site: '/se',
    vin: newVin(),
    mileage: 40000,
    plate: 'ABC 123',
    owner: 'Anna Berg',
    car: { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' },
    firstRegistrationYear: Number(TWO_YEARS_AGO),
    ...overrides,
  })

  it('answers the estimate in integer minor units of the site’s currency', async () => {
    const res = await visitor().api('/api/v1/trade-in/valuations', body())
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      estimate: { amount: 36_800_000, currency: 'SEK' },
      finalPriceValidDays: 30,
    })
  })

  it('answers field problems in the caller’s language', async () => {
    const res = await visitor({ language: 'sv-SE' }).api(
      '/api/v1/trade-in/valuations',
      body({ vin: 'XNV5', mileage: 0, plate: 'AB-12-CD', owner: '42' }),
    )
    expect(res.status).toBe(422)
    const json = (await res.json()) as { error: { fields: { path: string; message: string }[] } }
    expect(json.error.fields.map((f) => f.path).sort()).toEqual(['mileage', 'owner', 'plate', 'vin'])
    for (const field of json.error.fields) expect(field.message).toBe(sv['api.error.invalidField'])
    const unknownCar = await visitor({ language: 'sv-SE' }).api(
      '/api/v1/trade-in/valuations',
      body({ car: { brand: 'tesla', series: 'p5', variant: 'p5-standard' } }),
    )
    expect(unknownCar.status).toBe(422)
    expect(await unknownCar.json()).toMatchObject({
      error: {
        fields: [{ path: 'car', message: sv['validation.invalid'].replace('{label}', sv['tradeIn.field.car']) }],
      },
    })
  })

  it('gives a second caller their own valuation of a VIN, and answers 503 without data', async () => {
    const first = body()
    const a = await visitor().api('/api/v1/trade-in/valuations', first)
    expect(a.status).toBe(201)
    const b = await visitor().api('/api/v1/trade-in/valuations', { ...first, mileage: 80_000 })
    expect(b.status).toBe(201)
    const [idA, idB] = [((await a.json()) as { id: string }).id, ((await b.json()) as { id: string }).id]
    expect(idA).not.toBe(idB)
    const none = await visitor().api(
      '/api/v1/trade-in/valuations',
      body({ car: { brand: 'renault', series: 'zoe', variant: 'zoe-r135' } }),
    )
    expect(none.status).toBe(503)
  })

  it('makes the valuation the calling browser’s: its result page opens there and nowhere else', async () => {
    const caller = visitor()
    const res = await caller.api('/api/v1/trade-in/valuations', body())
    const { id } = (await res.json()) as { id: string }
    expect(res.headers.get('set-cookie') ?? '').toMatch(new RegExp(`__Host-nv_tradein=${id}\\.[\\w-]{43};`))
    expect((await caller.request(`/se/trade-in/result/${id}`)).status).toBe(200)
    expect((await visitor().request(`/se/trade-in/result/${id}`)).status).toBe(404)
  })

  it('needs the anti-forgery token and a country site', async () => {
    const res = await visitor().request('/api/v1/trade-in/valuations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body()),
    })
    expect(res.status).toBe(403)
    expect((await visitor().api('/api/v1/trade-in/valuations', body({ site: '' }))).status).toBe(422)
  })
})
