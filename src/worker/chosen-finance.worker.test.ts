import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { savedBuild, signedUp } from '../../test/fixtures'
import { pdfText } from '../../test/pdf-text'
import { decode } from '../../test/visitor'
import type { ChosenFinance } from '../domain/finance/chosen'
import { CATALOGS } from '../i18n/catalogs'
import { formatDate } from '../i18n/dates'
import { formatMoney } from '../i18n/formats'
import { printable } from './pdf/render'

type Person = Awaited<ReturnType<typeof signedUp>>['someone']

const text = (html: string) =>
  decode(html)
    .replace(/<!-- -->/g, '')
    .replace(/[\u00a0\u202f]/g, ' ')
const fingerprintIn = (html: string) => /name="financeFingerprint" value="([^"]+)"/.exec(html)?.[1] ?? ''
const money = (amount: number, currency: 'EUR' | 'NOK', locale: string) =>
  formatMoney({ amount, currency }, locale).replace(/[\u00a0\u202f]/g, ' ')

const DUTCH = {
  kind: 'order',
  firstName: 'Anne',
  lastName: 'de Vries',
  zip: '1017 AB',
  city: 'Amsterdam',
  street: 'Keizersgracht 1',
  email: 'anne@example.com',
  phone: '06 12345678',
  usage: 'personal',
  birthday: '1990-04-02',
  terms: 'yes',
  orderAgreement: 'yes',
}

const NORWEGIAN = {
  kind: 'order',
  firstName: 'Kari',
  lastName: 'Nordmann',
  zip: '0150',
  city: 'Oslo',
  street: 'Storgata 1',
  email: 'kari@example.com',
  phone: '412 34 567',
  usage: 'personal',
  terms: 'yes',
  orderAgreement: 'yes',
}

async function savedOffer(configurationId: string): Promise<ChosenFinance | undefined> {
  const row = await env.DB.prepare('SELECT finance FROM configurations WHERE id = ?1')
    .bind(configurationId)
    .first<{ finance: string }>()
  return (JSON.parse(row?.finance ?? '{}') as { offer?: ChosenFinance }).offer
}

async function orderedFinance(orderId: string): Promise<ChosenFinance | undefined> {
  const row = await env.DB.prepare('SELECT document FROM orders WHERE id = ?1')
    .bind(orderId)
    .first<{ document: string }>()
  return (JSON.parse(row?.document ?? '{}') as { finance?: ChosenFinance }).finance
}

/** Opens the order form, places the order with the figures the form showed, answers the order id. */
async function placeWithShownFigures(person: Person, path: string, fields: Record<string, string>) {
  const form = await (await person.request(path)).text()
  const res = await person.postForm(path, {
    ...fields,
    financePreference: /name="financePreference" value="([^"]+)"/.exec(form)?.[1] ?? '',
    financeFingerprint: fingerprintIn(form),
    idempotencyKey: `key-${crypto.randomUUID()}`,
  })
  expect(res.status).toBe(303)
  return /result-confirmation\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? ''
}

