import { describe, expect, it } from 'vitest'
import { type Configuration, defaultConfiguration } from '../catalog/configuration'
import type { CountryCode, Usage } from '../catalog/markets'
import {
  catalogPriceOn,
  displayedBreakdown,
  headlinePrice,
  optionPriceOn,
  priceBasis,
  priceStatement,
  statedBreakdown,
} from './display'
import { onTheRoadPrice } from './engine'
import type { PriceRuleSet } from './rules'
import { catalog, rulesByCountry } from './test-data'
import { ruleSetValidOn } from './valid-on'

const DATE = '2025-06-01'
const quote = (country: CountryCode, usage: Usage, configuration = defaultConfiguration(catalog, country)) =>
  onTheRoadPrice({ catalog, rules: rulesByCountry[country], country, usage, configuration, date: DATE })
const ruleSet = (country: CountryCode): PriceRuleSet => {
  const set = ruleSetValidOn(rulesByCountry[country], DATE)
  if (!set) throw new Error(`no ${country} rules`)
  return set
}
const amounts = (rows: { code: string; amount: number }[]) => rows.map((row) => [row.code, row.amount])

describe('displayedBreakdown', () => {
  it('states a Dutch business price net, line by line, with VAT on its own row', () => {
    // Net = gross − VAT, VAT = 21/121 of each gross line rounded half up:
    // car 47 990.00 → 39 661.16; preparation 1 070.11 → 884.39; recycling 77.67 → 64.19; registration 50.22 (no VAT).
    const shown = displayedBreakdown(quote('NL', 'business'))
    expect(shown.basis).toBe('exclVat')
    expect(amounts(shown.rows)).toEqual([
      ['standard-range', 3_966_116],
      ['arctic-white', 0],
      ['aero-18', 0],
      ['textile-charcoal', 0],
      ['vehicle-preparation', 88_439],
      ['recycling-fee', 6_419],
      ['registration', 5_022],
    ])
    // 39 661.16 + 884.39 + 64.19 + 50.22 = 40 659.96; VAT 8 328.84 + 185.72 + 13.48 = 8 528.04; 49 188.00 to pay.
    expect(shown.subtotal).toBe(4_065_996)
    expect(shown.vat).toBe(852_804)
    expect(shown.total).toBe(4_918_800)
    expect(shown.subtotal + shown.vat).toBe(shown.total)
  })

  it('states a Dutch personal price with VAT inside every row, and the VAT they contain', () => {
    const shown = displayedBreakdown(quote('NL', 'personal'))
    expect(shown.basis).toBe('inclVat')
    // 47 990.00 + 1 070.11 + 77.67 + 50.22 = 49 188.00, of which VAT 8 528.04.
    expect(amounts(shown.rows).map(([, amount]) => amount)).toEqual([4_799_000, 0, 0, 0, 107_011, 7_767, 5_022])
    expect(shown.subtotal).toBe(4_918_800)
    expect(shown.total).toBe(4_918_800)
    expect(shown.vat).toBe(852_804)
  })

  it('adds up on the net basis in Sweden: 415 920 + 5 596 = 421 516, + 105 379 VAT = 526 895', () => {
    const shown = displayedBreakdown(quote('SE', 'business'))
    expect(shown.rows.find((row) => row.code === 'standard-range')?.amount).toBe(41_592_000)
    expect(shown.rows.find((row) => row.code === 'delivery-fee')?.amount).toBe(559_600)
    expect([shown.subtotal, shown.vat, shown.total]).toEqual([42_151_600, 10_537_900, 52_689_500])
  })

  it('adds up on its basis for every site, usage and car', () => {
    const configB: Configuration = {
      modelCode: 'p5',
      versionCode: 'long-range',
      paintCode: 'fjord-blue',
      wheelCode: 'sport-19',
      interiorCode: 'vegan-leather-sand',
      packCodes: ['tech-pack'],
      accessoryCodes: ['floor-mats'],
    }
    for (const country of Object.keys(rulesByCountry) as CountryCode[]) {
      for (const usage of ['personal', 'business'] as const) {
        for (const configuration of [defaultConfiguration(catalog, country), configB]) {
          const q = quote(country, usage, configuration)
          const shown = displayedBreakdown(q)
          const sum = shown.rows.reduce((total, row) => total + row.amount, 0)
          expect(sum).toBe(shown.subtotal)
          expect(shown.basis === 'exclVat' ? shown.subtotal + shown.vat : shown.subtotal).toBe(q.totalInclVat)
        }
      }
    }
  })

  it('marks the global site’s price as indicative: the car alone, no VAT', () => {
    const shown = displayedBreakdown(quote('GLOBAL', 'business'))
    expect(shown.indicative).toBe(true)
    expect(shown.basis).toBe('inclVat')
    expect(shown.rows.every((row) => row.role === 'vehicle')).toBe(true)
    expect([shown.subtotal, shown.vat, shown.total]).toEqual([4_799_000, 0, 4_799_000])
    expect(displayedBreakdown(quote('NL', 'personal')).indicative).toBe(false)
  })
})

