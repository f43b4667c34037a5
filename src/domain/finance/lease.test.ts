import { describe, expect, it } from 'vitest'
import { type LeaseInput, leaseQuote, leaseQuoteForProduct } from './lease'
import { isLeaseProduct, type LeaseKind } from './products'
import { financeData } from './test-data'

const START = '2025-06-01'

/** The i-th element, failing the test if there is none. */
function pick<T>(list: readonly T[], index: number): T {
  const item = list[index]
  if (item === undefined) throw new Error(`no element ${index}`)
  return item
}

type Case = { name: string; input: Omit<LeaseInput, 'startDate'>; expected: Record<string, number | null | boolean> }

/**
 * Hand-computed leases. net = price − VAT inside it (half up on the net); C = net − net down payment;
 * RV = net × residual % (half up); base = (C − RV)/n + (C + RV)·rate/24, rounded half up once;
 * per month before VAT = base + services + fee3; VAT half up on that; totals = down + fee1 (+VAT) + n × month.
 */
const CASES: Record<LeaseKind, Case[]> = {
  privateLease: [
    {
      // net 48 400.00/1.21 = 40 000.00; RV 50 % = 20 000.00; (40 000 − 20 000)/48 = 416.6667;
      // (40 000 + 20 000)·0.0699/24 = 174.75; base 591.4167 → 591.42; VAT 21 % 124.1982 → 124.20; 715.62.
      // Totals: 48·591.42 = 28 388.16 before VAT, 48·715.62 = 34 349.76 after.
      name: 'round numbers: EUR 48 400, 48 months, 50 % residual, 6.99 %',
      input: lease('privateLease', 4_840_000, 2_100, 0, 48, 10_000, 5_000, 699),
      expected: {
        priceBeforeVat: 4_000_000,
        residualValue: 2_000_000,
        baseMonthly: 59_142,
        pricePerMonthBeforeVat: 59_142,
        vatPerMonth: 12_420,
        pricePerMonthAfterVat: 71_562,
        totalLeaseCostBeforeVat: 2_838_816,
        totalLeaseCostAfterVat: 3_434_976,
        mileageLimit: 40_000,
      },
    },
    {
      // NL: net 47 990.00/1.21 = 39 661.157 → 39 661.16; down 4 799.00 → net 3 966.12; C = 35 695.04;
      // RV 43.10 % (48 m, 15 000 km) = 17 093.96; (35 695.04 − 17 093.96)/48 = 387.5225;
      // (35 695.04 + 17 093.96)·0.0699/24 = 153.7480; base 541.2705 → 541.27; + insurance 65 + maintenance 25
      // = 631.27; VAT 132.5667 → 132.57; 763.84. Totals: 3 966.12 + 48·631.27 = 34 267.08;
      // 4 799.00 + 48·763.84 = 41 463.32.
      name: 'NL private lease with insurance and maintenance, 10 % down',
      input: lease('privateLease', 4_799_000, 2_100, 479_900, 48, 15_000, 4_310, 699, 0, 0, [
        ['insurance', 6_500],
        ['maintenance', 2_500],
      ]),
      expected: {
        priceBeforeVat: 3_966_116,
        downPaymentBeforeVat: 396_612,
        residualValue: 1_709_396,
        baseMonthly: 54_127,
        pricePerMonthBeforeVat: 63_127,
        vatPerMonth: 13_257,
        pricePerMonthAfterVat: 76_384,
        totalLeaseCostBeforeVat: 3_426_708,
        totalLeaseCostAfterVat: 4_146_332,
        mileageLimit: 60_000,
      },
    },
    {
      // DE, 19 % VAT: net 46 990.00/1.19 = 39 487.395 → 39 487.39; RV 47.40 % = 18 717.02;
      // (39 487.39 − 18 717.02)/36 = 576.9547; (39 487.39 + 18 717.02)·0.0699/24 = 169.5203;
      // base 746.4750 → 746.48; + winter tyres 18 = 764.48; VAT 145.2512 → 145.25; 909.73.
      name: 'DE private lease, 36 months, 20 000 km, winter tyres',
      input: lease('privateLease', 4_699_000, 1_900, 0, 36, 20_000, 4_740, 699, 0, 0, [['winterTyres', 1_800]]),
      expected: {
        priceBeforeVat: 3_948_739,
        residualValue: 1_871_702,
        baseMonthly: 74_648,
        pricePerMonthBeforeVat: 76_448,
        vatPerMonth: 14_525,
        pricePerMonthAfterVat: 90_973,
        totalLeaseCostBeforeVat: 2_752_128,
        totalLeaseCostAfterVat: 3_275_028,
        mileageLimit: 60_000,
      },
    },
  ],
  operationalLease: [
    {
      // NL business, 3.99 %: net 39 661.16; RV 39.20 % = 15 547.17; (39 661.16 − 15 547.17)/48 = 502.3748;
      // (39 661.16 + 15 547.17)·0.0399/24 = 91.7838; base 594.1586 → 594.16; + maintenance 25 = 619.16;
      // VAT 130.0236 → 130.02; 749.18. fee1 250.00 + 21 % = 302.50.
      // Totals: 250 + 48·619.16 = 29 969.68; 302.50 + 48·749.18 = 36 263.14.
      name: 'NL operational lease, 48 months, 20 000 km, maintenance, fee1',
      input: lease('operationalLease', 4_799_000, 2_100, 0, 48, 20_000, 3_920, 399, 25_000, 0, [
        ['maintenance', 2_500],
      ]),
      expected: {
        residualValue: 1_554_717,
        baseMonthly: 59_416,
        pricePerMonthBeforeVat: 61_916,
        vatPerMonth: 13_002,
        pricePerMonthAfterVat: 74_918,
        fee1AfterVat: 30_250,
        totalLeaseCostBeforeVat: 2_996_968,
        totalLeaseCostAfterVat: 3_626_314,
        transfersOwnership: false,
        purchasePriceAfterVat: null,
      },
    },
    {
      // NO, 25 %: net 450 000/1.25 = 360 000.00; RV 50.70 % = 182 520.00; (360 000 − 182 520)/36 = 4 930.00;
      // (360 000 + 182 520)·0.0399/24 = 901.9395; base 5 831.9395 → 5 831.94; + toll tag 29 + winter tyres 190
      // = 6 050.94; VAT 1 512.735 → 1 512.74 (half up); 7 563.68.
      name: 'NO operational lease, toll tag and winter tyres, VAT half up on .5',
      input: lease('operationalLease', 45_000_000, 2_500, 0, 36, 15_000, 5_070, 399, 0, 0, [
        ['tollTag', 2_900],
        ['winterTyres', 19_000],
      ]),
      expected: {
        priceBeforeVat: 36_000_000,
        residualValue: 18_252_000,
        baseMonthly: 583_194,
        pricePerMonthBeforeVat: 605_094,
        vatPerMonth: 151_274,
        pricePerMonthAfterVat: 756_368,
        totalLeaseCostBeforeVat: 21_783_384,
        totalLeaseCostAfterVat: 27_229_248,
      },
    },
    {
      // DK, 25 %: net 329 900/1.25 = 263 920.00; down 32 990 → net 26 392.00; C = 237 528.00;
      // RV 51.20 % = 135 127.04; (237 528 − 135 127.04)/24 = 4 266.7067; (237 528 + 135 127.04)·0.0399/24
      // = 619.5390; base 4 886.2457 → 4 886.25; VAT 1 221.5625 → 1 221.56; 6 107.81.
      // fee1 1 500 + 25 % = 1 875. Totals: 26 392 + 1 500 + 24·4 886.25 = 145 162.00;
      // 32 990 + 1 875 + 24·6 107.81 = 181 452.44.
      name: 'DK operational lease, 24 months, 30 000 km, 10 % down, fee1',
      input: lease('operationalLease', 32_990_000, 2_500, 3_299_000, 24, 30_000, 5_120, 399, 150_000),
      expected: {
        downPaymentBeforeVat: 2_639_200,
        residualValue: 13_512_704,
        baseMonthly: 488_625,
        vatPerMonth: 122_156,
        pricePerMonthAfterVat: 610_781,
        totalLeaseCostBeforeVat: 14_516_200,
        totalLeaseCostAfterVat: 18_145_244,
      },
    },
  ],
  financialLease: [
    {
      // NL: net 39 661.16; final term 10 % = 3 966.12; (39 661.16 − 3 966.12)/60 = 594.9173;
      // (39 661.16 + 3 966.12)·0.0399/24 = 72.5304; base 667.4477 → 667.45; VAT 140.1645 → 140.16; 807.61.
      // Buying at the end: 3 966.12 + 21 % (832.8852 → 832.89) = 4 799.01.
      name: 'NL financial lease, 60 months, 10 % final term, fee1',
      input: lease('financialLease', 4_799_000, 2_100, 0, 60, 50_000, 1_000, 399, 35_000),
      expected: {
        residualValue: 396_612,
        baseMonthly: 66_745,
        pricePerMonthAfterVat: 80_761,
        totalLeaseCostBeforeVat: 4_039_700,
        totalLeaseCostAfterVat: 4_888_010,
        transfersOwnership: true,
        purchasePriceBeforeVat: 396_612,
        purchasePriceAfterVat: 479_901,
      },
    },
    {
      // BE: net 51 990/1.21 = 42 966.94; down 10 398 → net 8 593.39; C = 34 373.55; RV 15 % = 6 445.04;
      // (34 373.55 − 6 445.04)/48 = 581.8440; (34 373.55 + 6 445.04)·0.0399/24 = 67.8609; base 649.7049 → 649.70;
      // VAT 136.437 → 136.44; 786.14. Purchase 6 445.04 + 1 353.4584 → 1 353.46 = 7 798.50.
      name: 'BE financial lease, 20 % down, 15 % purchase option',
      input: lease('financialLease', 5_199_000, 2_100, 1_039_800, 48, 50_000, 1_500, 399, 25_000),
      expected: {
        priceBeforeVat: 4_296_694,
        downPaymentBeforeVat: 859_339,
        residualValue: 644_504,
        baseMonthly: 64_970,
        pricePerMonthAfterVat: 78_614,
        totalLeaseCostAfterVat: 4_843_522,
        purchasePriceAfterVat: 779_850,
      },
    },
    {
      // Round numbers: net 60 500/1.21 = 50 000; down 12 100 → net 10 000; C = 40 000; RV 25 % = 12 500;
      // (40 000 − 12 500)/36 = 763.8889; (40 000 + 12 500)·0.0399/24 = 87.28125; base 851.1701 → 851.17;
      // VAT 178.7457 → 178.75; 1 029.92. Totals: 10 000 + 36·851.17 = 40 642.12; 12 100 + 36·1 029.92 = 49 177.12.
      name: 'round numbers: EUR 60 500, 36 months, 25 % final term',
      input: lease('financialLease', 6_050_000, 2_100, 1_210_000, 36, 50_000, 2_500, 399),
      expected: {
        priceBeforeVat: 5_000_000,
        downPaymentBeforeVat: 1_000_000,
        residualValue: 1_250_000,
        baseMonthly: 85_117,
        vatPerMonth: 17_875,
        pricePerMonthAfterVat: 102_992,
        totalLeaseCostBeforeVat: 4_064_212,
        totalLeaseCostAfterVat: 4_917_712,
        purchasePriceAfterVat: 1_512_500,
      },
    },
  ],
  bankPrivateLease: [
    {
      // NL: net 39 661.16; RV 44 % = 17 450.91; (39 661.16 − 17 450.91)/48 = 462.7135;
      // (39 661.16 + 17 450.91)·0.0699/24 = 166.3389; base 629.0524 → 629.05; + insurance 65 = 694.05;
      // VAT 145.7505 → 145.75; 839.80.
      name: 'NL bank private lease, 48 months, insurance',
      input: lease('bankPrivateLease', 4_799_000, 2_100, 0, 48, 10_000, 4_400, 699, 0, 0, [['insurance', 6_500]]),
      expected: {
        residualValue: 1_745_091,
        baseMonthly: 62_905,
        pricePerMonthBeforeVat: 69_405,
        vatPerMonth: 14_575,
        pricePerMonthAfterVat: 83_980,
        totalLeaseCostAfterVat: 4_031_040,
        transfersOwnership: false,
      },
    },
    {
      // NL long range: net 51 990/1.21 = 42 966.94; down 2 599.50 → net 2 148.35; C = 40 818.59;
      // RV 23 % = 9 882.40; (40 818.59 − 9 882.40)/60 = 515.6032; (40 818.59 + 9 882.40)·0.0699/24 = 147.6667;
      // base 663.2699 → 663.27; VAT 139.2867 → 139.29; 802.56.
      name: 'NL bank private lease, 60 months, 20 000 km, 5 % down',
      input: lease('bankPrivateLease', 5_199_000, 2_100, 259_950, 60, 20_000, 2_300, 699),
      expected: {
        downPaymentBeforeVat: 214_835,
        residualValue: 988_240,
        baseMonthly: 66_327,
        pricePerMonthAfterVat: 80_256,
        totalLeaseCostBeforeVat: 4_194_455,
        totalLeaseCostAfterVat: 5_075_310,
        mileageLimit: 100_000,
      },
    },
    {
      // Round numbers: net 36 300/1.21 = 30 000; RV 50 % = 15 000; 15 000/36 = 416.6667;
      // 45 000·0.0699/24 = 131.0625; base 547.7292 → 547.73; VAT 115.0233 → 115.02; 662.75; 36·662.75 = 23 859.
      name: 'round numbers: EUR 36 300, 36 months, 50 % residual',
      input: lease('bankPrivateLease', 3_630_000, 2_100, 0, 36, 10_000, 5_000, 699),
      expected: {
        baseMonthly: 54_773,
        vatPerMonth: 11_502,
        pricePerMonthAfterVat: 66_275,
        totalLeaseCostBeforeVat: 1_971_828,
        totalLeaseCostAfterVat: 2_385_900,
        mileageLimit: 30_000,
      },
    },
  ],
}

