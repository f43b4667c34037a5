import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import marketing from '../../../data/pricing/marketing.json'
import { COUNTRY_CODES } from '../catalog/markets'
import { FINANCE_KINDS, isCreditProduct, isLeaseProduct, productsFor } from './products'
import { CountryFinanceProducts, DutchFinanceStatusSchema, parseFinanceProducts } from './schema'
import { financeData, rawFinance } from './test-data'

const DAY = '2025-06-01'
const byCountry = (country: string) => {
  const data = financeData.find((entry) => entry.country === country)
  if (data === undefined) throw new Error(`no finance data for ${country}`)
  return data
}

describe('finance data files', () => {
  it('exist for every country site and not for the global one', () => {
    const files = readdirSync(new URL('../../../data/finance/', import.meta.url)).filter((f) => f.endsWith('.json'))
    const expected = COUNTRY_CODES.filter((code) => code !== 'GLOBAL').map((code) => `${code.toLowerCase()}.json`)
    expect(files.sort()).toEqual(expected.sort())
    expect(Object.keys(rawFinance).sort()).toEqual(expected.map((f) => f.replace('.json', '')).sort())
  })

  it.each(financeData.map((data) => [data.country, data] as const))(
    '%s uses its price rules’ currency',
    (country, data) => {
      const pricing = JSON.parse(
        readFileSync(new URL(`../../../data/pricing/${country.toLowerCase()}.json`, import.meta.url), 'utf8'),
      ) as { ruleSets: { currency: string }[] }
      expect(pricing.ruleSets.map((set) => set.currency)).toContain(data.currency)
    },
  )

  it('marks every partner figure as an assumption with a note', () => {
    for (const data of financeData) {
      for (const product of data.products.filter((p) => p.kind !== 'cash')) {
        expect(product.assumption, `${data.country} ${product.kind}`).toBe(true)
        expect(product.assumptionNote?.length).toBeGreaterThan(10)
      }
    }
  })

  it('prices business leases at the advertised 3.99 % and private leases at 6.99 % (SPEC §9)', () => {
    const { offerRateBasisPoints, referenceRateBasisPoints } = marketing.businessLeaseInterest
    for (const product of financeData.flatMap((data) => data.products).filter(isLeaseProduct)) {
      const business = product.usage.length === 1 && product.usage[0] === 'business'
      expect(product.nominalRateBp).toBe(business ? offerRateBasisPoints : referenceRateBasisPoints)
    }
  })

  it('offers cash everywhere, hire purchase in Thailand and no lease in Iceland or Thailand', () => {
    const kinds = (country: string) => byCountry(country).products.map((p) => p.kind)
    for (const data of financeData) expect(kinds(data.country)).toContain('cash')
    expect(kinds('TH')).toEqual(['cash', 'hirePurchase'])
    expect(kinds('IS')).toEqual(['cash', 'loan'])
    expect(kinds('NL')).toEqual(
      expect.arrayContaining(['loan', 'operationalLease', 'privateLease', 'financialLease', 'bankPrivateLease']),
    )
  })

  it('asks a birthday only for the Dutch private lease (SPEC §5)', () => {
    const asking = financeData.flatMap((data) =>
      data.products
        .filter(isLeaseProduct)
        .filter((p) => p.requiresBirthday)
        .map((p) => `${data.country} ${p.kind}`),
    )
    expect(asking).toEqual(['NL privateLease'])
  })
})

