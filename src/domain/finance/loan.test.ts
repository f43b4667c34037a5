import { describe, expect, it } from 'vitest'
import {
  annuityPayment,
  balloonFromRatio,
  defaultDownPayment,
  type LoanInput,
  loanQuote,
  loanQuoteForProduct,
} from './loan'
import { isCreditProduct } from './products'
import { financeData } from './test-data'

const START = '2025-06-01'

/** The i-th element, failing the test if there is none. */
function pick<T>(list: readonly T[], index: number): T {
  const item = list[index]
  if (item === undefined) throw new Error(`no element ${index}`)
  return item
}

/**
 * Plain annuities. A = P·r / (1 − (1 + r)^−n), r = nominal / 12, rounded half up to the minor unit; the
 * last instalment = what is left. Interest, last payment and APR were recomputed outside this code (a
 * 50-digit decimal schedule and a bisection on the Annex I equation); the arithmetic is in each comment.
 */
const LOANS: { name: string; input: Omit<LoanInput, 'startDate'>; expected: Record<string, number> }[] = [
  {
    // P = 10 000.00, r = 0.06/12 = 0.005, n = 12: (1.005)^−12 = 0.941905, A = 1 000 000·0.005/0.058095
    // = 86 066.4297 → 86 066; 11·86 066 = 946 726; last = 1 000 000 + 32 796 − 946 726 = 86 070.
    // No fees: APR solves Σ 86 066·(1+X)^(−k/12) (+ last) = 1 000 000 → X = 6.1675 % → 6.17 %, which is
    // (1.005)^12 − 1 = 6.1678 % less the few cents the rounding moved.
    name: 'EUR 10 000 over 12 months at 6 %, no fees',
    input: { price: 1_200_000, downPayment: 200_000, termMonths: 12, nominalRateBp: 600, fee1: 0, fee3: 0 },
    expected: {
      totalLoanAmount: 1_000_000,
      monthlyPayment: 86_066,
      lastPayment: 86_070,
      totalInterest: 32_796,
      creditCost: 32_796,
      totalToRepay: 1_032_796,
      totalPurchasePrice: 1_232_796,
      aprBp: 617,
      effectiveRateBp: 617,
    },
  },
  {
    // NL: P = 47 990.00, r = 0.0649/12 = 0.00540833, n = 60: (1+r)^−60 = 0.723521, A = 4 799 000·r/0.276479
    // = 93 875.4685 → 93 875; 59·93 875 = 5 538 625; last = 4 799 000 + 833 536 − 5 538 625 = 93 911.
    // APR 6.6866 % → 6.69 % = (1 + 0.0649/12)^12 − 1: without fees APR is the effective rate.
    name: 'EUR 47 990 over 60 months at 6.49 %, no fees (NL)',
    input: { price: 4_799_000, downPayment: 0, termMonths: 60, nominalRateBp: 649, fee1: 0, fee3: 0 },
    expected: {
      totalLoanAmount: 4_799_000,
      monthlyPayment: 93_875,
      lastPayment: 93_911,
      totalInterest: 833_536,
      creditCost: 833_536,
      totalToRepay: 5_632_536,
      totalPurchasePrice: 5_632_536,
      aprBp: 669,
      effectiveRateBp: 669,
    },
  },
  {
    // NO: price 450 000.00, 35 % down 157 500.00, P = 292 500.00, r = 0.0595/12, n = 60:
    // A = 29 250 000·0.00495833/(1 − 1.00495833^−60 = 0.256781) = 564 804.6506 → 564 805 (+ fee3 8 500).
    // Last instalment 564 779. Credit cost = 4 638 274 interest + 349 000 fee1 + 60·8 500 = 5 497 274.
    // APR: paid out 29 250 000 − 349 000 = 28 901 000 at t0, 573 305 monthly (573 279 last) at k/12:
    // X = 7.3095 % → 7.31 % (effective rate of 5.95 % alone: 6.1150 % → 6.11 %).
    name: 'NOK 292 500 over 60 months at 5.95 % with fees (NO)',
    input: {
      price: 45_000_000,
      downPayment: 15_750_000,
      termMonths: 60,
      nominalRateBp: 595,
      fee1: 349_000,
      fee3: 8_500,
    },
    expected: {
      totalLoanAmount: 29_250_000,
      monthlyPayment: 573_305,
      lastPayment: 573_279,
      totalInterest: 4_638_274,
      creditCost: 5_497_274,
      totalToRepay: 34_747_274,
      totalPurchasePrice: 50_497_274,
      aprBp: 731,
      effectiveRateBp: 611,
    },
  },
  {
    // IS (no minor unit: whole krónur): P = 6 990 000 − 2 097 000 = 4 893 000, r = 0.0995/12, n = 60:
    // A = 4 893 000·0.00829167/(1 − 1.00829167^−60 = 0.390703) = 103 841.4529 → 103 841 (+ 695 fee).
    // Credit cost = 1 337 493 + 79 900 + 60·695 = 1 459 093; APR from 4 813 100 paid out: 11.5203 % → 11.52 %
    // (effective rate of 9.95 % alone: 10.4165 % → 10.42 %).
    name: 'ISK 4 893 000 over 60 months at 9.95 % with fees (IS)',
    input: { price: 6_990_000, downPayment: 2_097_000, termMonths: 60, nominalRateBp: 995, fee1: 79_900, fee3: 695 },
    expected: {
      totalLoanAmount: 4_893_000,
      monthlyPayment: 104_536,
      lastPayment: 104_569,
      totalInterest: 1_337_493,
      creditCost: 1_459_093,
      totalToRepay: 6_352_093,
      totalPurchasePrice: 8_449_093,
      aprBp: 1_152,
      effectiveRateBp: 1_042,
    },
  },
]