describe('priceBasis and headlinePrice', () => {
  it('shows a business buyer net prices where the country states business prices net', () => {
    expect(priceBasis(quote('NL', 'business'))).toBe('exclVat')
    // 49 188.00 − 8 528.04 VAT.
    expect(headlinePrice(quote('NL', 'business'))).toEqual({ basis: 'exclVat', amount: 4_065_996 })
    expect(headlinePrice(quote('NL', 'personal'))).toEqual({ basis: 'inclVat', amount: 4_918_800 })
  })

  it('keeps prices with VAT where business prices are shown so (DK, TH) and on the global site', () => {
    expect(priceBasis(quote('DK', 'business'))).toBe('inclVat')
    expect(priceBasis(quote('TH', 'business'))).toBe('inclVat')
    expect(priceBasis(quote('GLOBAL', 'business'))).toBe('inclVat')
  })
})

describe('catalogPriceOn', () => {
  it('takes the VAT out of a catalog price as the engine does, per line, rounded half up', () => {
    // 47 990.00 / 1.21 = 39 661.157… → 39 661.16; 990.00 / 1.21 = 818.18; 1 290.00 SEK / 1.25 = 1 032.00.
    expect(catalogPriceOn(ruleSet('NL'), 4_799_000, 'exclVat')).toBe(3_966_116)
    expect(catalogPriceOn(ruleSet('NL'), 99_000, 'exclVat')).toBe(81_818)
    expect(catalogPriceOn(ruleSet('SE'), 129_000, 'exclVat')).toBe(103_200)
    expect(catalogPriceOn(ruleSet('NL'), 99_000, 'inclVat')).toBe(99_000)
    expect(catalogPriceOn(ruleSet('NL'), 0, 'exclVat')).toBe(0)
  })

  it('adds VAT to a net catalog price where the basis includes it, and leaves it under a threshold', () => {
    const net: PriceRuleSet = {
      ...ruleSet('NL'),
      amountsIncludeVat: false,
      vat: { rateBasisPoints: 2500, source: 'test' },
    }
    expect(catalogPriceOn(net, 100_000, 'inclVat')).toBe(125_000)
    expect(catalogPriceOn(net, 100_000, 'exclVat')).toBe(100_000)
    const threshold: PriceRuleSet = {
      ...net,
      vat: {
        rateBasisPoints: 2500,
        source: 'test',
        exemption: {
          kind: 'upTo',
          thresholdMinor: 50_000_000,
          covers: { itemKinds: ['version', 'paint', 'wheel', 'interior', 'pack'], feeCodes: [] },
          coversLeasing: true,
          source: 'test',
        },
      },
    }
    expect(catalogPriceOn(threshold, 100_000, 'inclVat')).toBe(100_000)
    // With the rest of the build known: above the band the whole 1 000.00 bears 25 %; 400.00 below it, none;
    // across it (rest 499 500.00) only the 500.00 above; an accessory pays 25 % however the car lies.
    expect(catalogPriceOn(threshold, 100_000, 'inclVat', { kind: 'paint', rest: 50_000_000 })).toBe(125_000)
    expect(catalogPriceOn(threshold, 40_000, 'inclVat', { kind: 'paint', rest: 1_000_000 })).toBe(40_000)
    expect(catalogPriceOn(threshold, 100_000, 'inclVat', { kind: 'pack', rest: 49_950_000 })).toBe(112_500)
    expect(catalogPriceOn(threshold, 100_000, 'inclVat', { kind: 'accessory', rest: 0 })).toBe(125_000)
    expect(catalogPriceOn(threshold, 100_000, 'exclVat', { kind: 'pack', rest: 50_000_000 })).toBe(100_000)
  })

  it('matches the line the summary shows for every option a business buyer adds', () => {
    for (const country of ['NL', 'SE', 'DE', 'FR', 'BE', 'LU', 'AT', 'IS'] as const) {
      const base = defaultConfiguration(catalog, country)
      const withTech = { ...base, packCodes: [...base.packCodes, 'tech-pack'] }
      const shown = displayedBreakdown(quote(country, 'business', withTech))
      const row = shown.rows.find((r) => r.code === 'tech-pack')
      const entered = catalog.packs.find((p) => p.code === 'tech-pack')?.prices[country]
      if (!row || entered === undefined) throw new Error(`no tech pack in ${country}`)
      expect(catalogPriceOn(ruleSet(country), entered, 'exclVat')).toBe(row.amount)
    }
  })
})