function lease(
  kind: LeaseKind,
  price: number,
  vatRateBp: number,
  downPayment: number,
  termMonths: number,
  mileageKmPerYear: number,
  residualBp: number,
  nominalRateBp: number,
  fee1 = 0,
  fee3 = 0,
  services: [LeaseInput['services'][number]['code'], number][] = [],
): Omit<LeaseInput, 'startDate'> {
  return {
    kind,
    price,
    vatRateBp,
    downPayment,
    termMonths,
    mileageKmPerYear,
    residualBp,
    nominalRateBp,
    fee1,
    fee3,
    services: services.map(([code, monthlyMinor]) => ({ code, monthlyMinor })),
  }
}

describe.each(Object.entries(CASES))('leaseQuote, %s', (kind, cases) => {
  it.each(cases)('$name', ({ input, expected }) => {
    const q = leaseQuote({ ...input, startDate: START })
    expect(q).toMatchObject({ ...expected, kind })
    // The identities every quote keeps, to the minor unit.
    expect(q.pricePerMonthAfterVat).toBe(q.pricePerMonthBeforeVat + q.vatPerMonth)
    expect(q.totalLeaseCostAfterVat).toBe(q.downPayment + q.fee1AfterVat + q.termMonths * q.pricePerMonthAfterVat)
    expect(q.totalLeaseCostBeforeVat).toBe(q.downPaymentBeforeVat + q.fee1 + q.termMonths * q.pricePerMonthBeforeVat)
    expect(q.period).toBe(q.termMonths)
    expect(q.transfersOwnership).toBe(kind === 'financialLease')
  })
})

