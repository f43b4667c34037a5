import { describe, expect, it } from 'vitest'
import { chosenFinance, figureOf, financeChanges, financeFingerprint, whyNotValid } from './chosen'
import { type CreditProduct, type LeaseProduct, productsFor } from './products'
import { currentOffer } from './requote'
import { ChosenFinanceSchema } from './schema'
import { financeSummary } from './summary'
import { financeData } from './test-data'

const dutch = productsFor(financeData, 'NL', 'personal', '2026-12-01')
const loan = dutch.find((p) => p.kind === 'loan') as CreditProduct
const lease = dutch.find((p) => p.kind === 'privateLease') as LeaseProduct
/** €50,000.00 with 21 % VAT in it, on 2026-12-01. */
const basis = { price: 5_000_000, vatRateBp: 2_100 }
const base = { ...basis, usage: 'personal' as const, startDate: '2026-12-01' }

function summaryOf(outcome: ReturnType<typeof financeSummary>) {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems))
  return outcome.summary
}

describe('a trade-in set against the finance', () => {
  it('lowers the amount a loan finances and its instalment, and is shown beside the down payment', () => {
    // 6.49 % nominal over 60 months, r = 0.0649 / 12. Without a trade-in €50,000.00 is financed:
    // A = 5 000 000 · r / (1 − (1 + r)^−60) = 97 807.32 → 97 807. With €10,000.00 of trade-in, €40,000.00:
    // A = 4 000 000 · r / (1 − (1 + r)^−60) = 78 245.86 → 78 246.
    const without = summaryOf(financeSummary(loan, { ...base, choice: { termMonths: 60, downPayment: 0 } }))
    const withTradeIn = summaryOf(
      financeSummary(loan, { ...base, tradeInCredit: 1_000_000, choice: { termMonths: 60, downPayment: 0 } }),
    )
    expect(without.monthlyPayment).toBe(97_807)
    expect(withTradeIn.monthlyPayment).toBe(78_246)
    const figure = (key: string) => withTradeIn.figures.find((f) => f.key === key)?.value
    expect(figure('finance.field.downPayment')).toBe(0)
    expect(figure('finance.field.tradeInCredit')).toBe(1_000_000)
    expect(figure('finance.field.totalLoanAmount')).toBe(4_000_000)
    expect(without.figures.some((f) => f.key === 'finance.field.tradeInCredit')).toBe(false)
  })

  it('takes the place of the default down payment, and names the down payment range left beside it', () => {
    // The Dutch private lease allows up to 20 % down: €10,000.00. With a €7,000.00 trade-in, €3,000.00 is left.
    const outcome = financeSummary(lease, { ...base, tradeInCredit: 700_000, choice: { downPayment: 500_000 } })
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.problems[0]).toMatchObject({ code: 'downPaymentOutOfRange', params: { min: 0, max: 300_000 } })
  })
})

describe('lease services', () => {
  it('are priced per month and added to the monthly price, each shown with VAT', () => {
    // Net price 5 000 000 − 867 769 VAT = 4 132 231; residual 47 % (48 months, 10 000 km) = 1 942 149.
    // base = (4 132 231 − 1 942 149) / 48 + (4 132 231 + 1 942 149) · 0.0699 / 24 = 45 626.71 + 17 691.63 = 63 318
    // Insurance €65.00 net: 63 318 + 6 500 = 69 818 before VAT, + 21 % (14 661.78 → 14 662) = 84 480 a month.
    const plain = summaryOf(financeSummary(lease, { ...base, choice: {} }))
    const insured = summaryOf(financeSummary(lease, { ...base, choice: { services: ['insurance'] } }))
    expect(figureOfSummary(plain, 'finance.field.pricePerMonthBeforeVat')).toBe(63_318)
    expect(plain.monthlyPayment).toBe(76_615)
    expect(figureOfSummary(insured, 'finance.field.pricePerMonthBeforeVat')).toBe(69_818)
    expect(insured.monthlyPayment).toBe(84_480)
    // €65.00 + 21 % = €78.65, shown on its own line.
    expect(figureOfSummary(insured, 'finance.service.insurance')).toBe(7_865)
    expect(figureOfSummary(insured, 'finance.field.mileage')).toBe(10_000)
    expect(insured.applied.services).toEqual(['insurance'])
  })
})