/**
 * Balloon loans. A = (P − B/(1 + r)^n)·r / (1 − (1 + r)^−n); the balloon B is paid with the last month.
 */
const BALLOON_LOANS: typeof LOANS = [
  {
    // DE: price 46 990.00, 10 % down, P = 42 291.00, B = 30 % of price = 14 097.00, r = 0.0499/12, n = 48:
    // (1+r)^−48 = 0.819397; A = (4 229 100 − 1 409 700·0.819397)·0.00415833/0.180603 = 70 778.0220 → 70 778.
    // No fees: APR 5.1058 % → 5.11 % = the effective rate of 4.99 %.
    name: 'EUR 42 291 over 48 months at 4.99 %, 30 % balloon (DE)',
    input: {
      price: 4_699_000,
      downPayment: 469_900,
      termMonths: 48,
      nominalRateBp: 499,
      balloonAmount: 1_409_700,
      fee1: 0,
      fee3: 0,
    },
    expected: {
      totalLoanAmount: 4_229_100,
      monthlyPayment: 70_778,
      lastPayment: 70_783,
      balloonPayment: 1_409_700,
      balloonRatioBp: 3_000,
      totalInterest: 577_949,
      creditCost: 577_949,
      totalToRepay: 4_807_049,
      aprBp: 511,
    },
  },
  {
    // SE: price 519 900.00, 20 % down, P = 415 920.00, B = 40 % = 207 960.00, r = 0.0645/12, n = 36:
    // (1+r)^−36 = 0.824497; A = (41 592 000 − 20 796 000·0.824497)·0.005375/0.175503 = 748 681.9956 → 748 682.
    // Credit cost 6 156 554 + 69 500 + 36·5 500 = 6 424 054; APR (41 522 500 paid out) 6.9468 % → 6.95 %.
    name: 'SEK 415 920 over 36 months at 6.45 %, 40 % balloon, fees (SE)',
    input: {
      price: 51_990_000,
      downPayment: 10_398_000,
      termMonths: 36,
      nominalRateBp: 645,
      balloonAmount: 20_796_000,
      fee1: 69_500,
      fee3: 5_500,
    },
    expected: {
      totalLoanAmount: 41_592_000,
      monthlyPayment: 754_182,
      lastPayment: 754_184,
      balloonPayment: 20_796_000,
      balloonRatioBp: 4_000,
      totalInterest: 6_156_554,
      creditCost: 6_424_054,
      totalToRepay: 48_016_054,
      aprBp: 695,
    },
  },
  {
    // DK: price 329 900.00, 20 % down, P = 263 920.00, B = 25 % = 82 475.00, r = 0.0545/12, n = 60:
    // (1+r)^−60 = 0.761943; A = (26 392 000 − 8 247 500·0.761943)·0.00454167/0.238057 = 383 619.8411 → 383 620.
    // Credit cost 4 872 689 + 450 000 + 60·3 500 = 5 532 689; APR (25 942 000 paid out) 6.4335 % → 6.43 %.
    name: 'DKK 263 920 over 60 months at 5.45 %, 25 % balloon, fees (DK)',
    input: {
      price: 32_990_000,
      downPayment: 6_598_000,
      termMonths: 60,
      nominalRateBp: 545,
      balloonAmount: 8_247_500,
      fee1: 450_000,
      fee3: 3_500,
    },
    expected: {
      totalLoanAmount: 26_392_000,
      monthlyPayment: 387_120,
      lastPayment: 387_109,
      balloonPayment: 8_247_500,
      balloonRatioBp: 2_500,
      totalInterest: 4_872_689,
      creditCost: 5_532_689,
      totalToRepay: 31_924_689,
      aprBp: 643,
    },
  },
]