describe('optionPriceOn, Norway 2026 (VAT above NOK 300 000)', () => {
  const TODAY = '2026-12-01'
  const noQuote = (usage: Usage, configuration: Configuration) =>
    onTheRoadPrice({ catalog, rules: rulesByCountry.NO, country: 'NO', usage, configuration, date: TODAY })
  const noRules = ruleSetValidOn(rulesByCountry.NO, TODAY)
  if (!noRules) throw new Error('no Norwegian rules for 2026')

  it('shows a private buyer what an option adds with its VAT: Fjord Blue 19 900 kr + 25 % = 24 875 kr', () => {
    const q = noQuote('personal', defaultConfiguration(catalog, 'NO'))
    expect(optionPriceOn(noRules, catalog, q, 'fjord-blue', 'inclVat')).toBe(2_487_500)
    expect(optionPriceOn(noRules, catalog, q, 'fjord-blue', 'exclVat')).toBe(1_990_000)
    // Floor mats, an accessory outside the band: 1 490 + 372.50.
    expect(optionPriceOn(noRules, catalog, q, 'floor-mats', 'inclVat')).toBe(186_250)
  })

  it('is, for an option, what choosing it changes the private total by, less what it replaces', () => {
    const base = defaultConfiguration(catalog, 'NO')
    const q = noQuote('personal', base)
    // (A version also changes the weight tax and winter wheels bring their fitting, each its own line: their cards
    // are compared with their lines below.)
    const choices: [keyof Configuration, string][] = [
      ['paintCode', 'graphite-grey'],
      ['packCodes', 'comfort-pack'],
      ['packCodes', 'tech-pack'],
      ['accessoryCodes', 'floor-mats'],
    ]
    for (const [field, code] of choices) {
      const held = field === 'packCodes' || field === 'accessoryCodes' ? null : String(base[field])
      const next =
        held === null ? { ...base, [field]: [...(base[field] as string[]), code] } : { ...base, [field]: code }
      const added = noQuote('personal', next).totalInclVat - q.totalInclVat
      const replaced = held === null ? 0 : optionPriceOn(noRules, catalog, q, held, 'inclVat')
      expect([code, optionPriceOn(noRules, catalog, q, code, 'inclVat') - replaced]).toEqual([code, added])
    }
  })

  it('shows a chosen version or option as its summary line shows it', () => {
    const configuration = {
      ...defaultConfiguration(catalog, 'NO'),
      paintCode: 'fjord-blue',
      packCodes: ['comfort-pack'],
      accessoryCodes: ['winter-wheels-18'],
    }
    const q = noQuote('personal', configuration)
    const rows = displayedBreakdown(q).rows
    expect(displayedBreakdown(q).basis).toBe('inclVat')
    for (const code of ['standard-range', 'fjord-blue', 'comfort-pack', 'winter-wheels-18']) {
      expect(optionPriceOn(noRules, catalog, q, code, 'inclVat')).toBe(rows.find((row) => row.code === code)?.amount)
    }
  })
  it('counts a car under the band as the summary does: the version first, its options after it', () => {
    // Standard Range at 280 000 kr: the version lies under the band (no VAT); Fjord Blue (19 900) brings it to
    // 299 900, still under; the tech pack after them (19 900) crosses it by 19 800 → 4 950 VAT.
    const cheaper = structuredClone(catalog)
    const version = cheaper.versions.find((v) => v.code === 'standard-range')
    if (version) version.prices.NO = 28_000_000
    const configuration = { ...defaultConfiguration(cheaper, 'NO'), paintCode: 'fjord-blue', packCodes: ['tech-pack'] }
    const q = onTheRoadPrice({
      catalog: cheaper,
      rules: rulesByCountry.NO,
      country: 'NO',
      usage: 'personal',
      configuration,
      date: TODAY,
    })
    const row = (code: string) => displayedBreakdown(q).rows.find((each) => each.code === code)?.amount
    expect(optionPriceOn(noRules, cheaper, q, 'standard-range', 'inclVat')).toBe(28_000_000)
    expect(optionPriceOn(noRules, cheaper, q, 'fjord-blue', 'inclVat')).toBe(1_990_000)
    expect(optionPriceOn(noRules, cheaper, q, 'tech-pack', 'inclVat')).toBe(1_990_000 + 495_000)
    expect(['standard-range', 'fjord-blue', 'tech-pack'].map(row)).toEqual([28_000_000, 1_990_000, 2_485_000])
  })
})

