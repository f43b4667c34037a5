import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { deliverStandInEvents, orderMailKinds, payOrder } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'

const nl = CATALOGS['nl-NL']
const nb = CATALOGS['nb-NO']
const en = CATALOGS['en-US']

async function page(path: string, who = visitor()) {
  const res = await who.request(path)
  return { res, html: decode(await res.text()) }
}

/** The stock cars a list shows, in the order shown. */
const carIds = (html: string) => [...html.matchAll(/<h2 id="car-([\w-]+)"/g)].map((m) => m[1])

/** The on-the-road total the price API quotes for a stock car's configuration. */
async function apiTotal(site: string, stockCarId: string) {
  const row = await env.DB.prepare('SELECT configuration FROM stock_cars WHERE id = ?1')
    .bind(stockCarId)
    .first<{ configuration: string }>()
  const res = await visitor().api('/api/v1/price-quotes', {
    site,
    usage: 'personal',
    configuration: JSON.parse(row?.configuration ?? '{}'),
  })
  return (await res.json()) as { totals: { inclVat: { amount: number; formatted: string } } }
}

const remaining = async (id: string) =>
  (await env.DB.prepare('SELECT remaining FROM stock_cars WHERE id = ?1').bind(id).first<{ remaining: number }>())
    ?.remaining

/** A signed-in customer who chose a stock car on the list; returns the order form's address. */
async function chooseStockCar(prefix: string, stockCarId: string) {
  const person = visitor()
  await person.signUp(prefix, { name: 'Kari Nordmann', email: uniqueEmail('kari'), password: 'correct horse battery' })
  const chosen = await person.postForm(`${prefix}/quick-delivery`, { stockCarId })
  expect(chosen.status).toBe(303)
  const form = new URL(chosen.headers.get('location') ?? '', 'http://local.test').pathname
  expect(form).toMatch(new RegExp(`^${prefix}/configurator/info-submission/[\\w-]+$`))
  return { person, form }
}

const NORWEGIAN_FORM = {
  kind: 'order',
  firstName: 'Kari',
  lastName: 'Nordmann',
  city: 'Bergen',
  street: 'Bryggen 1',
  email: 'kari@example.no',
  phone: '412 34 567',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
  orderAgreement: 'yes',
}

