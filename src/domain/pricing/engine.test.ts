import { describe, expect, it } from 'vitest'
import { type Configuration, defaultConfiguration } from '../catalog/configuration'
import type { CountryCode, Usage } from '../catalog/markets'
import { onTheRoadPrice, type PriceInput, type PriceQuote, PricingError } from './engine'
import type { CountryPriceRules, PriceRuleSet } from './rules'
import { catalog, rulesByCountry } from './test-data'

const DATE = '2025-06-01'

function quote(country: CountryCode, usage: Usage, configuration: Configuration, overrides: Partial<PriceInput> = {}) {
  return onTheRoadPrice({
    catalog,
    rules: rulesByCountry[country],
    country,
    usage,
    configuration,
    date: DATE,
    ...overrides,
  })
}

const sumOf = (q: PriceQuote) => q.lines.reduce((total, line) => total + line.amount, 0)
const line = (q: PriceQuote, code: string) => q.lines.find((l) => l.code === code)

/** A: the default car (Standard Range, white, 18", textile, nothing optional). */
const configA = (country: CountryCode): Configuration => defaultConfiguration(catalog, country)
/** B: Long Range, Fjord Blue, 19" Sport, vegan leather (comfort pack is standard), Technology Pack, floor mats. */
const configB: Configuration = {
  modelCode: 'p5',
  versionCode: 'long-range',
  paintCode: 'fjord-blue',
  wheelCode: 'sport-19',
  interiorCode: 'vegan-leather-sand',
  packCodes: ['tech-pack'],
  accessoryCodes: ['floor-mats'],
}

/** How each country shows prices to [personal, business] buyers (data flag `display`). */
const DISPLAY: Record<Exclude<CountryCode, 'NO'>, ['inclVat' | 'exclVat', 'inclVat' | 'exclVat']> = {
  NL: ['inclVat', 'exclVat'],
  GLOBAL: ['inclVat', 'inclVat'],
  SE: ['inclVat', 'exclVat'],
  DK: ['inclVat', 'inclVat'],
  DE: ['inclVat', 'exclVat'],
  FR: ['inclVat', 'exclVat'],
  BE: ['inclVat', 'exclVat'],
  LU: ['inclVat', 'exclVat'],
  AT: ['inclVat', 'exclVat'],
  TH: ['inclVat', 'inclVat'],
  IS: ['inclVat', 'exclVat'],
}

interface Expected {
  country: Exclude<CountryCode, 'NO'>
  config: 'A' | 'B'
  total: number
  vat: number
  msrp: number
  msrpWithoutVat: number
  deliveryFeeInclVat: number
  deliveryFeeExclVat: number
}

