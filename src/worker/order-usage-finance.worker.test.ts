import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DUTCH_ORDER_FORM, savedBuild, signedUp } from '../../test/fixtures'
import { decode } from '../../test/visitor'
import { financeFingerprint } from '../domain/finance/chosen'
import type { Order } from '../domain/order/order'
import { CATALOGS } from '../i18n/catalogs'

const nl = CATALOGS['nl-NL']
const BUSINESS = {
  ...DUTCH_ORDER_FORM,
  usage: 'business',
  companyName: 'De Vries Advies BV',
  companyNumber: '12345678',
  companyAddress: 'Keizersgracht 1, Amsterdam',
}

const preferenceIn = (html: string) => /name="financePreference" value="([^"]*)"/.exec(html)?.[1]
/** The ways to pay the form offers a customer type: the names of its links, the current one marked with `*`. */
function waysToPay(html: string, usage: 'personal' | 'business'): string[] {
  const nav = new RegExp(`<nav class="[^"]*order-form__for-${usage}"[^>]*>(.*?)</nav>`).exec(html)?.[1] ?? ''
  return [...nav.matchAll(/<a href="([^"]+)"( aria-current="true")?>([^<]+)<\/a>/g)].map(
    ([, href, current, name]) => `${decode(name ?? '')}${current ? '*' : ''} ${decode(href ?? '').split('?')[1]}`,
  )
}

async function storedOrders(configurationId: string): Promise<Order[]> {
  const { results } = await env.DB.prepare('SELECT document FROM orders WHERE configuration_id = ?1')
    .bind(configurationId)
    .all<{ document: string }>()
  return results.map((row) => JSON.parse(row.document) as Order)
}

describe('the order form offers the finance of the customer type (issue 46)', () => {
  it('offers a business the configurator’s business products and a private buyer the private ones', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl', 'version=long-range&paint=fjord-blue&finance=privateLease&term=48')
    const html = await (await person.request(`/nl/configurator/info-submission/${id}`)).text()

    expect(waysToPay(html, 'personal')).toEqual([
      `${nl['finance.product.cash']} usage=personal&finance=cash`,
      `${nl['finance.product.loan']} usage=personal&finance=loan`,
      `${nl['finance.product.privateLease']}* usage=personal&finance=privateLease`,
      `${nl['finance.product.bankPrivateLease']} usage=personal&finance=bankPrivateLease`,
    ])
    // As the configurator's business mode: operational and financial lease, no private lease (nor, in NL, a loan).
    expect(waysToPay(html, 'business')).toEqual([
      `${nl['finance.product.cash']} usage=business&finance=cash`,
      `${nl['finance.product.operationalLease']} usage=business&finance=operationalLease`,
      `${nl['finance.product.financialLease']} usage=business&finance=financialLease`,
    ])
    expect(html).toContain(`class="field__hint order-form__for-business">${nl['order.finance.chooseForUsage']}`)
  })

  it('opens a build of the configurator’s business mode for a business, and a private buyer keeps private lease', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl', 'version=long-range&usage=business&finance=operationalLease')
    const path = `/nl/configurator/info-submission/${id}`
    const business = await (await person.request(path)).text()
    expect(business).toMatch(/name="usage" checked="" value="business"/)
    expect(preferenceIn(business)).toBe('operationalLease')

    const personal = await (await person.request(`${path}?usage=personal&finance=privateLease`)).text()
    expect(personal).toMatch(/name="usage" checked="" value="personal"/)
    expect(waysToPay(personal, 'personal')).toContain(
      `${nl['finance.product.privateLease']}* usage=personal&finance=privateLease`,
    )
    expect(preferenceIn(personal)).toBe('privateLease')
    expect(personal).toContain(`<caption>${nl['price.basis.inclVat']}</caption>`)
  })

  it('orders an operational lease for a business with the figures its form showed, without JavaScript', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl')
    const path = `/nl/configurator/info-submission/${id}?usage=business&finance=operationalLease`
    const form = await (await person.request(path)).text()
    expect(form).toMatch(/name="usage" checked="" value="business"/)
    expect(waysToPay(form, 'business')).toContain(
      `${nl['finance.product.operationalLease']}* usage=business&finance=operationalLease`,
    )
    expect(preferenceIn(form)).toBe('operationalLease')
    expect(form).toContain(`<caption>${nl['price.basis.exclVat']}</caption>`)
    // Its choices are changed in the configurator's business mode.
    expect(decode(form)).toMatch(/href="\/nl\/configurator\/[\w-]+\?finance=operationalLease&usage=business"/)
    const shown = /name="financeFingerprint" value="([^"]+)"/.exec(form)?.[1] ?? ''

    const res = await person.postForm(path, {
      ...BUSINESS,
      financePreference: 'operationalLease',
      financeFingerprint: shown,
      idempotencyKey: `key-${crypto.randomUUID()}`,
    })
    expect(res.status).toBe(303)
    const [order] = await storedOrders(id)
    expect(order?.financePreference).toBe('operationalLease')
    expect(order?.finance?.kind).toBe('operationalLease')
    expect(financeFingerprint(order?.finance ?? null)).toBe(shown)
    expect(order?.contact.usage).toBe('business')
  })

  it('refuses a private lease for a business with a field error, and keeps nothing in its place', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl', 'version=long-range&paint=fjord-blue&finance=privateLease&term=48')
    const path = `/nl/configurator/info-submission/${id}`
    const form = await (await person.request(path)).text()
    // The customer ticks "business" but keeps the private lease the build came with.
    const res = await person.postForm(path, {
      ...BUSINESS,
      financePreference: 'privateLease',
      financeFingerprint: /name="financeFingerprint" value="([^"]+)"/.exec(form)?.[1] ?? '',
      idempotencyKey: `key-${crypto.randomUUID()}`,
    })
    expect(res.status).toBe(422)
    const html = await res.text()
    const message = nl['order.error.financeNotOffered']
      .replace('{product}', nl['finance.product.privateLease'])
      .replace('{usage}', nl['configurator.usage.business'])
    expect(decode(html)).toContain(`<p id="order-finance-error" class="field__error">${message}</p>`)
    expect(decode(html)).toContain(`href="#order-finance">${message}`)
    expect(html).toMatch(/name="usage" checked="" value="business"/)
    // Sent again as it is, it is refused again: the form did not swap in another way to pay.
    expect(preferenceIn(html)).toBe('privateLease')
    expect(waysToPay(html, 'business').some((way) => way.includes('*'))).toBe(false)
    expect(await storedOrders(id)).toEqual([])
  })

  it('refuses a loan for a Dutch business, which the configurator does not offer it either', async () => {
    const { someone: person } = await signedUp('/nl')
    const id = await savedBuild(person, '/nl')
    const res = await person.postForm(`/nl/configurator/info-submission/${id}?usage=business`, {
      ...BUSINESS,
      financePreference: 'loan',
      financeFingerprint: 'deadbeef',
      idempotencyKey: `key-${crypto.randomUUID()}`,
    })
    expect(res.status).toBe(422)
    expect(decode(await res.text())).toContain(
      nl['order.error.financeNotOffered']
        .replace('{product}', nl['finance.product.loan'])
        .replace('{usage}', nl['configurator.usage.business']),
    )
    expect(await storedOrders(id)).toEqual([])
  })
})
