import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { payOrder } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../domain/catalog/example'
import { CATALOGS } from '../i18n/catalogs'

const nb = CATALOGS['nb-NO']
/** Intl output uses narrow no-break spaces; compare text with ordinary spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

async function saved(prefix = '/no', usage = 'personal') {
  const person = visitor()
  const res = await person.postForm(`${prefix}/configurator/p5`, {
    configuration: `version=long-range&paint=fjord-blue&usage=${usage}`,
  })
  return { person, id: /overview\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? '' }
}

const NORWEGIAN_FORM = {
  firstName: 'Kari',
  lastName: 'Nordmann',
  zip: '0150',
  city: 'Oslo',
  street: 'Storgata 1',
  email: 'kari@example.com',
  phone: '412 34 567',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
}

describe('the pre-order page (blind-order incentive)', () => {
  it('shows the car, its price, the pre-order fee, the balance and the incentive of 3.99 % against 6.99 %', async () => {
    const { person, id } = await saved()
    const res = await person.request(`/no/pre-order/${id}/p5`)
    expect(res.status).toBe(200)
    const html = spaces(decode(await res.text()))
    expect(html).toContain(nb['order.preOrder.fee'])
    // A private buyer is not offered the business lease rate; a business build is.
    expect(html).not.toContain(nb['order.preOrder.incentiveHeading'])
    const business = await saved('/no', 'business')
    expect(spaces(decode(await (await business.person.request(`/no/pre-order/${business.id}/p5`)).text()))).toContain(
      nb['order.preOrder.incentiveHeading'],
    )
    expect(spaces(decode(await (await business.person.request(`/no/pre-order/${business.id}/p5`)).text()))).toMatch(
      /3,99\s?%/,
    )
    expect(html).toContain(`/no/pre-order/info-submission/${id}/p5`)
    expect(html).toContain('/no/terms-conditions')
    // Fee and balance add up to the total: read the three figures back from the page.
    const quote = (await (
      await visitor().api('/api/v1/price-quotes', {
        site: '/no',
        usage: 'personal',
        configuration: { ...EXAMPLE_CONFIGURATION, paintCode: 'fjord-blue' },
      })
    ).json()) as { totals: { inclVat: { amount: number } }; deposit: { amount: number } | null }
    const nok = (minor: number) =>
      spaces(new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' }).format(minor / 100))
    const fee = quote.deposit?.amount ?? 0
    expect(fee).toBeGreaterThan(0)
    expect(html).toContain(nok(fee))
    expect(html).toContain(nok(quote.totals.inclVat.amount - fee))
  })

  it('answers "No record is found" for an unknown configuration or a model it is not of', async () => {
    const { person, id } = await saved()
    for (const path of [`/no/pre-order/unknown-id/p5`, `/no/pre-order/${id}/p7`, `/no/pre-order/${id}/x y`]) {
      const res = await person.request(path)
      expect(res.status, path).toBe(404)
      expect(decode(await res.text())).toContain(nb['error.noRecord.message'])
    }
    const form = await person.request(`/no/pre-order/info-submission/unknown-id/p5`)
    // Anonymous visitors sign in first; the record is checked once they are back.
    expect(form.status).toBe(302)
  })
})

describe('the pre-order page on the global site', () => {
  it('shows the car and its price but takes no pre-order', async () => {
    const { person, id } = await saved('')
    const res = await person.request(`/pre-order/${id}/p5`)
    expect(res.status).toBe(200)
    const html = decode(await res.text())
    expect(html).toContain(CATALOGS['en-US']['order.preOrder.configuration'])
    expect(html).not.toContain(CATALOGS['en-US']['order.preOrder.fee'])
    expect(html).not.toContain('/pre-order/info-submission/')
    // Indicative: Long Range 51 990.00 + Fjord Blue 990.00, no country's fees or VAT.
    expect(html).toContain(`<dt>${CATALOGS['en-US']['price.indicative.label']}</dt><dd>€52,980.00</dd>`)
    expect(html).toContain(CATALOGS['en-US']['price.indicative.caption'])
    expect(html).not.toContain(`<dt>${CATALOGS['en-US']['configurator.price.total']}</dt>`)
  })
})

describe('placing a pre-order', () => {
  async function customer() {
    const { person, id } = await saved()
    await person.signUp('/no', { name: 'Kari Nordmann', email: uniqueEmail('kari'), password: 'correct horse battery' })
    return { person, id }
  }

  it('answers "No record is found" to signed-in customers for an unknown or mismatched record', async () => {
    const { person, id } = await customer()
    for (const path of [`/no/pre-order/info-submission/${id}/p7`, '/no/pre-order/info-submission/nope/p5']) {
      const res = await person.request(path)
      expect(res.status, path).toBe(404)
      expect(decode(await res.text())).toContain(nb['error.noRecord.message'])
    }
  })

  it('places one pre-order per form with its deposit due and the terms consent; a private cash buyer gets no business lease incentive', async () => {
    const { person, id } = await customer()
    const path = `/no/pre-order/info-submission/${id}/p5`
    const page = decode(await (await person.request(path)).text())
    expect(page).toContain(nb['order.preOrder.submit'])
    expect(page).not.toContain('name="kind"')
    expect(page).not.toContain('id="order-orderAgreement"')
    const form = { ...NORWEGIAN_FORM, idempotencyKey: `key-${crypto.randomUUID()}` }
    const [a, b] = await Promise.all([person.postForm(path, form), person.postForm(path, form)])
    expect(a.status).toBe(303)
    expect(a.headers.get('location')).toBe(b.headers.get('location'))
    const rows = await env.DB.prepare(
      'SELECT id, kind, number, status, due_today AS due, document FROM orders WHERE configuration_id = ?1',
    )
      .bind(id)
      .all<{ id: string; kind: string; number: string; status: string; due: number; document: string }>()
    expect(rows.results).toHaveLength(1)
    const row = rows.results[0]
    expect(row).toMatchObject({ kind: 'preOrder', status: 'placed' })
    expect(row?.number).toMatch(/^NV-NO-[0-9A-Z]{6}$/)
    expect(row?.due).toBeGreaterThan(0)
    const order = JSON.parse(row?.document ?? '{}') as { incentives: string[]; amounts: { depositAmount: unknown } }
    expect(order.incentives).toEqual([])

    // Success, deposit through the test provider, then the order detail.
    const success = decode(await (await person.request(a.headers.get('location') ?? '')).text())
    expect(success).toContain(nb['order.preOrder.placed'])
    const paid = await payOrder(person, '/no', row?.id ?? '')
    expect(paid.status).toBe(303)
    const detail = decode(await (await person.request(`/no/order/${row?.id}`)).text())
    expect(detail).toContain(nb['order.status.preOrderPlaced'])
    expect(detail).toContain(nb['order.status.depositPaid'])
    expect(spaces(detail)).not.toContain(spaces(nb['order.preOrder.incentives']))
  })

  it('asks for the terms and keeps what was typed', async () => {
    const { person, id } = await customer()
    const res = await person.postForm(`/no/pre-order/info-submission/${id}/p5`, { ...NORWEGIAN_FORM, terms: '' })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toMatch(/id="order-terms"[^>]*aria-invalid="true"/)
    expect(html).toContain('value="Storgata 1"')
  })
})