// Catalog prices include VAT in all these countries; VAT is taken out of each VAT-able line as
// gross − round_half_up(gross / (1 + rate)). Public fees (registration, plates) are outside VAT.
const EXPECTED: Expected[] = [
  // NL A: car 47 990.00 = 47 990.00; fees 1 070.11 + 77.67 + 50.22 = 1 198.00; total 49 188.00 EUR
  // VAT 21/121 of each VAT-able line, rounded per line: 8 328.84 + 185.72 + 13.48 = 8 528.04; excl. VAT 40 659.96
  // msrp 47 990.00, of which VAT 8 328.84 → msrpWithoutVat 39 661.16; delivery fee 1 198.00 incl. / 998.80 net
  {
    country: 'NL',
    config: 'A',
    total: 4918800,
    vat: 852804,
    msrp: 4799000,
    msrpWithoutVat: 3966116,
    deliveryFeeInclVat: 119800,
    deliveryFeeExclVat: 99880,
  },
  // NL B: car 51 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 57 899.00; fees 1 070.11 + 77.67 + 50.22 = 1 198.00; total 59 097.00 EUR
  // VAT 21/121 of each VAT-able line, rounded per line: 9 023.06 + 171.82 + 223.88 + 258.60 + 345.37 + 25.86 + 185.72 + 13.48 = 10 247.79; excl. VAT 48 849.21
  // msrp 57 899.00, of which VAT 10 048.59 → msrpWithoutVat 47 850.41; delivery fee 1 198.00 incl. / 998.80 net
  {
    country: 'NL',
    config: 'B',
    total: 5909700,
    vat: 1024779,
    msrp: 5789900,
    msrpWithoutVat: 4785041,
    deliveryFeeInclVat: 119800,
    deliveryFeeExclVat: 99880,
  },
  // SE A: car 519 900.00 = 519 900.00; fees 6 995.00 = 6 995.00; total 526 895.00 SEK
  // VAT 25/125 of each VAT-able line, rounded per line: 103 980.00 + 1 399.00 = 105 379.00; excl. VAT 421 516.00
  // msrp 519 900.00, of which VAT 103 980.00 → msrpWithoutVat 415 920.00; delivery fee 6 995.00 incl. / 5 596.00 net
  {
    country: 'SE',
    config: 'A',
    total: 52689500,
    vat: 10537900,
    msrp: 51990000,
    msrpWithoutVat: 41592000,
    deliveryFeeInclVat: 699500,
    deliveryFeeExclVat: 559600,
  },
  // SE B: car 559 900.00 + 12 900.00 + 14 900.00 + 16 900.00 + 22 900.00 + 1 490.00 = 628 990.00; fees 6 995.00 = 6 995.00; total 635 985.00 SEK
  // VAT 25/125 of each VAT-able line, rounded per line: 111 980.00 + 2 580.00 + 2 980.00 + 3 380.00 + 4 580.00 + 298.00 + 1 399.00 = 127 197.00; excl. VAT 508 788.00
  // msrp 628 990.00, of which VAT 125 798.00 → msrpWithoutVat 503 192.00; delivery fee 6 995.00 incl. / 5 596.00 net
  {
    country: 'SE',
    config: 'B',
    total: 63598500,
    vat: 12719700,
    msrp: 62899000,
    msrpWithoutVat: 50319200,
    deliveryFeeInclVat: 699500,
    deliveryFeeExclVat: 559600,
  },
  // DK A: car 329 900.00 = 329 900.00; fees 4 995.00 + 1 180.00 = 6 175.00; total 336 075.00 DKK
  // VAT 25/125 of each VAT-able line, rounded per line: 65 980.00 + 999.00 = 66 979.00; excl. VAT 269 096.00
  // msrp 329 900.00, of which VAT 65 980.00 → msrpWithoutVat 263 920.00; delivery fee 4 995.00 incl. / 3 996.00 net
  {
    country: 'DK',
    config: 'A',
    total: 33607500,
    vat: 6697900,
    msrp: 32990000,
    msrpWithoutVat: 26392000,
    deliveryFeeInclVat: 499500,
    deliveryFeeExclVat: 399600,
  },
  // DK B: car 359 900.00 + 8 900.00 + 9 900.00 + 11 900.00 + 14 900.00 + 1 090.00 = 406 590.00; fees 4 995.00 + 1 180.00 = 6 175.00; total 412 765.00 DKK
  // VAT 25/125 of each VAT-able line, rounded per line: 71 980.00 + 1 780.00 + 1 980.00 + 2 380.00 + 2 980.00 + 218.00 + 999.00 = 82 317.00; excl. VAT 330 448.00
  // msrp 406 590.00, of which VAT 81 318.00 → msrpWithoutVat 325 272.00; delivery fee 4 995.00 incl. / 3 996.00 net
  {
    country: 'DK',
    config: 'B',
    total: 41276500,
    vat: 8231700,
    msrp: 40659000,
    msrpWithoutVat: 32527200,
    deliveryFeeInclVat: 499500,
    deliveryFeeExclVat: 399600,
  },
  // DE A: car 46 990.00 = 46 990.00; fees 1 190.00 = 1 190.00; total 48 180.00 EUR
  // VAT 19/119 of each VAT-able line, rounded per line: 7 502.61 + 190.00 = 7 692.61; excl. VAT 40 487.39
  // msrp 46 990.00, of which VAT 7 502.61 → msrpWithoutVat 39 487.39; delivery fee 1 190.00 incl. / 1 000.00 net
  {
    country: 'DE',
    config: 'A',
    total: 4818000,
    vat: 769261,
    msrp: 4699000,
    msrpWithoutVat: 3948739,
    deliveryFeeInclVat: 119000,
    deliveryFeeExclVat: 100000,
  },
  // DE B: car 50 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 56 899.00; fees 1 190.00 = 1 190.00; total 58 089.00 EUR
  // VAT 19/119 of each VAT-able line, rounded per line: 8 141.26 + 158.07 + 205.97 + 237.90 + 317.73 + 23.79 + 190.00 = 9 274.72; excl. VAT 48 814.28
  // msrp 56 899.00, of which VAT 9 084.72 → msrpWithoutVat 47 814.28; delivery fee 1 190.00 incl. / 1 000.00 net
  {
    country: 'DE',
    config: 'B',
    total: 5808900,
    vat: 927472,
    msrp: 5689900,
    msrpWithoutVat: 4781428,
    deliveryFeeInclVat: 119000,
    deliveryFeeExclVat: 100000,
  },
  // FR A: car 47 490.00 = 47 490.00; fees 890.00 + 13.76 = 903.76; total 48 393.76 EUR
  // VAT 20/120 of each VAT-able line, rounded per line: 7 915.00 + 148.33 = 8 063.33; excl. VAT 40 330.43
  // msrp 47 490.00, of which VAT 7 915.00 → msrpWithoutVat 39 575.00; delivery fee 890.00 incl. / 741.67 net
  {
    country: 'FR',
    config: 'A',
    total: 4839376,
    vat: 806333,
    msrp: 4749000,
    msrpWithoutVat: 3957500,
    deliveryFeeInclVat: 89000,
    deliveryFeeExclVat: 74167,
  },
  // FR B: car 51 490.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 57 399.00; fees 890.00 + 13.76 = 903.76; total 58 302.76 EUR
  // VAT 20/120 of each VAT-able line, rounded per line: 8 581.67 + 165.00 + 215.00 + 248.33 + 331.67 + 24.83 + 148.33 = 9 714.83; excl. VAT 48 587.93
  // msrp 57 399.00, of which VAT 9 566.50 → msrpWithoutVat 47 832.50; delivery fee 890.00 incl. / 741.67 net
  {
    country: 'FR',
    config: 'B',
    total: 5830276,
    vat: 971483,
    msrp: 5739900,
    msrpWithoutVat: 4783250,
    deliveryFeeInclVat: 89000,
    deliveryFeeExclVat: 74167,
  },
  // BE A: car 47 990.00 = 47 990.00; fees 850.00 + 30.00 = 880.00; total 48 870.00 EUR
  // VAT 21/121 of each VAT-able line, rounded per line: 8 328.84 + 147.52 = 8 476.36; excl. VAT 40 393.64
  // msrp 47 990.00, of which VAT 8 328.84 → msrpWithoutVat 39 661.16; delivery fee 850.00 incl. / 702.48 net
  {
    country: 'BE',
    config: 'A',
    total: 4887000,
    vat: 847636,
    msrp: 4799000,
    msrpWithoutVat: 3966116,
    deliveryFeeInclVat: 85000,
    deliveryFeeExclVat: 70248,
  },
  // BE B: car 51 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 57 899.00; fees 850.00 + 30.00 = 880.00; total 58 779.00 EUR
  // VAT 21/121 of each VAT-able line, rounded per line: 9 023.06 + 171.82 + 223.88 + 258.60 + 345.37 + 25.86 + 147.52 = 10 196.11; excl. VAT 48 582.89
  // msrp 57 899.00, of which VAT 10 048.59 → msrpWithoutVat 47 850.41; delivery fee 850.00 incl. / 702.48 net
  {
    country: 'BE',
    config: 'B',
    total: 5877900,
    vat: 1019611,
    msrp: 5789900,
    msrpWithoutVat: 4785041,
    deliveryFeeInclVat: 85000,
    deliveryFeeExclVat: 70248,
  },
  // LU A: car 45 990.00 = 45 990.00; fees 790.00 + 50.00 = 840.00; total 46 830.00 EUR
  // VAT 17/117 of each VAT-able line, rounded per line: 6 682.31 + 114.79 = 6 797.10; excl. VAT 40 032.90
  // msrp 45 990.00, of which VAT 6 682.31 → msrpWithoutVat 39 307.69; delivery fee 790.00 incl. / 675.21 net
  {
    country: 'LU',
    config: 'A',
    total: 4683000,
    vat: 679710,
    msrp: 4599000,
    msrpWithoutVat: 3930769,
    deliveryFeeInclVat: 79000,
    deliveryFeeExclVat: 67521,
  },
  // LU B: car 49 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 55 899.00; fees 790.00 + 50.00 = 840.00; total 56 739.00 EUR
  // VAT 17/117 of each VAT-able line, rounded per line: 7 263.50 + 143.85 + 187.44 + 216.50 + 289.15 + 21.65 + 114.79 = 8 236.88; excl. VAT 48 502.12
  // msrp 55 899.00, of which VAT 8 122.09 → msrpWithoutVat 47 776.91; delivery fee 790.00 incl. / 675.21 net
  {
    country: 'LU',
    config: 'B',
    total: 5673900,
    vat: 823688,
    msrp: 5589900,
    msrpWithoutVat: 4777691,
    deliveryFeeInclVat: 79000,
    deliveryFeeExclVat: 67521,
  },
  // AT A: car 47 990.00 = 47 990.00; fees 690.00 + 195.00 = 885.00; total 48 875.00 EUR
  // VAT 20/120 of each VAT-able line, rounded per line: 7 998.33 + 115.00 = 8 113.33; excl. VAT 40 761.67
  // msrp 47 990.00, of which VAT 7 998.33 → msrpWithoutVat 39 991.67; delivery fee 690.00 incl. / 575.00 net
  {
    country: 'AT',
    config: 'A',
    total: 4887500,
    vat: 811333,
    msrp: 4799000,
    msrpWithoutVat: 3999167,
    deliveryFeeInclVat: 69000,
    deliveryFeeExclVat: 57500,
  },
  // AT B: car 51 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 57 899.00; fees 690.00 + 195.00 = 885.00; total 58 784.00 EUR
  // VAT 20/120 of each VAT-able line, rounded per line: 8 665.00 + 165.00 + 215.00 + 248.33 + 331.67 + 24.83 + 115.00 = 9 764.83; excl. VAT 49 019.17
  // msrp 57 899.00, of which VAT 9 649.83 → msrpWithoutVat 48 249.17; delivery fee 690.00 incl. / 575.00 net
  {
    country: 'AT',
    config: 'B',
    total: 5878400,
    vat: 976483,
    msrp: 5789900,
    msrpWithoutVat: 4824917,
    deliveryFeeInclVat: 69000,
    deliveryFeeExclVat: 57500,
  },
  // TH A: car 1 599 000.00 = 1 599 000.00; fees 2 500.00 = 2 500.00; total 1 601 500.00 THB
  // VAT 7/107 of each VAT-able line, rounded per line: 104 607.48 = 104 607.48; excl. VAT 1 496 892.52
  // msrp 1 599 000.00, of which VAT 104 607.48 → msrpWithoutVat 1 494 392.52; delivery fee 0.00 incl. / 0.00 net
  {
    country: 'TH',
    config: 'A',
    total: 160150000,
    vat: 10460748,
    msrp: 159900000,
    msrpWithoutVat: 149439252,
    deliveryFeeInclVat: 0,
    deliveryFeeExclVat: 0,
  },
  // TH B: car 1 749 000.00 + 39 000.00 + 45 000.00 + 55 000.00 + 69 000.00 + 4 900.00 = 1 961 900.00; fees 2 500.00 = 2 500.00; total 1 964 400.00 THB
  // VAT 7/107 of each VAT-able line, rounded per line: 114 420.56 + 2 551.40 + 2 943.93 + 3 598.13 + 4 514.02 + 320.56 = 128 348.60; excl. VAT 1 836 051.40
  // msrp 1 961 900.00, of which VAT 128 348.60 → msrpWithoutVat 1 833 551.40; delivery fee 0.00 incl. / 0.00 net
  {
    country: 'TH',
    config: 'B',
    total: 196440000,
    vat: 12834860,
    msrp: 196190000,
    msrpWithoutVat: 183355140,
    deliveryFeeInclVat: 0,
    deliveryFeeExclVat: 0,
  },
  // IS A: car 6 990 000 = 6 990 000; fees 99 000 + 12 500 = 111 500; total 7 101 500 ISK
  // VAT 24/124 of each VAT-able line, rounded per line: 1 352 903 + 19 161 = 1 372 064; excl. VAT 5 729 436
  // msrp 6 990 000, of which VAT 1 352 903 → msrpWithoutVat 5 637 097; delivery fee 99 000 incl. / 79 839 net
  {
    country: 'IS',
    config: 'A',
    total: 7101500,
    vat: 1372064,
    msrp: 6990000,
    msrpWithoutVat: 5637097,
    deliveryFeeInclVat: 99000,
    deliveryFeeExclVat: 79839,
  },
  // IS B: car 7 590 000 + 159 000 + 199 000 + 229 000 + 299 000 + 22 900 = 8 498 900; fees 99 000 + 12 500 = 111 500; total 8 610 400 ISK
  // VAT 24/124 of each VAT-able line, rounded per line: 1 469 032 + 30 774 + 38 516 + 44 323 + 57 871 + 4 432 + 19 161 = 1 664 109; excl. VAT 6 946 291
  // msrp 8 498 900, of which VAT 1 644 948 → msrpWithoutVat 6 853 952; delivery fee 99 000 incl. / 79 839 net
  {
    country: 'IS',
    config: 'B',
    total: 8610400,
    vat: 1664109,
    msrp: 8498900,
    msrpWithoutVat: 6853952,
    deliveryFeeInclVat: 99000,
    deliveryFeeExclVat: 79839,
  },
]