describe('the quick-delivery list', () => {
  it('lists the country’s stock with SPEC §3’s fields and the on-the-road price from the price engine', async () => {
    const { res, html } = await page('/nl/quick-delivery')
    expect(res.status).toBe(200)
    expect(html).toContain(`<h1 class="page__heading">${nl['stock.heading']}</h1>`)
    expect(html).toContain('Verwachte levering binnen 1 maand.')
    // "From" is the cheapest car listed (57 958.00), not the advertised 57 990 above it.
    const from = (amount: number) =>
      nl['stock.from'].replace('{price}', formatMoney({ amount, currency: 'EUR' }, 'nl-NL'))
    expect(html).toContain(from(5_795_800))
    expect(html).not.toContain(from(5_799_000))
    const quote = await apiTotal('/nl', 'nl-lr-aurora-sound')
    expect(quote.totals.inclVat.amount).toBe(5_795_800)
    expect(html).toContain(quote.totals.inclVat.formatted)
    for (const key of ['stock.car.colour', 'stock.car.interior', 'stock.car.rim', 'stock.car.options'] as const) {
      expect(html).toContain(nl[key])
    }
    expect(html).toContain('Noorderlichtgroen met zwart dak')
    expect(html).toContain("3 auto's over")
    // No client JavaScript: sorting and filtering are a GET form.
    expect(html).not.toMatch(/<script type="module"|import\(/)
    expect(html).toMatch(/<form [^>]*stock-filter[^>]*>/)
    expect(/<form [^>]*stock-filter[^>]*>/.exec(html)?.[0]).toContain(`method="get"`)
  })

  it('counts the cars the cards list, not the cards: the units left on each card added up', async () => {
    const { html } = await page('/no/quick-delivery')
    const units = [...html.matchAll(/<dd>(\d+) bil(?:er)? igjen<\/dd>/g)].reduce((sum, m) => sum + Number(m[1]), 0)
    const cards = carIds(html).length
    expect(units).toBeGreaterThan(cards)
    expect(html).toContain(`<p class="stock__count">${units} biler på lager i ${cards} utførelser</p>`)
  })

  it('says "from" the cheapest car of the list as shown, on every site and with filters', async () => {
    const fromOf = (html: string) => /<p class="stock__from">([^<]*)<\/p>/.exec(html)?.[1] ?? null
    const de = CATALOGS['de-DE']
    // DE: Long Range 50 990 + Aurora Green 1 790 + Technology 1 990 + Premium Sound 990 + Überführung 1 190.
    expect(fromOf((await page('/de/quick-delivery')).html)).toBe(
      de['stock.from'].replace('{price}', formatMoney({ amount: 5_695_000, currency: 'EUR' }, 'de-DE')),
    )
    // Only Fjord Blue cars listed: the cheaper of the two, 59 938.00.
    expect(fromOf((await page('/nl/quick-delivery?colour=fjord-blue&sort=price-desc')).html)).toBe(
      nl['stock.from'].replace('{price}', formatMoney({ amount: 5_993_800, currency: 'EUR' }, 'nl-NL')),
    )
  })

  it('promises 6 weeks in Norway, prices in Oslo and says what delivery outside Oslo adds', async () => {
    const { html } = await page('/no/quick-delivery')
    expect(html).toContain('Forventet levering innen 6 uker.')
    // NOK 4 900 shipping: every stock car is above the VAT-free band of 2026 (NOK 300 000), so it carries
    // 25 % VAT: 4 900 + 1 225 = 6 125 kr (under 2025's NOK 500 000 band some cars added 4 900 kr VAT-free).
    const outside = (amount: number) =>
      nb['stock.car.outsideArea']
        .replace('{area}', 'Oslo')
        .replace('{amount}', formatMoney({ amount, currency: 'NOK' }, 'nb-NO'))
    expect(html).toContain(outside(612_500))
    expect(html).not.toContain(outside(490_000))
  })

  it('sorts by delivery time and by price, both ways, from the address', async () => {
    const order = async (sort: string) => carIds((await page(`/nl/quick-delivery?sort=${sort}`)).html)
    const cheapestFirst = [
      'nl-lr-aurora-sound',
      'nl-lr-white-sport',
      'nl-lr-graphite-tow',
      'nl-lr-fjord-sport',
      'nl-lr-fjord-winter',
    ]
    expect(await order('price-asc')).toEqual(cheapestFirst)
    expect(await order('price-desc')).toEqual([...cheapestFirst].reverse())
    // 1, 1, 2, 3 and 4 weeks; equally quick cars cheapest first.
    const soonest = [
      'nl-lr-aurora-sound',
      'nl-lr-white-sport',
      'nl-lr-fjord-sport',
      'nl-lr-graphite-tow',
      'nl-lr-fjord-winter',
    ]
    expect(await order('delivery-asc')).toEqual(soonest)
    expect(await order('delivery-desc')).toEqual([
      'nl-lr-fjord-winter',
      'nl-lr-graphite-tow',
      'nl-lr-fjord-sport',
      'nl-lr-aurora-sound',
      'nl-lr-white-sport',
    ])
    expect(await order('')).toEqual(soonest)
  })

  it('filters by version and colour, and reports a value it cannot filter by on its field', async () => {
    const { html } = await page('/nl/quick-delivery?sort=price-desc&version=long-range&colour=fjord-blue')
    expect(carIds(html)).toEqual(['nl-lr-fjord-winter', 'nl-lr-fjord-sport'])
    expect(html).toMatch(/<option value="fjord-blue" selected="">/)
    const bad = await page('/nl/quick-delivery?colour=pink&sort=cheap')
    expect(bad.res.status).toBe(200)
    expect(carIds(bad.html)).toHaveLength(5)
    expect(bad.html).toMatch(/id="stock-colour"[^>]*aria-invalid="true"/)
    expect(bad.html).toContain(nl['validation.select'].replace('{label}', nl['stock.filter.colourLabel']))
    expect(bad.html).toContain(nl['validation.select'].replace('{label}', nl['stock.filter.sortLabel']))
  })

  it('says when nothing is in stock and offers to build your own', async () => {
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 0 WHERE country_code = 'LU'`).run()
    const { html } = await page('/lu/quick-delivery')
    expect(carIds(html)).toEqual([])
    expect(html).toContain(CATALOGS['fr-LU']['stock.empty'])
    expect(html).toContain(`href="/lu/configurator/p5">${CATALOGS['fr-LU']['stock.buildYourOwn']}`)
    expect(html).not.toContain(CATALOGS['fr-LU']['stock.from'].replace(' {price}', ''))
  })

  it('sells nothing on the global site and points to the country sites', async () => {
    const { res, html } = await page('/quick-delivery')
    expect(res.status).toBe(200)
    expect(carIds(html)).toEqual([])
    expect(html).toContain(en['configurator.global.heading'])
    expect(html).toContain('href="/no/quick-delivery"')
    expect(html).toContain('href="/nl/quick-delivery"')
    expect(html).not.toContain(en['stock.empty'])
    const post = await visitor().postForm('/quick-delivery', { stockCarId: 'nl-lr-aurora-sound' }, '/nl/quick-delivery')
    expect(post.status).toBe(404)
  })

  it('is linked from the header of every site', async () => {
    expect((await page('/se')).html).toContain(
      `href="/se/quick-delivery">${CATALOGS['sv-SE']['header.nav.quickDelivery']}</a>`,
    )
  })

  it('turns away a sold-out car with SPEC §8’s quick-delivery message', async () => {
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 0 WHERE id = 'de-lr-fjord-winter'`).run()
    const res = await visitor().postForm('/de/quick-delivery', { stockCarId: 'de-lr-fjord-winter' })
    expect(res.status).toBe(409)
    const html = decode(await res.text())
    expect(html).toContain(CATALOGS['de-DE']['stock.error.quickNotInStock'])
    expect(html).toContain(`href="/de/quick-delivery">${CATALOGS['de-DE']['stock.error.seeAvailable']}`)
    expect((await visitor().postForm('/de/quick-delivery', { stockCarId: 'no-lr-graphite' })).status).toBe(404)
    expect((await visitor().postForm('/de/quick-delivery', { stockCarId: '<script>' })).status).toBe(404)
  })
})