describe('the finance chosen in the configurator travels with the order', () => {
  it('keeps a Dutch private lease with insurance, figure for figure, from the build to the order page', async () => {
    const nl = CATALOGS['nl-NL']
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(
      person,
      '/nl',
      'version=long-range&paint=fjord-blue&finance=privateLease&term=48&km=10000&svc=insurance',
    )
    const offer = await savedOffer(id)
    expect(offer?.kind).toBe('privateLease')
    expect(offer?.summary.applied).toMatchObject({ termMonths: 48, mileageKmPerYear: 10_000, services: ['insurance'] })
    const monthly = money(offer?.summary.monthlyPayment ?? 0, 'EUR', 'nl-NL')
    const perMonth = nl['finance.unit.perMonth'].replace('{amount}', monthly)

    const overview = text(await (await person.request(`/nl/configurator/overview/${id}`)).text())
    expect(overview).toContain(perMonth)
    expect(overview).toContain(nl['finance.service.insurance'])

    const path = `/nl/configurator/info-submission/${id}`
    const form = text(await (await person.request(path)).text())
    expect(form).toContain(perMonth)
    expect(form).toContain('aria-current="true">Privélease')

    const orderId = await placeWithShownFigures(person, path, DUTCH)
    const ordered = await orderedFinance(orderId)
    expect(ordered).toEqual(offer)
    const page = text(await (await person.request(`/nl/order/${orderId}`)).text())
    expect(page).toContain(perMonth)
    expect(page).toContain(offer?.summary.partnerName ?? 'no partner')
    // A private lease is outside the Consumer Credit Directive: no credit warning on any page.
    for (const html of [overview, form, page]) expect(html).not.toContain(nl['finance.credit.warning'])
    // The order applies to the lessor, who is named; it is not a purchase, and nothing is due today.
    const lessor = offer?.summary.partnerName ?? 'no partner'
    const applies = nl['legal.order.commits.lease'].replace('{lender}', lessor)
    expect(form).toContain(applies)
    expect(form).not.toContain(nl['legal.order.commits.order'].split('{total}')[0])
    const pdf = await pdfText(
      new Uint8Array(await (await person.request(`/nl/order/${orderId}/confirmation.pdf`)).arrayBuffer()),
    )
    expect(pdf.text).toContain(printable(applies).slice(0, 60))
    expect(pdf.text).not.toContain(printable(nl['legal.order.commits.order'].split('{total}')[0] ?? '').trim())
  }, 30_000)

  it('keeps a Norwegian loan: the overview, the form and the order show the same instalment, APR and warning', async () => {
    const nb = CATALOGS['nb-NO']
    const { someone: person } = await signedUp('/no', 'Kari Nordmann')
    const id = await savedBuild(person, '/no', 'version=long-range&paint=fjord-blue&finance=loan&term=60&down=300000')
    const offer = await savedOffer(id)
    expect(offer?.summary.applied).toMatchObject({ termMonths: 60, downPayment: 30_000_000 })
    const monthly = nb['finance.unit.perMonth'].replace(
      '{amount}',
      money(offer?.summary.monthlyPayment ?? 0, 'NOK', 'nb-NO'),
    )
    // A consumer credit: every page that states its figures states the country's warning with them (CCD art. 8).
    const warning = nb['finance.credit.warning']
    for (const page of [`/no/configurator/overview/${id}`, `/no/configurator/info-submission/${id}`]) {
      const html = text(await (await person.request(page)).text())
      expect(html).toContain(monthly)
      expect(html).toContain(warning)
    }
    const orderId = await placeWithShownFigures(person, `/no/configurator/info-submission/${id}`, NORWEGIAN)
    expect(await orderedFinance(orderId)).toEqual(offer)
    const orderPage = text(await (await person.request(`/no/order/${orderId}`)).text())
    expect(orderPage).toContain(monthly)
    expect(orderPage).toContain(warning)
    const pdf = await pdfText(
      new Uint8Array(await (await person.request(`/no/order/${orderId}/confirmation.pdf`)).arrayBuffer()),
    )
    expect(pdf.text).toContain(printable(warning))
  }, 30_000)

  it('orders nothing with figures the customer did not see, and shows the current ones', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl', 'version=long-range&paint=fjord-blue&finance=privateLease&term=48')
    const path = `/nl/configurator/info-submission/${id}`
    const res = await person.postForm(path, {
      ...DUTCH,
      financePreference: 'privateLease',
      financeFingerprint: 'deadbeef',
      idempotencyKey: `key-${crypto.randomUUID()}`,
    })
    expect(res.status).toBe(409)
    const html = await res.text()
    expect(text(html)).toContain(CATALOGS['nl-NL']['offer.changed'])
    expect(fingerprintIn(html)).toMatch(/^[0-9a-f]{8}$/)
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE configuration_id = ?1')
      .bind(id)
      .first<{ n: number }>()
    expect(count?.n).toBe(0)
  })

  it('quotes an offer anew once it expired, and says what it was and what it is now', async () => {
    const de = CATALOGS['de-DE']
    const { someone: person } = await signedUp('/de', 'Anna Schmidt')
    const id = await savedBuild(person, '/de', 'version=long-range&paint=fjord-blue&finance=loan&term=48')
    const offer = await savedOffer(id)
    if (!offer) throw new Error('the build keeps its offer')
    // The offer as if quoted in October at a higher monthly figure, valid for 30 days from then.
    const old: ChosenFinance = {
      ...offer,
      quotedOn: '2026-10-01',
      summary: {
        ...offer.summary,
        expirationDate: '2026-10-31',
        figures: offer.summary.figures.map((f) =>
          f.key === 'finance.field.monthlyPayment' && f.kind === 'money' ? { ...f, value: f.value + 1_234 } : f,
        ),
      },
    }
    await env.DB.prepare(`UPDATE configurations SET finance = json_set(finance, '$.offer', json(?2)) WHERE id = ?1`)
      .bind(id, JSON.stringify(old))
      .run()
    const page = text(await (await person.request(`/de/configurator/overview/${id}`)).text())
    expect(page).toContain(
      de['offer.requoted.expired']
        .replace('{date}', formatDate('2026-10-01', 'de-DE'))
        .replace('{until}', formatDate('2026-10-31', 'de-DE')),
    )
    const before = money(
      Number(old.summary.figures.find((f) => f.key === 'finance.field.monthlyPayment')?.value),
      'EUR',
      'de-DE',
    )
    const after = money(offer.summary.monthlyPayment ?? 0, 'EUR', 'de-DE')
    expect(page).toContain(`${de['finance.field.monthlyPayment']}: ${before} → ${after}`)
  })
})