describe('onTheRoadPrice, countries with VAT-inclusive prices (personal and business)', () => {
  for (const expected of EXPECTED) {
    for (const usage of ['personal', 'business'] as const) {
      it(`${expected.country} config ${expected.config}, ${usage}`, () => {
        const configuration = expected.config === 'A' ? configA(expected.country) : configB
        const q = quote(expected.country, usage, configuration)
        const display = DISPLAY[expected.country][usage === 'personal' ? 0 : 1]
        expect(q.display).toBe(display)
        expect(q.totalInclVat).toBe(expected.total)
        expect(q.vat).toBe(expected.vat)
        expect(q.totalExclVat).toBe(expected.total - expected.vat)
        expect(sumOf(q)).toBe(expected.total)
        expect(q.breakdown).toEqual({
          msrp: expected.msrp,
          msrpWithoutVat: expected.msrpWithoutVat,
          deliveryFee: display === 'inclVat' ? expected.deliveryFeeInclVat : expected.deliveryFeeExclVat,
          weightTax: 0,
          msrpPrice: expected.total,
          preorderFee: q.depositAmount ?? 0,
        })
        // Business customers who see net prices get the VAT as one line of its own; consumers never do.
        expect(q.lines.some((l) => l.vatTreatment === 'vat')).toBe(display === 'exclVat')
      })
    }
  }
})