describe('CountryFinanceProducts schema', () => {
  const nl = rawFinance.nl as { products: Record<string, unknown>[] }
  const withProduct = (index: number, change: Record<string, unknown>) => ({
    ...nl,
    products: nl.products.map((p, i) => (i === index ? { ...p, ...change } : p)),
  })
  const leaseIndex = nl.products.findIndex((p) => p.kind === 'privateLease')
  const loanIndex = nl.products.findIndex((p) => p.kind === 'loan')

  it('refuses rates as percentages, fractions of a cent and unknown kinds', () => {
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, { nominalRateBp: 6.49 })).success).toBe(false)
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, { fees: { fee1: 0.5, fee3: 0 } })).success).toBe(
      false,
    )
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, { kind: 'crypto' })).success).toBe(false)
  })

  it('refuses a partner figure without its assumption note', () => {
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, { assumptionNote: undefined })).success).toBe(false)
    const { assumption: _a, assumptionNote: _n, ...unmarked } = nl.products[loanIndex] ?? {}
    expect(CountryFinanceProducts.safeParse({ ...nl, products: [unmarked] }).success).toBe(false)
  })

  it('refuses a residual table with a hole or a value that rises with mileage', () => {
    const product = nl.products[leaseIndex] as { residualValues: { residualBp: number }[] }
    const holed = product.residualValues.slice(1)
    expect(CountryFinanceProducts.safeParse(withProduct(leaseIndex, { residualValues: holed })).success).toBe(false)
    const rising = product.residualValues.map((row, i) => (i === 1 ? { ...row, residualBp: 9_000 } : row))
    expect(CountryFinanceProducts.safeParse(withProduct(leaseIndex, { residualValues: rising })).success).toBe(false)
  })

  it('refuses defaults outside the limits, reversed ranges and two products of a kind on one day', () => {
    const loan = nl.products[loanIndex] as { defaults: object; limits: object }
    const badDefault = { defaults: { ...loan.defaults, termMonths: 13 } }
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, badDefault)).success).toBe(false)
    const reversed = { limits: { ...loan.limits, downPaymentBp: { min: 5_000, max: 1_000 } } }
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, reversed)).success).toBe(false)
    expect(
      CountryFinanceProducts.safeParse({ ...nl, products: [...nl.products, nl.products[loanIndex]] }).success,
    ).toBe(false)
    expect(CountryFinanceProducts.safeParse(withProduct(loanIndex, { validTo: '2024-12-31' })).success).toBe(false)
  })

  it('refuses finance data for the global site', () => {
    expect(() => parseFinanceProducts({ ...nl, country: 'GLOBAL' })).toThrow()
  })

  it('parses Dutch finance status codes and nothing else', () => {
    expect(DutchFinanceStatusSchema.parse(10)).toBe(10)
    expect(DutchFinanceStatusSchema.safeParse(5).success).toBe(false)
    expect(DutchFinanceStatusSchema.safeParse('1').success).toBe(false)
  })
})

describe('productsFor', () => {
  it('lists a country’s products for a usage in the SPEC §9 order', () => {
    expect(productsFor(financeData, 'NL', 'personal', DAY).map((p) => p.kind)).toEqual([
      'cash',
      'loan',
      'privateLease',
      'bankPrivateLease',
    ])
    expect(productsFor(financeData, 'NL', 'business', DAY).map((p) => p.kind)).toEqual([
      'cash',
      'operationalLease',
      'financialLease',
    ])
    const order = (kinds: string[]) => kinds.map((k) => FINANCE_KINDS.indexOf(k as (typeof FINANCE_KINDS)[number]))
    for (const data of financeData) {
      const indices = order(productsFor(financeData, data.country, 'personal', DAY).map((p) => p.kind))
      expect(indices).toEqual([...indices].sort((a, b) => a - b))
    }
  })

  it('gives the global site and unknown days nothing, and keeps validity boundaries inclusive', () => {
    expect(productsFor(financeData, 'GLOBAL', 'personal', DAY)).toEqual([])
    expect(productsFor(financeData, 'NO', 'personal', '2024-12-31')).toEqual([])
    expect(productsFor(financeData, 'NO', 'personal', '2025-01-01').length).toBeGreaterThan(0)
    expect(productsFor(financeData, 'NO', 'personal', '2027-12-31').length).toBeGreaterThan(0)
    expect(productsFor(financeData, 'NO', 'personal', '2028-01-01')).toEqual([])
    expect(() => productsFor(financeData, 'NO', 'personal', '2025-02-30')).toThrow(RangeError)
  })

  it('finds at most one product per kind and tells credit from lease', () => {
    for (const data of financeData) {
      for (const usage of ['personal', 'business'] as const) {
        const products = productsFor(financeData, data.country, usage, DAY)
        expect(new Set(products.map((p) => p.kind)).size).toBe(products.length)
        for (const p of products) expect(isCreditProduct(p) || isLeaseProduct(p) || p.kind === 'cash').toBe(true)
      }
    }
  })
})