describe('ordering a stock car', () => {
  it('sells the last unit once: of two buyers, one gets the order, the other SPEC §8’s choices', async () => {
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 1 WHERE id = 'no-lr-graphite'`).run()
    const [a, b] = await Promise.all([chooseStockCar('/no', 'no-lr-graphite'), chooseStockCar('/no', 'no-lr-graphite')])
    const formPage = await page(a.form, a.person)
    expect(formPage.html).toContain(nb['stock.order.heading'].replace('{car}', 'P5 Lang rekkevidde'))
    expect(formPage.html).toContain('Grafittgrå')

    const fields = { ...NORWEGIAN_FORM, zip: '5003' }
    const [resA, resB] = await Promise.all([a.person.postForm(a.form, fields), b.person.postForm(b.form, fields)])
    const statuses = [resA.status, resB.status].sort()
    expect(statuses).toEqual([303, 409])
    const lost = resA.status === 409 ? { res: resA, ...a } : { res: resB, ...b }
    const html = decode(await lost.res.text())
    expect(html).toContain(nb['stock.error.notInStock'])
    expect(html).toContain(`href="/no/quick-delivery">${nb['stock.error.chooseAnother']}`)
    expect(html).toContain(`href="${lost.form}?delivery=standard">${nb['stock.error.continueStandard']}`)

    // The form shown again prices the car for the postal code given (Bergen: with shipping).
    const bergenTotal = formatMoney(
      { amount: (await apiTotal('/no', 'no-lr-graphite')).totals.inclVat.amount + 612_500, currency: 'NOK' },
      'nb-NO',
    )
    expect(html).toContain(nb['order.summary.total'].replace('{amount}', bergenTotal))
    // The agreement the buyer is asked to make names that same total, not the Oslo price.
    expect(html).toContain(nb['legal.order.commits.order'].split('{total}')[0] + bergenTotal)
    expect(await remaining('no-lr-graphite')).toBe(0)
    // Coming back to the form later, the buyer is told before filling it in again.
    expect((await page(lost.form, lost.person)).html).toContain(nb['stock.error.notInStock'])
    const orders = await env.DB.prepare(
      `SELECT total_amount AS total FROM orders WHERE stock_car_id = 'no-lr-graphite'`,
    ).all<{ total: number }>()
    expect(orders.results).toHaveLength(1)
    // Bergen is outside Oslo: the engine's price plus NOK 6 125 shipping (4 900 + 25 % VAT).
    const quote = await apiTotal('/no', 'no-lr-graphite')
    expect(orders.results[0]?.total).toBe(quote.totals.inclVat.amount + 612_500)

    // The other buyer continues with standard delivery of the same car: an order without a unit.
    const standard = await lost.person.postForm(`${lost.form}?delivery=standard`, { ...fields, zip: '0150' })
    expect(standard.status).toBe(303)
    const count = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM orders o JOIN configurations c ON c.id = o.configuration_id
        WHERE c.stock_car_id = 'no-lr-graphite' AND o.stock_car_id IS NULL`,
    ).first<{ n: number }>()
    expect(count?.n).toBe(1)
    expect(await remaining('no-lr-graphite')).toBe(0)
  })

  it('takes a car sold in this isolate off the list at once for everyone, though the list is kept for 20 s', async () => {
    // Signed-in pages are not served from the edge cache; a session cookie that opens to no session renders the
    // page as anyone's, without the bookmark of a recent write (as the bench's uncached requests).
    const someone = () => {
      const who = visitor()
      who.jar.set('__Host-nv_access', 'none')
      return who
    }
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 1 WHERE id = 'nl-lr-aurora-sound'`).run()
    expect(carIds((await page('/nl/quick-delivery', someone())).html)).toContain('nl-lr-aurora-sound')
    // Sold in another isolate: this one lists it until it reads D1 again.
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 0 WHERE id = 'nl-lr-aurora-sound'`).run()
    expect(carIds((await page('/nl/quick-delivery', someone())).html)).toContain('nl-lr-aurora-sound')
    await env.DB.prepare(`UPDATE stock_cars SET remaining = 1 WHERE id = 'nl-lr-aurora-sound'`).run()

    // Sold in this isolate: gone from everyone's list at once.
    const { person, form } = await chooseStockCar('/nl', 'nl-lr-aurora-sound')
    const placed = await person.postForm(form, {
      ...NORWEGIAN_FORM,
      zip: '1012 AB',
      city: 'Amsterdam',
      phone: '06 12345678',
    })
    expect(placed.status).toBe(303)
    expect(await remaining('nl-lr-aurora-sound')).toBe(0)
    expect(carIds((await page('/nl/quick-delivery', someone())).html)).not.toContain('nl-lr-aurora-sound')
  })

  it('charges nothing extra for delivery in Oslo, and shows the car on the order', async () => {
    const { person, form } = await chooseStockCar('/no', 'no-lr-fjord-sport')
    const before = await remaining('no-lr-fjord-sport')
    const placed = await person.postForm(form, { ...NORWEGIAN_FORM, zip: '0150', city: 'Oslo' })
    expect(placed.status).toBe(303)
    const id = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    expect(await remaining('no-lr-fjord-sport')).toBe((before ?? 0) - 1)
    const row = await env.DB.prepare('SELECT total_amount AS total FROM orders WHERE id = ?1')
      .bind(id)
      .first<{ total: number }>()
    expect(row?.total).toBe((await apiTotal('/no', 'no-lr-fjord-sport')).totals.inclVat.amount)
    const detail = await page(`/no/order/${id}`, person)
    expect(detail.html).toContain(nb['stock.order.detailHeading'].replace('{car}', 'P5 Lang rekkevidde'))
    expect(detail.html).toContain('Fjordblå')
  })

  it('a retried form takes one unit', async () => {
    const { person, form } = await chooseStockCar('/no', 'no-sr-white-comfort')
    const before = (await remaining('no-sr-white-comfort')) ?? 0
    const fields = { ...NORWEGIAN_FORM, zip: '0150', idempotencyKey: `key-${crypto.randomUUID()}` }
    const [x, y] = await Promise.all([person.postForm(form, fields), person.postForm(form, fields)])
    expect([x.status, y.status]).toEqual([303, 303])
    expect(await remaining('no-sr-white-comfort')).toBe(before - 1)
  })

  it('gives the unit back when the staff approve a cancellation, once', async () => {
    const { person, form } = await chooseStockCar('/dk', 'dk-lr-white-tow')
    const before = (await remaining('dk-lr-white-tow')) ?? 0
    const placed = await person.postForm(form, {
      ...NORWEGIAN_FORM,
      zip: '1050',
      city: 'København',
      phone: '20 12 34 56',
    })
    expect(placed.status).toBe(303)
    const id = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    await payOrder(person, '/dk', id)
    expect(await remaining('dk-lr-white-tow')).toBe(before - 1)

    // Each customer action is confirmed on its own step (the form's token comes from that page).
    const confirmed = (event: string) =>
      person.postForm(`/dk/order/${id}`, { event, confirmed: 'yes' }, `/dk/order/${id}?confirm=${event}`)
    expect((await confirmed('requestCancellation')).status).toBe(303)
    // Asking is not cancelling: the car stays sold while the request is reviewed.
    expect(await remaining('dk-lr-white-tow')).toBe(before - 1)

    const staff = visitor()
    const email = uniqueEmail('staff')
    await staff.signUp('/dk', { name: 'Sam Staff', email, password: 'correct horse battery' })
    await env.DB.prepare(
      `UPDATE users SET roles = '["staff"]', email_confirmed_at = datetime('now'), staff_country = 'DK' WHERE email = ?1`,
    )
      .bind(email)
      .run()
    expect(
      (await staff.postForm('/dk/staff', { orderId: id, event: 'approveCancellation' }, '/dk/user-center/profile'))
        .status,
    ).toBe(303)
    expect(await remaining('dk-lr-white-tow')).toBe(before)

    // The deposit goes back through the provider, refund pending then refunded: the car is not given back again.
    expect(await orderMailKinds(id)).toContain('refundIssued')
    await deliverStandInEvents()
    expect(await orderMailKinds(id)).toContain('refundSettled')
    expect(await remaining('dk-lr-white-tow')).toBe(before)
  })
})