describe('onTheRoadPrice, Netherlands', () => {
  it('shows the 1198.00 delivery fee as its three parts, adding up to the cent', () => {
    const q = quote('NL', 'personal', configA('NL'))
    const parts = q.lines.filter((l) => l.role === 'deliveryFee')
    expect(parts.map((l) => [l.labelKey, l.amount])).toEqual([
      ['price.line.vehicleServicePrep', 107011],
      ['price.line.recyclingFee', 7767],
      ['price.line.registration', 5022],
    ])
    // 1 070.11 + 77.67 + 50.22 = 1 198.00
    expect(parts.reduce((total, l) => total + l.amount, 0)).toBe(119800)
    expect(q.breakdown.deliveryFee).toBe(119800)
    expect(q.notes).toContainEqual({ key: 'price.note.pricesIncludeVat', values: { rate: 21 } })
  })

  it('nets each part for business buyers and keeps the same total', () => {
    const q = quote('NL', 'business', configA('NL'))
    // 1 070.11 / 1.21 = 884.388… → 884.39; 77.67 / 1.21 = 64.190… → 64.19; registration 50.22 has no VAT.
    expect(line(q, 'vehicle-preparation')).toMatchObject({ amount: 88439, vatTreatment: 'excludesVat' })
    expect(line(q, 'recycling-fee')).toMatchObject({ amount: 6419, vatTreatment: 'excludesVat' })
    expect(line(q, 'registration')).toMatchObject({ amount: 5022, vatTreatment: 'outOfScope' })
    expect(line(q, 'vat')).toMatchObject({ labelKey: 'price.line.vat', amount: 852804 })
    expect(q.notes).toContainEqual({ key: 'price.note.pricesExcludeVat', values: { rate: 21 } })
  })
})

