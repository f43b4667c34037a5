import { describe, expect, it } from 'vitest'
import p5 from '../../../data/catalog/p5.json'
import { COUNTRY_CODES, LOCALES } from './markets'
import { Catalog, catalogItem, parseCatalog } from './schema'

const catalog = Catalog.parse(p5)
const options = [...catalog.paints, ...catalog.wheels, ...catalog.interiors, ...catalog.packs, ...catalog.accessories]

describe('data/catalog/p5.json', () => {
  it('carries the SPEC §9 facts of the P5', () => {
    expect(catalog.model).toMatchObject({
      code: 'p5',
      name: 'P5',
      facts: { cargoLitres: 520, batteryKwh: 66, drive: 'frontWheelDrive' },
    })
    const ranges = catalog.versions.map((v) => v.facts.rangeKmWltp).sort()
    expect(ranges).toEqual([445, 465])
    for (const version of catalog.versions) {
      expect(version.facts).toMatchObject({
        batteryKwh: 66,
        acChargingKw: 11,
        fastCharging: { fromPercent: 10, toPercent: 80, minutes: 20 },
      })
      expect(version.facts.consumptionKwhPer100km.min).toBeGreaterThanOrEqual(17.5)
      expect(version.facts.consumptionKwhPer100km.max).toBeLessThanOrEqual(17.9)
    }
  })

  it('offers at least three paints with one two-tone, two wheel sizes and two interiors', () => {
    expect(catalog.paints.length).toBeGreaterThanOrEqual(3)
    expect(catalog.paints.filter((p) => p.finish === 'twoTone').every((p) => p.colours.length === 2)).toBe(true)
    expect(catalog.paints.some((p) => p.finish === 'twoTone')).toBe(true)
    expect(new Set(catalog.wheels.map((w) => w.inches)).size).toBeGreaterThanOrEqual(2)
    expect(catalog.interiors.length).toBeGreaterThanOrEqual(2)
    expect(catalog.packs.length).toBeGreaterThan(0)
    expect(catalog.accessories.length).toBeGreaterThan(0)
  })

  it('names every version and option in all 13 locales, translated rather than copied from English', () => {
    for (const item of [...catalog.versions, ...options]) {
      expect(Object.keys(item.names).sort()).toEqual([...LOCALES].sort())
      for (const locale of LOCALES) {
        if (locale !== 'en-US') expect(item.names[locale], `${item.code} ${locale}`).not.toBe(item.names['en-US'])
      }
    }
  })

  it('prices every version in every market, and leaves some options out of some markets', () => {
    for (const version of catalog.versions) {
      for (const country of COUNTRY_CODES)
        expect(version.prices[country], `${version.code} ${country}`).toBeTypeOf('number')
    }
    expect(catalog.paints.find((p) => p.code === 'aurora-green-black')?.prices.TH).toBeUndefined()
    expect(catalog.packs.find((p) => p.code === 'tow-pack')?.prices.TH).toBeUndefined()
  })

  it('gives every version a weight for the Norwegian weight tax', () => {
    for (const version of catalog.versions) expect(version.facts.weightKg).toBeGreaterThan(1000)
  })
})

describe('Catalog schema', () => {
  const broken = (change: (data: typeof p5) => void) => {
    const data = structuredClone(p5)
    change(data)
    return parseCatalog(data).success
  }

  it('accepts the seed file', () => {
    expect(parseCatalog(p5).success).toBe(true)
  })

  it('refuses a rule pointing at a code that does not exist', () => {
    expect(broken((d) => d.packs[2]?.requires?.push('warp-drive'))).toBe(false)
  })

  it('refuses a default paint the version does not allow', () => {
    expect(
      broken((d) => {
        const version = d.versions[0]
        if (version) version.defaults.paintCode = 'aurora-green-black'
      }),
    ).toBe(false)
  })

  it('refuses a two-tone paint with one colour and a fractional price', () => {
    expect(broken((d) => d.paints[3]?.colours.pop())).toBe(false)
    expect(
      broken((d) => {
        const paint = d.paints[1]
        if (paint) paint.prices.NL = 990.5
      }),
    ).toBe(false)
  })

  it('refuses a name missing a locale', () => {
    expect(
      broken((d) => {
        const names: Record<string, string> | undefined = d.wheels[0]?.names
        if (names) delete names['is-IS']
      }),
    ).toBe(false)
  })

  it('refuses a default that is not sold where its version is', () => {
    expect(
      broken((d) => {
        const prices: Partial<Record<string, number>> | undefined = d.paints[0]?.prices
        if (prices) delete prices.IS
      }),
    ).toBe(false)
  })

  it('looks up any code with its kind', () => {
    expect(catalogItem(catalog, 'fjord-blue')?.kind).toBe('paint')
    expect(catalogItem(catalog, 'long-range')?.kind).toBe('version')
    expect(catalogItem(catalog, 'floor-mats')?.kind).toBe('accessory')
    expect(catalogItem(catalog, 'nope')).toBeUndefined()
  })
})