describe('leaseQuote details', () => {
  it('prices each service per month, before and after VAT', () => {
    const q = leaseQuote({ ...pick(CASES.privateLease, 1).input, startDate: START })
    expect(q.package).toEqual([
      { code: 'insurance', monthlyBeforeVat: 6_500, monthlyAfterVat: 7_865 },
      { code: 'maintenance', monthlyBeforeVat: 2_500, monthlyAfterVat: 3_025 },
    ])
  })

  it('adds the term fee to the monthly price and dates the offer', () => {
    const q = leaseQuote({ ...pick(CASES.bankPrivateLease, 2).input, fee3: 500, startDate: '2025-06-01' })
    expect(q.pricePerMonthBeforeVat).toBe(54_773 + 500)
    expect(q).toMatchObject({ effectiveDate: '2025-06-01', expirationDate: '2025-07-01' })
  })

  it('refuses a down payment that leaves less than the residual value, and broken inputs', () => {
    const base = { ...pick(CASES.privateLease, 0).input, startDate: START }
    expect(() => leaseQuote({ ...base, downPayment: 2_500_000 })).toThrow(RangeError)
    expect(() => leaseQuote({ ...base, residualBp: 10_001 })).toThrow(RangeError)
    expect(() => leaseQuote({ ...base, termMonths: 0 })).toThrow(RangeError)
    expect(() => leaseQuote({ ...base, services: [{ code: 'insurance', monthlyMinor: 0.5 }] })).toThrow(RangeError)
  })
})