describe('priceStatement', () => {
  it('reads a Dutch business price top to bottom, with a trade-in as a credit and the balance', () => {
    const lines = priceStatement(displayedBreakdown(quote('NL', 'business')), 1_970_000)
    expect(lines.map((l) => [l.kind, l.amount]).slice(-5)).toEqual([
      ['subtotal', 4_065_996],
      ['vat', 852_804],
      ['total', 4_918_800],
      ['credit', 1_970_000],
      // 49 188.00 − 19 700.00 = 29 488.00
      ['balance', 2_948_800],
    ])
    expect(lines.filter((l) => l.kind === 'line')).toHaveLength(7)
  })

  it('states the VAT contained after the total on a personal price, and pays out an estimate above the price', () => {
    const lines = priceStatement(displayedBreakdown(quote('NL', 'personal')), 5_000_000)
    expect(lines.map((l) => [l.kind, l.amount]).slice(-5)).toEqual([
      ['total', 4_918_800],
      ['vatIncluded', 852_804],
      ['credit', 5_000_000],
      ['balance', 0],
      // 50 000.00 − 49 188.00 = 812.00 to the customer
      ['toReceive', 81_200],
    ])
    expect(priceStatement(displayedBreakdown(quote('NL', 'personal'))).at(-1)?.kind).toBe('vatIncluded')
  })
})

describe('statedBreakdown', () => {
  it('states a Dutch business price net, so the car, the fees and the VAT add up to the price', () => {
    // Car 39 661.16 + delivery fee 884.39 + 64.19 + 50.22 = 998.80, + VAT 8 528.04 = 49 188.00.
    expect(statedBreakdown(quote('NL', 'business'))).toEqual({
      basis: 'exclVat',
      msrp: 3_966_116,
      msrpWithoutVat: 3_966_116,
      deliveryFee: 99_880,
      weightTax: 0,
      otherFees: 0,
      vat: 852_804,
      msrpPrice: 4_918_800,
      preorderFee: 50_000,
    })
  })

  it('states a Dutch personal price with VAT: 47 990.00 + 1 198.00 = 49 188.00, of which 8 528.04 VAT', () => {
    expect(statedBreakdown(quote('NL', 'personal'))).toMatchObject({
      basis: 'inclVat',
      msrp: 4_799_000,
      msrpWithoutVat: 3_966_116,
      deliveryFee: 119_800,
      vat: 852_804,
      msrpPrice: 4_918_800,
    })
  })

  it('adds up on its basis everywhere', () => {
    for (const country of Object.keys(rulesByCountry) as CountryCode[]) {
      for (const usage of ['personal', 'business'] as const) {
        const b = statedBreakdown(quote(country, usage))
        const parts = b.msrp + b.deliveryFee + b.weightTax + b.otherFees + (b.basis === 'exclVat' ? b.vat : 0)
        expect(parts).toBe(b.msrpPrice)
      }
    }
  })
})
