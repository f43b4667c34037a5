import { describe, expect, it } from 'vitest'
import { sentOrderMail } from '../../test/fixtures'
import { pdfText } from '../../test/pdf-text'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../domain/catalog/example'
import { CATALOGS } from '../i18n/catalogs'
import { printable } from './pdf/render'

const nl = CATALOGS['nl-NL']
const en = CATALOGS['en-US']
const NBSP = '\u00a0'
const MINUS = '\u2212'
/** The API's example car in the Standard Range. */
const STANDARD_RANGE = { ...EXAMPLE_CONFIGURATION, versionCode: 'standard-range' }
/** Euros as nl-NL writes them, typed out by hand: eur('40.659,96') → '€ 40.659,96'. */
const eur = (figure: string) => `€${NBSP}${figure}`

async function page(path: string, person = visitor()) {
  const res = await person.request(path)
  return { res, html: decode(await res.text()) }
}

/** The figures in the option cards' price spans, in page order. */
const cardPrices = (html: string) => [...html.matchAll(/<span class="choice__price">([^<]*)<\/span>/g)].map((m) => m[1])
const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start)
  return from < 0 ? '' : html.slice(from, html.indexOf(end, from))
}
/** The rows of a breakdown table as "label: amount". */
const rows = (html: string) =>
  [...html.matchAll(/<tr[^>]*><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)].map((m) => `${m[1]}: ${m[2]}`)

describe('a business buyer sees one basis on the whole page', () => {
  it('shows the Dutch configurator net of VAT: cards, headline, price bar, comparison and summary, and says so', async () => {
    const { html } = await page('/nl/configurator/p5?usage=business')
    // Net = gross / 1.21 rounded half up: 47 990.00 → 39 661.16; 51 990.00 → 42 966.94; 990.00 → 818.18.
    const cards = cardPrices(html)
    expect(cards.slice(0, 2)).toEqual([eur('39.661,16'), eur('42.966,94')])
    expect(cards).toContain(nl['configurator.priceAdd'].replace('{price}', eur('818,18')))
    expect(html).not.toContain(eur('47.990,00'))
    expect(html).toContain(`<p class="configurator__basis">${nl['price.basis.exclVat']}</p>`)
    // 39 661.16 + 884.39 + 64.19 + 50.22 = 40 659.96 net; + 8 528.04 VAT = 49 188.00.
    const bar = between(html, '<div class="price-bar">', '</div>')
    expect(bar).toContain(nl['configurator.price.totalExclVat'])
    expect(bar).toContain(`<span class="price-bar__amount">${eur('40.659,96')}</span>`)
    expect(html).toContain(`<p class="price-summary__total">${eur('40.659,96')}</p>`)
    expect(html).toContain(nl['configurator.price.inclVat'].replace('{amount}', eur('49.188,00')))
    const table = between(html, '<table class="price-breakdown">', '</table>')
    expect(table).toContain(`<caption>${nl['price.basis.exclVat']}</caption>`)
    expect(rows(table)).toEqual([
      `${nl['price.line.vehicle']}: Standaard bereik: ${eur('39.661,16')}`,
      `${nl['price.line.paint']}: Arctisch wit: ${eur('0,00')}`,
      `${nl['price.line.wheels']}: 18 inch Aero-velgen: ${eur('0,00')}`,
      `${nl['price.line.interior']}: Antraciet gerecycled textiel: ${eur('0,00')}`,
      `${nl['price.line.vehicleServicePrep']}: ${eur('884,39')}`,
      `${nl['price.line.recyclingFee']}: ${eur('64,19')}`,
      `${nl['price.line.registration']}: ${eur('50,22')}`,
      `${nl['price.totalExclVat']}: ${eur('40.659,96')}`,
      `${nl['price.line.vat']}: ${eur('8.528,04')}`,
      `${nl['configurator.price.total']}: ${eur('49.188,00')}`,
    ])
  })

  it('shows a private buyer prices with VAT, and the VAT they contain', async () => {
    const { html } = await page('/nl/configurator/p5')
    expect(cardPrices(html).slice(0, 2)).toEqual([eur('47.990,00'), eur('51.990,00')])
    expect(html).toContain(`<p class="configurator__basis">${nl['price.basis.inclVat']}</p>`)
    const table = between(html, '<table class="price-breakdown">', '</table>')
    expect(table).toContain(`<caption>${nl['price.basis.inclVat']}</caption>`)
    // 47 990.00 + 1 070.11 + 77.67 + 50.22 = 49 188.00, of which VAT 8 528.04.
    expect(rows(table).slice(-2)).toEqual([
      `${nl['configurator.price.total']}: ${eur('49.188,00')}`,
      `${nl['price.vatIncluded']}: ${eur('8.528,04')}`,
    ])
  })
})

