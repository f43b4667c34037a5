import { describe, expect, it } from 'vitest'
import p5 from '../../../data/catalog/p5.json'
import { ConfigurationError, defaultConfiguration } from './configuration'
import { deliveryWindow } from './delivery'
import { addDays } from './markets'
import { Catalog } from './schema'

const catalog = Catalog.parse(p5)

describe('deliveryWindow', () => {
  it('is the country lead time from today', () => {
    // Norway 8–12 weeks: 2025-03-03 + 56 days = 2025-04-28; + 84 days = 2025-05-26.
    expect(deliveryWindow(catalog, 'NO', defaultConfiguration(catalog, 'NO'), '2025-03-03')).toEqual({
      minWeeks: 8,
      maxWeeks: 12,
      earliest: '2025-04-28',
      latest: '2025-05-26',
      lengthenedBy: [],
    })
    expect(deliveryWindow(catalog, 'TH', defaultConfiguration(catalog, 'TH'), '2025-03-03')).toMatchObject({
      minWeeks: 16,
      maxWeeks: 20,
    })
  })

  it('adds the longest extra of the chosen options, not their sum', () => {
    // Netherlands 10–14 weeks; two-tone paint +4, tow bar +3, premium sound +2 → +4: 14–18 weeks.
    const configuration = {
      ...defaultConfiguration(catalog, 'NL', 'long-range'),
      paintCode: 'aurora-green-black',
      packCodes: ['tech-pack', 'premium-sound', 'tow-pack'],
    }
    expect(deliveryWindow(catalog, 'NL', configuration, '2025-12-01')).toEqual({
      minWeeks: 14,
      maxWeeks: 18,
      earliest: '2026-03-09',
      latest: '2026-04-06',
      lengthenedBy: [
        { code: 'aurora-green-black', extraWeeks: 4 },
        { code: 'tow-pack', extraWeeks: 3 },
        { code: 'premium-sound', extraWeeks: 2 },
      ],
    })
  })

  it('refuses a configuration that does not validate', () => {
    const configuration = { ...defaultConfiguration(catalog, 'TH', 'long-range'), paintCode: 'aurora-green-black' }
    expect(() => deliveryWindow(catalog, 'TH', configuration, '2025-03-03')).toThrow(ConfigurationError)
  })
})

describe('addDays', () => {
  it('counts calendar days across month, year and daylight-saving changes', () => {
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31')
    expect(() => addDays('2025-13-01', 1)).toThrow()
    expect(() => addDays('2025-01-01', 1.5)).toThrow(RangeError)
  })
})
