import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { visitor } from '../../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { CATALOGS } from '../../i18n/catalogs'

const CAR = EXAMPLE_CONFIGURATION

interface FinanceBody {
  summary: { monthlyPayment: number; applied: { termMonths: number } }
  described: { monthly: string; figures: { key: string; value: string }[] }
  comparison: { kind: string; totalCost: number }[]
  offer: { id: string; expiresAt: string } | null
}

const quote = (body: Record<string, unknown>, language = 'nl-NL') =>
  visitor({ language }).api('/api/v1/finance-quotes', { site: '/nl', usage: 'personal', configuration: CAR, ...body })

describe('POST /api/v1/finance-quotes', () => {
  it('gives the monthly payment with APR, cost of credit and total to repay, and every product side by side', async () => {
    const res = await quote({ product: 'loan' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as FinanceBody
    expect(body.summary.monthlyPayment).toBeGreaterThan(0)
    expect(body.described.monthly).toMatch(/€/)
    expect(body.described.figures.map((f) => f.key)).toEqual(
      expect.arrayContaining(['finance.field.apr', 'finance.field.creditCost', 'finance.field.totalToRepay']),
    )
    expect(body.comparison.map((c) => c.kind)).toEqual(expect.arrayContaining(['cash', 'loan', 'privateLease']))
    const cash = body.comparison.find((c) => c.kind === 'cash')
    const loan = body.comparison.find((c) => c.kind === 'loan')
    expect(loan?.totalCost).toBeGreaterThan(cash?.totalCost ?? Number.POSITIVE_INFINITY)
  })

  it('prices a lease from the car’s net value and says what it is', async () => {
    // Long Range 51 990.00 (net 42 966.94) + preparation 1 070.11 (net 884.39) + recycling 77.67 (net 64.19),
    // all with 21 % VAT inside, + registration 50.22 outside VAT: a net value of 43 965.74.
    const body = (await (await quote({ product: 'privateLease' })).json()) as FinanceBody
    const base = body.described.figures.find((f) => f.key === 'finance.field.leaseBase')
    expect(base?.value.replace(/\s/g, ' ')).toBe('€ 43.965,74')
    expect(body.described.figures.some((f) => f.key === 'finance.field.rentVatShare')).toBe(false)
  })

  it('charges a Norwegian lease VAT only on the share of the rent above the exemption threshold', async () => {
    const res = await visitor({ language: 'nb-NO' }).api('/api/v1/finance-quotes', {
      site: '/no',
      usage: 'personal',
      configuration: CAR,
      product: 'privateLease',
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as FinanceBody
    const share = body.described.figures.find((f) => f.key === 'finance.field.rentVatShare')
    // The Long Range's VAT-able cost is 498 880 (489 900 + delivery 8 980): in 2026 198 880 of it lies above
    // NOK 300 000 (39.87 %), from 2027 348 880 above NOK 150 000 (69.93 %). The quote is dated today.
    const expected = new Date().toISOString() < '2026-12-31T23:00:00Z' ? '39,87 %' : '69,93 %'
    expect(share?.value.replace(/\s/g, ' ')).toBe(expected)
  })

  it('pays less a month over a longer term', async () => {
    const short = (await (await quote({ product: 'loan', choice: { termMonths: 24 } })).json()) as FinanceBody
    const long = (await (await quote({ product: 'loan', choice: { termMonths: 72 } })).json()) as FinanceBody
    expect(short.summary.applied.termMonths).toBe(24)
    expect(short.summary.monthlyPayment).toBeGreaterThan(long.summary.monthlyPayment)
  })

  it('refuses an out-of-range down payment with the allowed range in the visitor’s language, keeping nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM finance_offers').first<{ n: number }>()
    const res = await quote({ product: 'loan', choice: { downPayment: 999_999_999 }, keep: true })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { fields: { path: string; message: string }[] } }
    expect(body.error.fields[0]?.path).toBe('choice.downPayment')
    expect(body.error.fields[0]?.message).toMatch(/€/)
    expect(
      body.error.fields[0]?.message.startsWith(
        CATALOGS['nl-NL']['finance.problem.downPaymentOutOfRange'].split('{')[0] ?? '',
      ),
    ).toBe(true)
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM finance_offers').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('refuses a product the country does not offer, and a term the product does not offer', async () => {
    const iceland = await visitor().api('/api/v1/finance-quotes', {
      site: '/is',
      usage: 'personal',
      configuration: CAR,
      product: 'privateLease',
    })
    expect(iceland.status).toBe(422)
    const term = await quote({ product: 'loan', choice: { termMonths: 7 } })
    expect(term.status).toBe(422)
    expect(((await term.json()) as { error: { fields: { path: string }[] } }).error.fields[0]?.path).toBe(
      'choice.termMonths',
    )
  })
})

describe('kept offers', () => {
  it('keeps a customised offer until it expires, then answers "Finance Option Has Expired"', async () => {
    const person = visitor({ language: 'de-DE' })
    const kept = (await (
      await person.api('/api/v1/finance-quotes', {
        site: '/de',
        usage: 'personal',
        configuration: CAR,
        product: 'loan',
        keep: true,
      })
    ).json()) as FinanceBody
    const id = kept.offer?.id ?? ''
    expect(id).toMatch(/^[\w-]{12}$/)
    expect((await person.request(`/api/v1/finance-offers/${id}`)).status).toBe(200)
    await env.DB.prepare(`UPDATE finance_offers SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?1`)
      .bind(id)
      .run()
    const expired = await person.request(`/api/v1/finance-offers/${id}`, { headers: { language: 'de-DE' } })
    expect(expired.status).toBe(410)
    expect(await expired.json()).toEqual({
      error: { code: 'offer_expired', message: CATALOGS['de-DE']['finance.offerExpired.message'] },
    })
    expect((await person.request('/api/v1/finance-offers/nope')).status).toBe(404)
  })
})