const figureOfSummary = (summary: { figures: { key: string; value: number | string }[] }, key: string) =>
  summary.figures.find((f) => f.key === key)?.value

describe('a chosen offer', () => {
  const summary = summaryOf(financeSummary(lease, { ...base, choice: { termMonths: 48 } }))
  const kept = chosenFinance(summary, { price: 5_000_000, tradeInCredit: 0, currency: 'EUR', quotedOn: '2026-12-01' })
  if (!kept) throw new Error('a lease has an offer')

  it('survives being stored, figure for figure', () => {
    const stored = ChosenFinanceSchema.parse(JSON.parse(JSON.stringify(kept)))
    expect(stored).toEqual(JSON.parse(JSON.stringify(kept)))
    expect(figureOf(stored, 'finance.field.pricePerMonthAfterVat')).toBe(76_615)
  })

  it('holds until its validity date for the same price and trade-in', () => {
    // Offers of the Dutch lease hold 30 days: quoted 2026-12-01, valid through 2026-12-31.
    expect(kept.summary.expirationDate).toBe('2026-12-31')
    const now = { price: 5_000_000, tradeInCredit: 0, currency: 'EUR' as const }
    expect(whyNotValid(kept, { ...now, today: '2026-12-31' })).toBeNull()
    expect(whyNotValid(kept, { ...now, today: '2027-01-01' })).toBe('expired')
    expect(whyNotValid(kept, { ...now, price: 4_900_000, today: '2026-12-02' })).toBe('priceChanged')
    expect(whyNotValid(kept, { ...now, tradeInCredit: 100_000, today: '2026-12-02' })).toBe('tradeInChanged')
  })

  it('is used as it is while it holds, even when today the same choice would be priced otherwise', () => {
    const offer = currentOffer({
      products: dutch,
      kind: 'privateLease',
      choice: { termMonths: 48 },
      kept,
      basis,
      usage: 'personal',
      currency: 'EUR',
      today: '2026-12-20',
    })
    expect(offer.chosen).toBe(kept)
    expect(offer.requoted).toBeNull()
  })

  it('is quoted anew once the price changed, saying which figures moved and from what to what', () => {
    const offer = currentOffer({
      products: dutch,
      kind: 'privateLease',
      choice: { termMonths: 48 },
      kept,
      basis: { price: 5_100_000, vatRateBp: 2_100 },
      usage: 'personal',
      currency: 'EUR',
      today: '2026-12-20',
    })
    expect(offer.requoted?.reason).toBe('priceChanged')
    const monthly = offer.requoted?.changes.find((c) => c.key === 'finance.field.pricePerMonthAfterVat')
    expect(monthly?.before).toBe(76_615)
    expect(monthly?.after).toBe(offer.chosen?.summary.monthlyPayment)
    expect(offer.requoted?.changes.some((c) => c.key === 'finance.field.expirationDate')).toBe(false)
    expect(financeFingerprint(offer.chosen)).not.toBe(financeFingerprint(kept))
  })

  it('lists no change for figures that stayed', () => {
    expect(financeChanges(kept, kept)).toEqual([])
  })

  it('gives cash no offer', () => {
    const cash = summaryOf(financeSummary(dutch[0] as never, { ...base, choice: {} }))
    expect(chosenFinance(cash, { price: 1, tradeInCredit: 0, currency: 'EUR', quotedOn: '2026-12-01' })).toBeNull()
    expect(financeFingerprint(null)).toBe('cash')
  })
})
