import { describe, expect, it } from 'vitest'
import { defaultConfiguration } from '../catalog/configuration'
import { onTheRoadPrice, zipInRanges } from './engine'
import { FeeRule } from './rules'
import { catalog, rulesByCountry } from './test-data'

describe('fees for delivery outside an area (Norway: shipping outside Oslo, SPEC §9)', () => {
  const base = {
    catalog,
    rules: rulesByCountry.NO,
    country: 'NO' as const,
    usage: 'personal' as const,
    configuration: defaultConfiguration(catalog, 'NO'),
    date: '2026-11-22',
  }

  it('tells postal codes inside the ranges from those outside', () => {
    expect(zipInRanges('0150', [['0001', '1299']])).toBe(true)
    expect(zipInRanges('1299', [['0001', '1299']])).toBe(true)
    expect(zipInRanges('1300', [['0001', '1299']])).toBe(false)
    expect(zipInRanges('150', [['0001', '1299']])).toBe(false)
  })

  it('charges nothing without a postal code or inside Oslo', () => {
    const without = onTheRoadPrice(base)
    expect(onTheRoadPrice({ ...base, deliveryZip: '0150' }).totalInclVat).toBe(without.totalInclVat)
    expect(without.lines.map((line) => line.code)).not.toContain('shipping-outside-oslo')
  })

  it('adds NOK 4 900 outside Oslo; above the 2026 band of NOK 300 000 it carries 25 % VAT', () => {
    const inside = onTheRoadPrice({ ...base, deliveryZip: '0150' })
    const bergen = onTheRoadPrice({ ...base, deliveryZip: '5003' })
    // Standard Range 450 000 + fees 2 990 + 3 490 + 2 500 = 458 980 VAT-able, already above 300 000, so the
    // extra 4 900 adds 4 900 net and 25 % of it (1 225) VAT, shown to a private buyer inside its line: 6 125.00 NOK.
    const shipping = bergen.lines.find((line) => line.code === 'shipping-outside-oslo')
    expect(shipping).toMatchObject({ amount: 612_500, vatIncluded: 122_500 })
    expect(bergen.vat - inside.vat).toBe(122_500)
    expect(bergen.totalInclVat - inside.totalInclVat).toBe(612_500)
    expect(bergen.breakdown.deliveryFee - inside.breakdown.deliveryFee).toBe(612_500)
  })

  it('adds it VAT-free while the car stays under the NOK 500 000 band of 2025', () => {
    const inside = onTheRoadPrice({ ...base, date: '2025-06-01', deliveryZip: '0150' })
    const bergen = onTheRoadPrice({ ...base, date: '2025-06-01', deliveryZip: '5003' })
    // 458 980 + 4 900 = 463 880 VAT-able, under 500 000.
    expect(bergen.totalInclVat - inside.totalInclVat).toBe(490_000)
    expect(bergen.vat).toBe(0)
  })

  it('refuses a range that runs backwards or mixes lengths', () => {
    const fee = {
      code: 'shipping',
      labelKey: 'price.line.shippingOutsideOslo',
      amount: { kind: 'fixed', minor: 1 },
      vat: 'standard',
      countsAs: 'deliveryFee',
      source: 'test data',
    }
    const outside = (zipRanges: string[][]) => ({ ...fee, when: { deliveredOutside: { area: 'Oslo', zipRanges } } })
    expect(FeeRule.safeParse(outside([['0001', '1299']])).success).toBe(true)
    expect(FeeRule.safeParse(outside([['1299', '0001']])).success).toBe(false)
    expect(FeeRule.safeParse(outside([['001', '1299']])).success).toBe(false)
  })
})
