import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../catalog/markets'
import { CountryPriceRules, PriceRuleSet, parseCountryPriceRules, ruleSetValidOn } from './rules'
import { catalog, marketingFacts, rawRules, rulesByCountry } from './test-data'

describe('data/pricing', () => {
  it('has one valid rule file per site, each agreeing with the catalog market', () => {
    for (const country of COUNTRY_CODES) {
      const rules = rulesByCountry[country]
      expect(rules.country).toBe(country)
      const market = catalog.markets[country]
      for (const set of rules.ruleSets) {
        expect(set.currency).toBe(market?.currency)
        expect(set.amountsIncludeVat).toBe(market?.pricesIncludeVat)
      }
    }
  })

  it('has the standard VAT rates', () => {
    const rates = Object.fromEntries(
      COUNTRY_CODES.map((c) => [c, ruleSetValidOn(rulesByCountry[c], '2025-06-01')?.vat.rateBasisPoints]),
    )
    expect(rates).toEqual({
      // The global site's price is indicative: no country's VAT.
      GLOBAL: 0,
      NO: 2500,
      SE: 2500,
      DK: 2500,
      NL: 2100,
      DE: 1900,
      FR: 2000,
      BE: 2100,
      TH: 700,
      IS: 2400,
      LU: 1700,
      AT: 2000,
    })
  })

  it('dates and sources every figure, and explains every assumption', () => {
    for (const country of COUNTRY_CODES) {
      for (const set of rulesByCountry[country].ruleSets) {
        const sourced = [set, set.vat, ...set.fees, ...set.runningCosts, ...(set.preorderFee ? [set.preorderFee] : [])]
        for (const item of sourced) {
          expect(item.source.length).toBeGreaterThan(3)
          if (item.assumption) expect(item.assumptionNote).toMatch(/\w{3}/)
        }
      }
    }
  })

  it('dates the Norwegian threshold: NOK 500 000 from 2023, 300 000 from 2026, 150 000 from 2027', () => {
    const threshold = (date: string) => {
      const exemption = ruleSetValidOn(rulesByCountry.NO, date)?.vat.exemption
      return exemption?.kind === 'upTo' ? exemption.thresholdMinor : exemption?.kind
    }
    expect(threshold('2022-12-31')).toBe('full')
    expect(threshold('2023-01-01')).toBe(50000000)
    expect(threshold('2025-12-31')).toBe(50000000)
    expect(threshold('2026-01-01')).toBe(30000000)
    expect(threshold('2026-12-31')).toBe(30000000)
    expect(threshold('2027-01-01')).toBe(15000000)
    for (const date of ['2022-06-01', '2023-06-01', '2026-06-01', '2027-06-01']) {
      expect(ruleSetValidOn(rulesByCountry.NO, date)?.vat.exemption?.coversLeasing).toBe(true)
    }
  })

  it('uses the 2 400 kr wreck deposit and marks the unconfirmed 2026 weight rate as an estimate', () => {
    for (const set of rulesByCountry.NO.ruleSets) {
      expect(set.fees.find((f) => f.code === 'wreck-deposit')).toMatchObject({ amount: { minor: 240000 } })
    }
    const weight = (date: string) => ruleSetValidOn(rulesByCountry.NO, date)?.fees.find((f) => f.code === 'weight-tax')
    expect(weight('2023-06-01')).toMatchObject({ amount: { perKgMinor: 1250 } })
    expect(weight('2023-06-01')?.assumption).toBeUndefined()
    expect(weight('2026-06-01')).toMatchObject({ amount: { baseKg: 500, perKgMinor: 1250 }, assumption: true })
  })

  it('refuses a threshold that names a fee the set does not charge with VAT', () => {
    const set = structuredClone(rulesByCountry.NO.ruleSets.find((s) => s.validFrom === '2026-01-01'))
    if (set?.vat.exemption?.kind !== 'upTo') throw new Error('expected the 2026 threshold')
    set.vat.exemption.covers.feeCodes.push('wreck-deposit')
    expect(PriceRuleSet.safeParse(set).success).toBe(false)
  })

  it('keeps the SPEC §9 marketing figures', () => {
    expect(marketingFacts.stockListFromPrice).toMatchObject({ amountMinor: 5799000, currency: 'EUR' })
    expect(marketingFacts.businessLeaseInterest).toMatchObject({
      offerRateBasisPoints: 399,
      referenceRateBasisPoints: 699,
    })
  })
})

describe('ruleSetValidOn', () => {
  it('picks the latest set that has started', () => {
    expect(ruleSetValidOn(rulesByCountry.NO, '2022-12-31')?.validFrom).toBe('2022-01-01')
    expect(ruleSetValidOn(rulesByCountry.NO, '2023-01-01')?.validFrom).toBe('2023-01-01')
    expect(ruleSetValidOn(rulesByCountry.NO, '2025-12-31')?.validFrom).toBe('2023-01-01')
    expect(ruleSetValidOn(rulesByCountry.NO, '2026-11-24')?.validFrom).toBe('2026-01-01')
    expect(ruleSetValidOn(rulesByCountry.NO, '2030-01-01')?.validFrom).toBe('2027-01-01')
    expect(ruleSetValidOn(rulesByCountry.NO, '2021-12-31')).toBeUndefined()
  })

  it('refuses a date that is not an ISO date', () => {
    expect(() => ruleSetValidOn(rulesByCountry.NO, '01/06/2025')).toThrow()
  })
})

describe('CountryPriceRules schema', () => {
  const nl = () => structuredClone(rawRules.NL) as { ruleSets: Record<string, unknown>[] }

  it('refuses a fee with a fractional amount', () => {
    const data = nl()
    const fees = data.ruleSets[0]?.fees as { amount: { minor: number } }[]
    if (fees[0]) fees[0].amount.minor = 1070.11
    expect(parseCountryPriceRules(data).success).toBe(false)
  })

  it('refuses an assumption without a note', () => {
    const data = nl()
    const fees = data.ruleSets[0]?.fees as Record<string, unknown>[]
    if (fees[1]) delete fees[1].assumptionNote
    expect(parseCountryPriceRules(data).success).toBe(false)
  })

  it('refuses a VAT threshold on VAT-inclusive amounts, and takes one shown inside the lines', () => {
    const data = structuredClone(rawRules.NO) as { ruleSets: Record<string, unknown>[] }
    const set = data.ruleSets[1] as Record<string, unknown>
    set.display = { personal: 'inclVat', business: 'inclVat' }
    expect(CountryPriceRules.safeParse(data).success).toBe(true)
    set.amountsIncludeVat = true
    const parsed = CountryPriceRules.safeParse(data)
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('a VAT threshold needs net amounts')
  })

  it('refuses two rule sets starting the same day', () => {
    const data = nl()
    data.ruleSets.push(structuredClone(data.ruleSets[0] as Record<string, unknown>))
    expect(parseCountryPriceRules(data).success).toBe(false)
  })
})