describe('the price API’s SPEC §3 breakdown', () => {
  it('states its basis and adds up on it for a Dutch business buyer', async () => {
    const res = await visitor().api('/api/v1/price-quotes', {
      site: '/nl',
      usage: 'business',
      configuration: STANDARD_RANGE,
    })
    expect(res.status).toBe(200)
    const { breakdown } = (await res.json()) as { breakdown: Record<string, number | string> }
    // Net: car 39 661.16 + delivery fee 998.80 (884.39 + 64.19 + 50.22) + VAT 8 528.04 = 49 188.00.
    expect(breakdown).toEqual({
      basis: 'exclVat',
      msrp: 3_966_116,
      msrpWithoutVat: 3_966_116,
      deliveryFee: 99_880,
      weightTax: 0,
      otherFees: 0,
      vat: 852_804,
      msrpPrice: 4_918_800,
      preorderFee: 50_000,
    })
  })
})

describe('the global site', () => {
  it('shows an indicative price of the car: no Dutch fees, no VAT claim, and the way to each country’s price', async () => {
    // What the visitor reads: the page's article (the catalogs shipped for hydration name every label).
    const html = between((await page('/configurator/p5?version=long-range')).html, '<article', '</article>')
    expect(html).toContain(`<p class="price-summary__label">${en['price.indicative.label']}</p>`)
    expect(html).toContain('<p class="price-summary__total">€51,990.00</p>')
    expect(html).toContain(en['price.indicative.caption'])
    for (const key of [
      'price.line.vehicleServicePrep',
      'price.line.recyclingFee',
      'price.line.registration',
    ] as const) {
      expect(html).not.toContain(en[key])
    }
    expect(html).not.toMatch(/VAT\./)
    expect(html).not.toContain('21%')
    expect(html).not.toContain(en['price.note.pricesIncludeVat'].replace('{rate}', '21'))
    // The same car on each country site, for the real price.
    expect(html).toContain(en['configurator.global.heading'])
    expect(html).toMatch(/href="\/nl\/configurator\/p5\?version=long-range&paint=arctic-white[^"]*"/)
    expect(html).toMatch(/href="\/no\/configurator\/p5\?version=long-range[^"]*"/)
  })

  it('quotes the indicative price by the API too, with no VAT and no fees', async () => {
    const res = await visitor().api('/api/v1/price-quotes', {
      site: '',
      usage: 'business',
      configuration: STANDARD_RANGE,
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      totals: { inclVat: { amount: number }; vat: { amount: number } }
      lines: { code: string }[]
      notes: string[]
    }
    expect(body.totals.inclVat.amount).toBe(4_799_000)
    expect(body.totals.vat.amount).toBe(0)
    expect(body.lines.map((line) => line.code)).not.toContain('vehicle-preparation')
    expect(body.notes).toEqual([en['price.note.experienceOnly']])
  })
})

const TWO_YEARS_AGO = String(new Date().getUTCFullYear() - 2)
let serial = 0
const newVin = () => `XNVP5AAB0R${String(Date.now() % 1e6).padStart(6, '0')}${serial++ % 10}`

describe('a trade-in credit', () => {
  it('is written as a deduction, the same way in the summary, the order form, the order and its e-mail', async () => {
    const person = visitor()
    const email = uniqueEmail('bram')
    await person.signUp('/nl', { name: 'Bram Jansen', email, password: 'correct horse battery' })
    const valued = await person.postForm('/nl/trade-in', {
      vin: newVin(),
      mileage: '40000',
      plate: 'AB-12-CD',
      owner: 'Bram Jansen',
      car: 'nordvolt/p5/p5-standard',
      year: TWO_YEARS_AGO,
    })
    expect(valued.status).toBe(303)
    // 45 990 € × 73 % (two years) × 98 % (40 000 km) = 32 901.25 €, rounded down to 32 900 €.
    const credit = `${MINUS}${NBSP}${eur('32.900,00')}`
    const creditRow = `${nl['price.tradeIn.estimate'].replace('{car}', 'Nordvolt P5 Standard Range')}: ${credit}`
    // 49 188.00 − 32 900.00 = 16 288.00
    const balanceRow = `${nl['price.tradeIn.balance']}: ${eur('16.288,00')}`

    const summary = (await page('/nl/configurator/p5?usage=business', person)).html
    expect(rows(summary)).toContain(creditRow)
    expect(summary).not.toContain(`€${NBSP}-32.900,00`)

    const saved = await person.postForm('/nl/configurator/p5', {
      configuration: 'version=standard-range&usage=business',
    })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const formPath = `/nl/configurator/info-submission/${configurationId}`
    const form = (await page(formPath, person)).html
    expect(form).toContain(`<caption>${nl['price.basis.exclVat']}</caption>`)
    // The form leads with the same net total as the configurator did for this business buyer.
    expect(form).toContain(
      nl['order.summary.total'].replace(
        '{amount}',
        nl['configurator.price.exclVat'].replace('{amount}', eur('40.659,96')),
      ),
    )
    expect(rows(form)).toEqual(
      expect.arrayContaining([`${nl['price.totalExclVat']}: ${eur('40.659,96')}`, creditRow, balanceRow]),
    )

    const placed = await person.postForm(formPath, {
      kind: 'order',
      firstName: 'Bram',
      lastName: 'Jansen',
      zip: '1017 AB',
      city: 'Amsterdam',
      street: 'Keizersgracht 1',
      email,
      phone: '06 12345678',
      usage: 'business',
      companyName: 'Jansen BV',
      companyNumber: '12345678',
      companyAddress: 'Keizersgracht 1, Amsterdam',
      financePreference: 'cash',
      terms: 'yes',
      orderAgreement: 'yes',
    })
    expect(placed.status).toBe(303)
    const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    const detail = (await page(`/nl/order/${orderId}`, person)).html
    expect(detail).toContain(`<caption>${nl['price.basis.exclVat']}</caption>`)
    expect(rows(detail)).toEqual(
      expect.arrayContaining([
        `${nl['price.totalExclVat']}: ${eur('40.659,96')}`,
        `${nl['price.line.vat']}: ${eur('8.528,04')}`,
        creditRow,
        balanceRow,
      ]),
    )

    const mail = await sentOrderMail(orderId, 'orderPlaced')
    const lines = (mail?.body ?? '').split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        nl['price.basis.exclVat'],
        `${nl['price.line.vehicle']}: Standaard bereik: ${eur('39.661,16')}`,
        `${nl['price.totalExclVat']}: ${eur('40.659,96')}`,
        `${nl['price.line.vat']}: ${eur('8.528,04')}`,
        `${nl['configurator.price.total']}: ${eur('49.188,00')}`,
        creditRow,
        balanceRow,
      ]),
    )
    // The confirmation PDF states the credit and the balance too.
    const pdf = await person.request(`/nl/order/${orderId}/confirmation.pdf`)
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    // Its lines joined as they were broken, at spaces.
    const flat = text.replace(/\n/g, ' ')
    for (const part of [
      nl['price.tradeIn.estimate'].replace('{car}', 'Nordvolt P5 Standard Range'),
      credit,
      nl['price.tradeIn.balance'],
      eur('16.288,00'),
      nl['price.tradeIn.note'],
    ])
      expect(flat).toContain(printable(part))
  })
})