describe('leaseQuoteForProduct', () => {
  const nl = financeData.find((data) => data.country === 'NL')?.products.filter(isLeaseProduct) ?? []
  const product = (kind: LeaseKind) => {
    const found = nl.find((p) => p.kind === kind)
    if (found === undefined) throw new Error(`NL offers ${kind}`)
    return found
  }

  it('reads the residual value and service prices from the product', () => {
    const q = leaseQuoteForProduct(product('privateLease'), {
      price: 4_799_000,
      vatRateBp: 2_100,
      startDate: START,
      termMonths: 48,
      mileageKmPerYear: 15_000,
      downPaymentBp: 1_000,
      services: ['insurance', 'maintenance'],
    })
    expect(q).toMatchObject({
      ...pick(CASES.privateLease, 1).expected,
      partnerName: product('privateLease').partnerName,
    })
  })

  it('uses the defaults for what the buyer leaves out', () => {
    const q = leaseQuoteForProduct(product('bankPrivateLease'), {
      price: 4_799_000,
      vatRateBp: 2_100,
      startDate: START,
    })
    expect(q).toMatchObject({ termMonths: 48, mileageKmPerYear: 10_000, residualBp: 4_400, baseMonthly: 62_905 })
    const financial = leaseQuoteForProduct(product('financialLease'), {
      price: 4_799_000,
      vatRateBp: 2_100,
      startDate: START,
    })
    expect(financial).toMatchObject(pick(CASES.financialLease, 0).expected)
  })

  it('refuses a term, mileage or service the product does not offer', () => {
    const request = { price: 4_799_000, vatRateBp: 2_100, startDate: START }
    expect(() => leaseQuoteForProduct(product('privateLease'), { ...request, termMonths: 30 })).toThrow(RangeError)
    expect(() => leaseQuoteForProduct(product('privateLease'), { ...request, mileageKmPerYear: 12_345 })).toThrow(
      RangeError,
    )
    expect(() => leaseQuoteForProduct(product('financialLease'), { ...request, services: ['tollTag'] })).toThrow(
      RangeError,
    )
  })
})