describe('loanQuote, annuity', () => {
  it.each(LOANS)('$name', ({ input, expected }) => {
    const quote = loanQuote({ ...input, startDate: START })
    expect(quote).toMatchObject(expected)
    expect(quote.monthlyPayment).toBe(quote.monthlyInstalment + input.fee3)
    expect(quote.balloonPayment).toBe(0)
  })
})

describe('loanQuote, balloon', () => {
  it.each(BALLOON_LOANS)('$name', ({ input, expected }) => {
    const quote = loanQuote({ ...input, startDate: START })
    expect(quote).toMatchObject(expected)
    expect(quote.schedule.at(-1)?.balance).toBe(input.balloonAmount)
  })
})

describe('loanQuote, totals', () => {
  it.each([...LOANS, ...BALLOON_LOANS])('$name: the schedule adds up to the minor unit', ({ input }) => {
    const q = loanQuote({ ...input, startDate: START })
    const paid = q.schedule.reduce((sum, row) => sum + row.payment, 0)
    expect(paid + q.balloonPayment).toBe(q.totalLoanAmount + q.totalInterest)
    expect(q.schedule.reduce((sum, row) => sum + row.principal, 0) + q.balloonPayment).toBe(q.totalLoanAmount)
    expect(q.totalToRepay).toBe(paid + q.balloonPayment + q.fee1 + q.totalTermFees)
    expect(q.totalAmountForCredit).toBe(q.totalToRepay)
    expect(q.creditCost).toBe(q.totalToRepay - q.totalLoanAmount)
    expect(q.schedule.slice(0, -1).every((row) => row.payment === q.monthlyInstalment)).toBe(true)
    expect(q.schedule).toHaveLength(q.termMonths)
    expect(q.totalPeriod).toBe(q.termMonths)
  })

  it('pays principal / n at 0 %, the remainder with the last payment', () => {
    // 10 000.00 / 3 = 3 333.333… → 333 333 twice, then 1 000 000 − 666 666 = 333 334; no interest, APR 0.
    const q = loanQuote({
      price: 1_000_000,
      downPayment: 0,
      termMonths: 3,
      nominalRateBp: 0,
      fee1: 0,
      fee3: 0,
      startDate: START,
    })
    expect(q.schedule.map((row) => row.payment)).toEqual([333_333, 333_333, 333_334])
    expect(q).toMatchObject({ totalInterest: 0, creditCost: 0, aprBp: 0, apr: 0, effectiveRateBp: 0 })
  })

  it('dates the offer: effective on the start day, expiring after the validity days', () => {
    const base = { price: 1_200_000, downPayment: 200_000, termMonths: 12, nominalRateBp: 600, fee1: 0, fee3: 0 }
    expect(loanQuote({ ...base, startDate: '2025-12-15' })).toMatchObject({
      effectiveDate: '2025-12-15',
      expirationDate: '2026-01-14',
    })
    expect(loanQuote({ ...base, startDate: '2025-12-15', offerValidityDays: 7 }).expirationDate).toBe('2025-12-22')
  })

  it('splits the price around VAT when a rate is given, and rates are also decimals', () => {
    const q = loanQuote({ ...pick(LOANS, 1).input, startDate: START, vatRateBp: 2100, kind: 'hirePurchase' })
    // 47 990.00 / 1.21 = 39 661.157… → 3 966 116 before VAT
    expect(q).toMatchObject({ priceBeforeVat: 3_966_116, priceAfterVat: 4_799_000, kind: 'hirePurchase' })
    expect(q.apr).toBe(0.0669)
    expect(q.effectiveRate).toBe(0.0669)
  })

  it('refuses inputs no product allows', () => {
    const base = { ...pick(LOANS, 0).input, startDate: START }
    expect(() => loanQuote({ ...base, downPayment: 1_200_000 })).toThrow(RangeError)
    expect(() => loanQuote({ ...base, balloonAmount: 1_000_001 })).toThrow(RangeError)
    expect(() => loanQuote({ ...base, price: 1.5 })).toThrow(RangeError)
    expect(() => loanQuote({ ...base, termMonths: 0 })).toThrow(RangeError)
    expect(() => loanQuote({ ...base, fee1: 1_000_000 })).toThrow(RangeError)
    // 10.00 over 102 months: 9.8 → 10 cents a month would repay 10.10 after 101 months; no product lends this.
    expect(() => loanQuote({ ...base, price: 1_000, downPayment: 0, termMonths: 102, nominalRateBp: 0 })).toThrow(
      RangeError,
    )
  })
})

