import { describe, expect, it } from 'vitest'
import { type Configuration, defaultConfiguration } from '../catalog/configuration'
import { onTheRoadPrice } from '../pricing/engine'
import { catalog, rulesByCountry } from '../pricing/test-data'
import { leaseQuote } from './lease'
import { financeBasis } from './summary'

/** A plain lease on the given base: no down payment, fees or services; residual 50 %. */
const lease = (basis: ReturnType<typeof financeBasis>, termMonths: number, nominalRateBp: number) =>
  leaseQuote({
    kind: 'privateLease',
    ...basis,
    downPayment: 0,
    termMonths,
    mileageKmPerYear: 10_000,
    residualBp: 5_000,
    nominalRateBp,
    fee1: 0,
    fee3: 0,
    services: [],
    startDate: '2026-11-24',
  })

describe('a lease is priced from the engine’s own net total', () => {
  it('the Netherlands: the €50.22 registration fee carries no VAT, so no VAT is taken out of it', () => {
    // Lines with 21 % VAT inside: 47 990.00 (net 39 661.16), preparation 1 070.11 (net 884.39), recycling
    // 77.67 (net 64.19); registration 50.22 outside VAT. Net total 39 661.16 + 884.39 + 64.19 + 50.22 =
    // 40 659.96, where removing 21 % from the whole 49 188.00 would give 40 651.24.
    const quote = onTheRoadPrice({
      catalog,
      rules: rulesByCountry.NL,
      country: 'NL',
      usage: 'personal',
      configuration: defaultConfiguration(catalog, 'NL'),
      date: '2026-11-24',
    })
    const basis = financeBasis(quote)
    expect(basis).toEqual({
      price: 4_918_800,
      vatRateBp: 2_100,
      netPrice: 4_065_996,
      rentVatShare: { taxable: 1, of: 1 },
    })
    // RV 20 329.98; (40 659.96 − 20 329.98) / 48 + (40 659.96 + 20 329.98) × 6.99 % / 24 = 423.5413 + 177.6332
    // = 601.17; 21 % VAT 126.25 → 727.42 a month (601.05 from the old base).
    const q = lease(basis, 48, 699)
    expect(q.priceBeforeVat).toBe(4_065_996)
    expect(q.residualValue).toBe(2_032_998)
    expect(q.baseMonthly).toBe(60_117)
    expect(q.vatPerMonth).toBe(12_625)
    expect(q.pricePerMonthAfterVat).toBe(72_742)
    expect(q.rentVatShareBp).toBe(10_000)
  })

  it('Denmark: plates (1 180 kr) count in full in the base', () => {
    // 329 900 (net 263 920) + delivery 4 995 (net 3 996), both with 25 % inside; plates 1 180 outside VAT.
    // Net total 269 096.00 (the whole 336 075 less 25 % would be 268 860.00).
    const quote = onTheRoadPrice({
      catalog,
      rules: rulesByCountry.DK,
      country: 'DK',
      usage: 'personal',
      configuration: defaultConfiguration(catalog, 'DK'),
      date: '2026-11-24',
    })
    const basis = financeBasis(quote)
    expect(basis.price).toBe(33_607_500)
    expect(basis.netPrice).toBe(26_909_600)
    // RV 134 548; 134 548 / 36 + 403 644 × 5 % / 24 = 3 737.4444 + 840.925 = 4 578.37; VAT 1 144.59.
    const q = lease(basis, 36, 500)
    expect(q.baseMonthly).toBe(457_837)
    expect(q.vatPerMonth).toBe(114_459)
    expect(q.pricePerMonthAfterVat).toBe(572_296)
  })
})

describe('a Norwegian lease follows the VAT exemption (mval. § 6-8 (2))', () => {
  const configNoLow: Configuration = { ...defaultConfiguration(catalog, 'NO'), paintCode: 'fjord-blue' }
  const noQuote = (configuration: Configuration, cat = catalog) =>
    onTheRoadPrice({
      catalog: cat,
      rules: rulesByCountry.NO,
      country: 'NO',
      usage: 'personal',
      configuration,
      date: '2026-11-24',
    })

  it('above the 2026 band: VAT on rent × (cost − 300 000) / cost, the base being the net total', () => {
    // Price 544 350.00 with 44 720 VAT: net 499 630.00 (car and delivery 478 880, weight tax 17 250, plate 1 100,
    // wreck deposit 2 400). RV 249 815; 249 815 / 36 + 749 445 × 5 % / 24 = 6 939.3056 + 1 561.3438 = 8 500.65.
    // VAT 25 % × 8 500.65 × 178 880 / 478 880 = 793.83 → 9 294.48 a month.
    const basis = financeBasis(noQuote(configNoLow))
    expect(basis).toMatchObject({ price: 54_435_000, netPrice: 49_963_000 })
    expect(basis.rentVatShare).toEqual({ taxable: 17_888_000, of: 47_888_000 })
    const q = lease(basis, 36, 500)
    expect(q.baseMonthly).toBe(850_065)
    expect(q.vatPerMonth).toBe(79_383)
    expect(q.pricePerMonthAfterVat).toBe(929_448)
    expect(q.rentVatShareBp).toBe(3_735) // 37.35 % of the rent bears VAT
  })

  it('below the band: no VAT on the rent, and none taken out of a price that holds none', () => {
    const cheaper = structuredClone(catalog)
    const version = cheaper.versions.find((v) => v.code === 'standard-range')
    if (version) version.prices.NO = 28_000_000
    // Car and delivery 288 980, below 300 000: the price 309 730.00 holds no VAT, so the base is all of it.
    const basis = financeBasis(noQuote(defaultConfiguration(cheaper, 'NO'), cheaper))
    expect(basis).toMatchObject({ price: 30_973_000, netPrice: 30_973_000, rentVatShare: { taxable: 0 } })
    const q = lease(basis, 36, 500)
    expect(q.priceBeforeVat).toBe(30_973_000)
    expect(q.vatPerMonth).toBe(0)
    expect(q.pricePerMonthAfterVat).toBe(q.pricePerMonthBeforeVat)
    expect(q.rentVatShareBp).toBe(0)
  })

  it('keeps a down payment’s VAT at the rent’s share', () => {
    // A down payment of 10 000.00 with VAT on 37.35… % of it: net = 10 000 / (1 + 25 % × 178 880 / 478 880)
    // = 10 000 / 1.0933844 = 9 145.91 (rounded half up on the net).
    const basis = financeBasis(noQuote(configNoLow))
    const q = leaseQuote({
      kind: 'privateLease',
      ...basis,
      downPayment: 1_000_000,
      termMonths: 36,
      mileageKmPerYear: 10_000,
      residualBp: 5_000,
      nominalRateBp: 500,
      fee1: 0,
      fee3: 0,
      services: [],
      startDate: '2026-11-24',
    })
    expect(q.downPaymentBeforeVat).toBe(914_591)
  })
})