describe('onTheRoadPrice, global site', () => {
  it('gives an indicative price of the car alone: no Dutch fees, no VAT claimed, cannot be ordered', () => {
    for (const usage of ['personal', 'business'] as const) {
      const global = quote('GLOBAL', usage, configB)
      // Car only: 51 990.00 + 990.00 + 1 290.00 + 1 490.00 + 1 990.00 + 149.00 = 57 899.00 EUR, no delivery fee.
      expect(global.totalInclVat).toBe(5_789_900)
      expect(global.lines.every((l) => l.role === 'vehicle')).toBe(true)
      expect(global.vat).toBe(0)
      expect(global.orderable).toBe(false)
      expect(global.depositAmount).toBeNull()
      expect(global.breakdown.preorderFee).toBe(0)
      // One note, and it says nothing about VAT.
      expect(global.notes).toEqual([{ key: 'price.note.experienceOnly', values: {} }])
      const nl = quote('NL', usage, configB)
      expect(nl.orderable).toBe(true)
      expect(nl.depositAmount).toBe(50000)
      expect(nl.totalInclVat).toBe(5_909_700)
    }
  })
})

describe('onTheRoadPrice, Sweden, Thailand, Denmark notes', () => {
  it('Sweden states the 25 % VAT in the extra-cost text', () => {
    expect(quote('SE', 'personal', configA('SE')).notes).toContainEqual({
      key: 'price.note.extraCostsIncludeVat',
      values: { rate: 25 },
    })
    // Business buyers see net prices, so a sentence about VAT inside the costs would be wrong there.
    const business = quote('SE', 'business', configA('SE')).notes.map((n) => n.key)
    expect(business).not.toContain('price.note.extraCostsIncludeVat')
  })

  it('Thailand says prices include 7 % VAT, for business buyers as well', () => {
    for (const usage of ['personal', 'business'] as const) {
      expect(quote('TH', usage, configA('TH')).notes).toContainEqual({
        key: 'price.note.pricesIncludeVat',
        values: { rate: 7 },
      })
    }
  })

  it('Denmark shows the half-yearly green owner tax beside the price, not in it, and asks businesses for a CVR', () => {
    const personal = quote('DK', 'personal', configA('DK'))
    expect(personal.runningCosts).toEqual([
      expect.objectContaining({ code: 'green-owner-tax', amount: 42000, periodKey: 'price.period.halfYear' }),
    ])
    expect(personal.lines.map((l) => l.code)).not.toContain('green-owner-tax')
    expect(personal.requiresCompanyNumber).toBeNull()
    const business = quote('DK', 'business', configA('DK'))
    expect(business.requiresCompanyNumber).toBe('CVR')
    expect(business.notes).toContainEqual({ key: 'price.note.companyNumberRequired', values: { type: 'CVR' } })
  })
})

