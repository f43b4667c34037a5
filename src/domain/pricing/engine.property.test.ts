import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Configuration, reconcileConfiguration } from '../catalog/configuration'
import { COUNTRY_CODES, type CountryCode } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import { onTheRoadPrice, type PriceQuote } from './engine'
import type { CountryPriceRules, FeeRule, PriceRuleSet } from './rules'
import { catalog, rulesByCountry } from './test-data'

const allCodes = [
  ...catalog.versions,
  ...catalog.paints,
  ...catalog.wheels,
  ...catalog.interiors,
  ...catalog.packs,
  ...catalog.accessories,
].map((item) => item.code)

const anyCode = fc.constantFrom(...allCodes, 'no-such-option')
/** Anything a visitor could send, valid or not; reconcile turns it into a car that can be priced. */
const rawConfiguration: fc.Arbitrary<Configuration> = fc.record({
  modelCode: fc.constantFrom('p5', 'p5', 'p5', 'p9'),
  versionCode: anyCode,
  paintCode: anyCode,
  wheelCode: anyCode,
  interiorCode: anyCode,
  packCodes: fc.array(anyCode, { maxLength: 6 }),
  accessoryCodes: fc.array(anyCode, { maxLength: 6 }),
})
const country = fc.constantFrom(...COUNTRY_CODES)
const usage = fc.constantFrom('personal' as const, 'business' as const)

function expectConsistent(q: PriceQuote) {
  const amounts = [
    ...q.lines.flatMap((l) => [l.amount, l.vatIncluded]),
    q.totalInclVat,
    q.totalExclVat,
    q.vat,
    ...Object.values(q.breakdown),
    ...q.runningCosts.map((c) => c.amount),
    q.depositAmount ?? 0,
  ]
  for (const amount of amounts) {
    expect(Number.isSafeInteger(amount)).toBe(true)
    expect(amount).toBeGreaterThanOrEqual(0)
  }
  expect(q.lines.reduce((total, l) => total + l.amount, 0)).toBe(q.totalInclVat)
  expect(q.totalExclVat + q.vat).toBe(q.totalInclVat)
  const vatInLines = q.lines.reduce((total, l) => total + (l.vatTreatment === 'vat' ? l.amount : l.vatIncluded), 0)
  expect(vatInLines).toBe(q.vat)
  for (const l of q.lines) {
    expect(l.vatIncluded).toBeLessThanOrEqual(l.amount)
    if (l.vatTreatment !== 'includesVat') expect(l.vatIncluded).toBe(0)
  }
  expect(q.breakdown.msrpPrice).toBe(q.totalInclVat)
  expect(q.breakdown.msrp).toBeGreaterThanOrEqual(q.breakdown.msrpWithoutVat)
}

describe('onTheRoadPrice invariants', () => {
  it('lines sum to the totals and no amount is fractional, for any car in any country', () => {
    fc.assert(
      fc.property(country, usage, rawConfiguration, (c, u, raw) => {
        const { configuration } = reconcileConfiguration(catalog, c, raw)
        const q = onTheRoadPrice({
          catalog,
          rules: rulesByCountry[c],
          country: c,
          usage: u,
          configuration,
          date: '2025-06-01',
        })
        expectConsistent(q)
      }),
      { numRuns: 300 },
    )
  })

  it('personal and business buyers pay the same total; only the presentation differs', () => {
    fc.assert(
      fc.property(country, rawConfiguration, (c, raw) => {
        const { configuration } = reconcileConfiguration(catalog, c, raw)
        const price = (u: 'personal' | 'business') =>
          onTheRoadPrice({ catalog, rules: rulesByCountry[c], country: c, usage: u, configuration, date: '2025-06-01' })
        expect(price('personal').totalInclVat).toBe(price('business').totalInclVat)
        expect(price('personal').vat).toBe(price('business').vat)
      }),
      { numRuns: 150 },
    )
  })

  // Arbitrary rule data, to exercise rounding far beyond the figures in data/pricing.
  const feeRule: fc.Arbitrary<FeeRule> = fc.record({
    code: fc.constantFrom('fee-a', 'fee-b', 'fee-c', 'fee-d'),
    labelKey: fc.constant('price.line.deliveryFee'),
    amount: fc.oneof(
      fc.record({ kind: fc.constant('fixed' as const), minor: fc.integer({ min: 0, max: 5_000_000 }) }),
      fc.record({
        kind: fc.constant('perKgAboveBase' as const),
        baseKg: fc.integer({ min: 0, max: 2500 }),
        perKgMinor: fc.integer({ min: 0, max: 10_000 }),
      }),
    ),
    vat: fc.constantFrom('standard' as const, 'exempt' as const, 'outOfScope' as const),
    countsAs: fc.constantFrom('deliveryFee' as const, 'weightTax' as const, 'other' as const),
    source: fc.constant('property test'),
  })
  const ruleSet = fc
    .record({
      rate: fc.integer({ min: 0, max: 10_000 }),
      includeVat: fc.boolean(),
      exemption: fc.constantFrom('none', 'full', 'upTo'),
      threshold: fc.integer({ min: 0, max: 100_000_000 }),
      personal: fc.constantFrom('inclVat' as const, 'exclVat' as const),
      business: fc.constantFrom('inclVat' as const, 'exclVat' as const),
      fees: fc.uniqueArray(feeRule, { selector: (fee) => fee.code, maxLength: 4 }),
    })
    .map((r): PriceRuleSet => {
      const band = r.exemption === 'upTo'
      return {
        validFrom: '2020-01-01',
        checkedOn: '2020-01-01',
        reviewBy: '2020-12-31',
        currency: 'EUR',
        amountsIncludeVat: band ? false : r.includeVat,
        vat: {
          rateBasisPoints: r.rate,
          source: 'property test',
          ...(r.exemption === 'none'
            ? {}
            : {
                exemption: band
                  ? {
                      kind: 'upTo',
                      thresholdMinor: r.threshold,
                      covers: { itemKinds: ['version', 'paint', 'wheel', 'interior', 'pack'], feeCodes: [] },
                      coversLeasing: true,
                      source: 'property test',
                    }
                  : { kind: 'full', coversLeasing: true, source: 'property test' },
              }),
        },
        display: band ? { personal: 'exclVat', business: 'exclVat' } : { personal: r.personal, business: r.business },
        fees: r.fees,
        runningCosts: [],
        notes: [],
        preorderFee: null,
        orderable: false,
        source: 'property test',
      }
    })

  it('holds for arbitrary VAT rates, exemptions, display modes and fees', () => {
    fc.assert(
      fc.property(ruleSet, usage, rawConfiguration, (set, u, raw) => {
        const c: CountryCode = 'NL'
        const market = {
          currency: 'EUR' as const,
          pricesIncludeVat: set.amountsIncludeVat,
          leadTimeWeeks: { min: 1, max: 2 },
        }
        const testCatalog: Catalog = { ...catalog, markets: { ...catalog.markets, [c]: market } }
        const rules: CountryPriceRules = { country: c, ruleSets: [set] }
        const { configuration } = reconcileConfiguration(testCatalog, c, raw)
        expectConsistent(
          onTheRoadPrice({ catalog: testCatalog, rules, country: c, usage: u, configuration, date: '2025-06-01' }),
        )
      }),
      { numRuns: 400 },
    )
  })
})