describe('annuityPayment and balloonFromRatio', () => {
  it('follow the formulas', () => {
    expect(annuityPayment(1_000_000, 0, 0.005, 12)).toBeCloseTo(86_066.4297, 4)
    expect(annuityPayment(1_000_000, 400_000, 0, 12)).toBe(50_000)
    // A balloon equal to the loan leaves interest only: 1 000 000 · 0.005
    expect(annuityPayment(1_000_000, 1_000_000, 0.005, 12)).toBeCloseTo(5_000, 6)
    expect(balloonFromRatio(4_799_000, 3_000)).toBe(1_439_700)
    expect(balloonFromRatio(5, 5_000)).toBe(3) // 2.5 → 3, half up
  })
})

describe('loanQuoteForProduct', () => {
  it('uses the product’s rate, fees, partner and defaults', () => {
    const no = financeData.find((data) => data.country === 'NO')?.products.find(isCreditProduct)
    if (no === undefined) throw new Error('NO has a loan')
    const q = loanQuoteForProduct(no, { price: 45_000_000, startDate: START })
    // defaults: 60 months, 35 % down = 157 500.00: the third case of the table above
    expect(q).toMatchObject({ ...pick(LOANS, 2).expected, partnerName: no.partnerName, kind: 'loan' })
    expect(q.expirationDate).toBe('2025-07-01')
  })

  it('takes a balloon from a share of the price', () => {
    const de = financeData.find((data) => data.country === 'DE')?.products.find(isCreditProduct)
    if (de === undefined) throw new Error('DE has a loan')
    const q = loanQuoteForProduct(de, { price: 4_699_000, startDate: START, downPaymentBp: 1_000, balloonBp: 3_000 })
    expect(q).toMatchObject(pick(BALLOON_LOANS, 0).expected)
  })
})

describe('defaultDownPayment', () => {
  const loan = (country: string) => {
    const product = financeData.find((data) => data.country === country)?.products.find(isCreditProduct)
    if (product === undefined) throw new Error(`${country} has a loan`)
    return product
  }

  it('opens on a whole krone or euro, rounded up so the minimum share still holds', () => {
    // Norway: 35 % of 519 475.00 kr = 181 816.25 → 181 817 kr; the minimum share is 35 % too.
    expect(defaultDownPayment(51_947_500, loan('NO'))).toBe(18_181_700)
    // Germany: 10 % of 46 990.50 € = 4 699.05 → 4 700 €; a share already whole stays (10 % of 46 990 € = 4 699 €).
    expect(defaultDownPayment(4_699_050, loan('DE'))).toBe(470_000)
    expect(defaultDownPayment(4_699_000, loan('DE'))).toBe(469_900)
  })

  it('never goes above the product’s largest share', () => {
    // 90 % of 0.99 € = 0.891 €: rounding up to 1 € would pass the maximum, so it stays at 0.89 €.
    expect(defaultDownPayment(99, loan('AT'), 9_000)).toBe(89)
  })
})