describe('onTheRoadPrice, Norway in 2025 (VAT above NOK 500 000, weight tax)', () => {
  const configNoLow: Configuration = { ...defaultConfiguration(catalog, 'NO'), paintCode: 'fjord-blue' }
  const configNoWinter: Configuration = {
    ...defaultConfiguration(catalog, 'NO', 'long-range'),
    paintCode: 'graphite-grey',
    accessoryCodes: ['winter-wheels-18'],
  }

  for (const usage of ['personal', 'business'] as const) {
    it(`stays below the threshold: no VAT (${usage})`, () => {
      // 450 000 + 19 900 paint = 469 900 NOK car; + delivery 2 990 + preparation 3 490 + local freight 2 500
      // = 478 880 VAT-able, below 500 000 → VAT 0. Weight tax (1 880 − 500) kg × 12.50 = 17 250;
      // plate 1 100; wreck deposit 2 400. Total 478 880 + 17 250 + 1 100 + 2 400 = 499 630.00 NOK.
      const q = quote('NO', usage, configNoLow)
      expect(q.display).toBe('exclVat')
      expect(q.vat).toBe(0)
      expect(line(q, 'vat')).toMatchObject({ amount: 0, vatTreatment: 'vat' })
      expect(q.totalInclVat).toBe(49963000)
      expect(q.totalExclVat).toBe(49963000)
      expect(sumOf(q)).toBe(49963000)
      expect(q.breakdown).toEqual({
        msrp: 46990000,
        msrpWithoutVat: 46990000,
        deliveryFee: 898000, // 2 990 + 3 490 + 2 500
        weightTax: 1725000,
        msrpPrice: 49963000,
        preorderFee: 500000,
      })
    })

    it(`goes above the threshold: VAT on the excess only (${usage})`, () => {
      // Car 489 900 + 19 900 + 14 900 + 16 900 + 19 900 + 1 490 = 562 990; + fees 8 980 = 571 970 VAT-able.
      // VAT 25 % × (571 970 − 500 000) = 25 % × 71 970 = 17 992.50. Weight tax (1 840 − 500) × 12.50 = 16 750.
      // Total 571 970 + 17 992.50 + 16 750 + 1 100 + 2 400 = 610 212.50 NOK.
      // msrp: the car uses the VAT-free band first: 562 990 + 25 % × 62 990 (15 747.50) = 578 737.50.
      const q = quote('NO', usage, configB)
      expect(q.vat).toBe(1799250)
      expect(line(q, 'vat')?.amount).toBe(1799250)
      expect(q.totalInclVat).toBe(61021250)
      expect(q.totalExclVat).toBe(59222000)
      expect(sumOf(q)).toBe(61021250)
      expect(q.breakdown).toMatchObject({
        msrp: 57873750,
        msrpWithoutVat: 56299000,
        weightTax: 1675000,
        msrpPrice: 61021250,
      })
    })
  }

  it('adds winter-tyre handling and TPMS programming only with a winter wheel set', () => {
    // The car 489 900 + 19 900 = 509 800 and its delivery 2 990 + 3 490 + 2 500 = 8 980 count towards the band:
    // 518 780, VAT 25 % × 18 780 = 4 695. The winter wheel set (an accessory sold for its own price, 22 900) and
    // its fitting 1 290 + TPMS 790 pay 25 % in full: 24 980 → 6 245. VAT 10 940; weight tax 16 750;
    // plate 1 100; wreck 2 400. Total 518 780 + 24 980 + 10 940 + 16 750 + 1 100 + 2 400 = 574 950.00 NOK.
    const q = quote('NO', 'personal', configNoWinter)
    expect(q.lines.map((l) => l.labelKey)).toEqual([
      'price.line.vehicle',
      'price.line.paint',
      'price.line.wheels',
      'price.line.interior',
      'price.line.accessory',
      'price.line.deliveryFee',
      'price.line.preparation',
      'price.line.localFreight',
      'price.line.winterTyreHandling',
      'price.line.tpmsProgramming',
      'price.line.weightTax',
      'price.line.registrationPlate',
      'price.line.wreckDeposit',
      'price.line.vat',
    ])
    expect(q.vat).toBe(1094000)
    expect(q.totalInclVat).toBe(57495000)
    expect(quote('NO', 'personal', configNoLow).lines.map((l) => l.code)).not.toContain('tpms-programming')
  })

  it('says where the threshold and the Oslo freight apply', () => {
    const q = quote('NO', 'personal', configNoLow)
    expect(q.notes).toContainEqual({
      key: 'price.note.vatThreshold',
      values: { rate: 25, threshold: { amount: 50000000, currency: 'NOK' } },
    })
    expect(q.notes).toContainEqual({ key: 'price.note.shippingOutsideOslo', values: {} })
    expect(q.validOn).toMatchObject({ date: DATE, rulesValidFrom: '2023-01-01' })
    expect(line(q, 'weight-tax')).toMatchObject({ vatTreatment: 'outOfScope', assumption: false })
  })

  describe('at the threshold', () => {
    // configNoLow has 478 880.00 VAT-able; a delivery fee of 2 990 + 21 120 = 24 110.00 brings it to 500 000.00.
    const withDeliveryFee = (minor: number): CountryPriceRules => {
      const rules = structuredClone(rulesByCountry.NO)
      const current = rules.ruleSets.find((set) => set.validFrom === '2023-01-01') as PriceRuleSet
      const fee = current.fees.find((f) => f.code === 'delivery-fee')
      if (fee) fee.amount = { kind: 'fixed', minor }
      return rules
    }
    it.each([
      // [delivery fee øre, VAT-able øre, VAT øre]
      [2411000, 50000000, 0], // exactly 500 000.00 → nothing above
      [2411001, 50000001, 0], // 0.01 above → 25 % of 1 øre = 0.25 øre → rounds to 0
      [2411002, 50000002, 1], // 0.02 above → 0.5 øre → rounds half up to 1 øre
      [2411400, 50000400, 100], // 4.00 above → 1.00 VAT
      [2311000, 49900000, 0], // 1 000 below → 0
    ])('delivery fee %i øre: VAT-able %i, VAT %i', (fee, _base, vat) => {
      const q = quote('NO', 'personal', configNoLow, { rules: withDeliveryFee(fee) })
      expect(q.vat).toBe(vat)
      expect(q.totalInclVat).toBe(sumOf(q))
    })
  })

  it('uses the pre-2023 rules for an earlier date: fully VAT-exempt, no weight tax', () => {
    // 478 880 (exempt) + plate 1 100 + wreck deposit 2 400 = 482 380.00 NOK; no VAT line.
    const q = quote('NO', 'personal', configNoLow, { date: '2022-06-01' })
    expect(q.totalInclVat).toBe(48238000)
    expect(q.vat).toBe(0)
    expect(q.lines.some((l) => l.role === 'vat' || l.role === 'weightTax')).toBe(false)
    expect(line(q, 'standard-range')?.vatTreatment).toBe('vatExempt')
    expect(q.validOn.rulesValidFrom).toBe('2022-01-01')
    expect(q.notes.map((n) => n.key)).toContain('price.note.vatExempt')
  })
})

describe('onTheRoadPrice, Norway from 2026 (VAT above NOK 300 000, then 150 000 in 2027)', () => {
  const TODAY = '2026-11-24'
  const configNoLow: Configuration = { ...defaultConfiguration(catalog, 'NO'), paintCode: 'fjord-blue' }
  /** The catalog with the Standard Range at another Norwegian price (net øre), to sit below, at or above the band. */
  const priced = (versionMinor: number) => {
    const cheaper = structuredClone(catalog)
    const version = cheaper.versions.find((v) => v.code === 'standard-range')
    if (version) version.prices.NO = versionMinor
    return cheaper
  }

  it('charges 25 % on the part above NOK 300 000 on a quote dated in 2026', () => {
    // Car 450 000 + 19 900 = 469 900; delivery 2 990 + 3 490 + 2 500 = 8 980 → 478 880 under the band rule.
    // VAT 25 % × (478 880 − 300 000) = 25 % × 178 880 = 44 720. Weight tax (1 880 − 500) × 12.50 = 17 250;
    // plate 1 100; wreck deposit 2 400. Total 478 880 + 44 720 + 17 250 + 1 100 + 2 400 = 544 350.00 NOK.
    // msrp: the car uses the band first, 469 900 + 25 % × 169 900 (42 475) = 512 375.
    const q = quote('NO', 'personal', configNoLow, { date: TODAY })
    expect(q.validOn.rulesValidFrom).toBe('2026-01-01')
    expect(q.vat).toBe(4472000)
    expect(q.totalInclVat).toBe(54435000)
    expect(q.totalExclVat).toBe(49963000)
    expect(sumOf(q)).toBe(54435000)
    expect(q.breakdown).toMatchObject({ msrp: 51237500, msrpWithoutVat: 46990000, weightTax: 1725000 })
    expect(q.notes).toContainEqual({
      key: 'price.note.vatThreshold',
      values: { rate: 25, threshold: { amount: 30000000, currency: 'NOK' } },
    })
    expect(line(q, 'weight-tax')).toMatchObject({ amount: 1725000, assumption: true })
    expect(q.hasAssumptions).toBe(true)
  })

  it('shows a private buyer each line with the VAT it adds, the car first, so the lines add up to the band VAT', () => {
    // Version 450 000: 150 000 above the band → 37 500 VAT; the paint then lies wholly above it: 19 900 + 4 975;
    // delivery 2 990 + 747.50, preparation 3 490 + 872.50, freight 2 500 + 625. 37 500 + 4 975 + 2 245 = 44 720.
    const q = quote('NO', 'personal', configNoLow, { date: TODAY })
    expect(line(q, 'vat')).toBeUndefined()
    expect(line(q, 'standard-range')).toMatchObject({
      amount: 48750000,
      vatTreatment: 'includesVat',
      vatIncluded: 3750000,
    })
    expect(line(q, 'fjord-blue')).toMatchObject({ amount: 2487500, vatIncluded: 497500 })
    expect(line(q, 'delivery-fee')).toMatchObject({ amount: 373750, vatIncluded: 74750 })
    expect(line(q, 'preparation')).toMatchObject({ amount: 436250, vatIncluded: 87250 })
    expect(line(q, 'local-freight')).toMatchObject({ amount: 312500, vatIncluded: 62500 })
    expect(line(q, 'weight-tax')).toMatchObject({ amount: 1725000, vatTreatment: 'outOfScope' })
    expect(q.notes.map((note) => note.key)).toContain('price.note.pricesIncludeVat')
  })

  it('shows a business buyer net lines and the band VAT on its own line', () => {
    const q = quote('NO', 'business', configNoLow, { date: TODAY })
    expect(line(q, 'standard-range')).toMatchObject({ amount: 45000000, vatTreatment: 'excludesVat' })
    expect(line(q, 'vat')).toMatchObject({ amount: 4472000, vatTreatment: 'vat' })
    expect(q.totalInclVat).toBe(54435000)
  })

  it('leaves the VAT-free band to the car: a line wholly under it carries no VAT', () => {
    // Standard Range at 280 000: 280 000 + paint 19 900 = 299 900, under the band; delivery 2 990 crosses it by
    // 2 890 → 722.50; preparation and freight lie above: 872.50 and 625.
    const q = quote('NO', 'personal', configNoLow, { date: TODAY, catalog: priced(28000000) })
    expect(line(q, 'standard-range')).toMatchObject({ amount: 28000000, vatIncluded: 0 })
    expect(line(q, 'fjord-blue')).toMatchObject({ amount: 1990000, vatIncluded: 0 })
    expect(line(q, 'delivery-fee')).toMatchObject({ amount: 371250, vatIncluded: 72250 })
    expect(q.vat).toBe(72250 + 87250 + 62500)
    expect(sumOf(q)).toBe(q.totalInclVat)
  })

  it.each([
    // [Standard Range price øre, VAT øre, total øre]: band items = price + 8 980.00 delivery
    [28000000, 0, 30973000], // 288 980 below the band: no VAT; + 17 250 + 1 100 + 2 400 = 309 730
    [29102000, 0, 32075000], // exactly 300 000.00: nothing above
    [29102004, 1, 32075005], // 0.04 above → 25 % = 0.01
    [32000000, 724500, 35697500], // 328 980: 25 % × 28 980 = 7 245; 328 980 + 7 245 + 20 750 = 356 975
  ])('a Standard Range at %i øre pays VAT %i øre, total %i øre', (versionMinor, vat, total) => {
    const q = quote('NO', 'personal', defaultConfiguration(catalog, 'NO'), {
      date: TODAY,
      catalog: priced(versionMinor),
    })
    expect(q.vat).toBe(vat)
    expect(q.totalInclVat).toBe(total)
    expect(sumOf(q)).toBe(total)
  })

  it('charges an accessory sold for its own price 25 % from the first krone, even under the band', () => {
    // Under 2025's NOK 500 000 band the car and delivery (478 880) pay nothing; floor mats 1 490 pay 372.50.
    const q = quote('NO', 'personal', { ...configNoLow, accessoryCodes: ['floor-mats'] })
    expect(q.vat).toBe(37250)
    expect(q.breakdown.msrp - q.breakdown.msrpWithoutVat).toBe(37250)
  })

  it('tells a lease which share of the rent bears VAT (mval. § 6-8 (2))', () => {
    // 2026: VAT-able cost 478 880, of which 178 880 lies above the band.
    expect(quote('NO', 'personal', configNoLow, { date: TODAY }).leaseVat).toEqual({
      rateBasisPoints: 2500,
      taxable: 17888000,
      of: 47888000,
    })
    // Below the band nothing does; before 2023 leasing was exempt; elsewhere all of it does.
    const below = quote('NO', 'personal', defaultConfiguration(catalog, 'NO'), {
      date: TODAY,
      catalog: priced(28000000),
    })
    expect(below.leaseVat).toMatchObject({ taxable: 0, of: 28898000 })
    expect(quote('NO', 'personal', configNoLow, { date: '2022-06-01' }).leaseVat).toMatchObject({ taxable: 0 })
    expect(quote('NL', 'personal', configA('NL')).leaseVat).toEqual({ rateBasisPoints: 2100, taxable: 1, of: 1 })
  })

  it('lowers the band to NOK 150 000 for a quote dated in 2027, without a deploy', () => {
    // 25 % × (478 880 − 150 000) = 82 220; total 478 880 + 82 220 + 17 250 + 1 100 + 2 400 = 581 850.00 NOK.
    const q = quote('NO', 'personal', configNoLow, { date: '2027-03-01' })
    expect(q.validOn.rulesValidFrom).toBe('2027-01-01')
    expect(q.vat).toBe(8222000)
    expect(q.totalInclVat).toBe(58185000)
    expect(q.notes).toContainEqual({
      key: 'price.note.vatThreshold',
      values: { rate: 25, threshold: { amount: 15000000, currency: 'NOK' } },
    })
  })
})

describe('onTheRoadPrice refuses what it cannot price', () => {
  const code = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      return error instanceof PricingError ? error.code : 'other'
    }
    return 'none'
  }

  it('a date before any rule set', () => {
    expect(code(() => quote('NO', 'personal', configA('NO'), { date: '2021-12-31' }))).toBe('noRuleSetForDate')
  })

  it('rules of another country', () => {
    expect(code(() => quote('SE', 'personal', configA('SE'), { rules: rulesByCountry.DK }))).toBe('countryMismatch')
  })

  it('a configuration that does not validate (two-tone paint is not sold in Thailand)', () => {
    const configuration = { ...configB, paintCode: 'aurora-green-black' }
    expect(code(() => quote('TH', 'personal', configuration))).toBe('invalidConfiguration')
    expect(quote('NL', 'personal', configuration).totalInclVat).toBe(5909700 + 80000) // 1 790 − 990 more
  })
})
