import { describe, expect, it } from 'vitest'
import { type CreditProduct, type FinanceProduct, type LeaseProduct, productsFor } from './products'
import { financeSummary } from './summary'
import { financeData } from './test-data'

const dutch = productsFor(financeData, 'NL', 'personal', '2026-11-21')
const loanProduct = () => dutch.find((p) => p.kind === 'loan')
const leaseProduct = () => dutch.find((p) => p.kind === 'privateLease')

const base = { price: 5_000_000, vatRateBp: 2100, usage: 'personal' as const, startDate: '2026-11-21' }

describe('financeSummary', () => {
  it('applies the product defaults and shows every loan figure the law expects', () => {
    const product = loanProduct() as CreditProduct
    const outcome = financeSummary(product, { ...base, choice: {} })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const keys = outcome.summary.figures.map((f) => f.key)
    expect(keys).toEqual(
      expect.arrayContaining(['finance.field.apr', 'finance.field.creditCost', 'finance.field.totalToRepay']),
    )
    expect(outcome.summary.applied.termMonths).toBe(product.defaults.termMonths)
    expect(outcome.summary.monthlyPayment).toBeGreaterThan(0)
  })

  it('pays more a month over a shorter term', () => {
    const product = loanProduct() as CreditProduct
    const [short, long] = [product.limits.termsMonths[0], product.limits.termsMonths.at(-1)]
    const a = financeSummary(product, { ...base, choice: { termMonths: short } })
    const b = financeSummary(product, { ...base, choice: { termMonths: long } })
    expect(a.ok && b.ok && (a.summary.monthlyPayment ?? 0) > (b.summary.monthlyPayment ?? 0)).toBe(true)
  })

  it('refuses a down payment outside the product’s range, naming the range', () => {
    const product = loanProduct() as CreditProduct
    const outcome = financeSummary(product, { ...base, choice: { downPayment: base.price + 1 } })
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.problems[0]).toMatchObject({ field: 'downPayment', code: 'downPaymentOutOfRange' })
    expect(outcome.problems[0]?.params).toHaveProperty('max')
  })

  it('shows a lease per month after VAT, with the mileage limit', () => {
    const outcome = financeSummary(leaseProduct() as LeaseProduct, { ...base, choice: {} })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.summary.figures.map((f) => f.key)).toEqual(
      expect.arrayContaining(['finance.field.pricePerMonthAfterVat', 'finance.field.mileageLimit']),
    )
  })

  it('shows the monthly fee and, as "total term fees", the monthly fee times the term', () => {
    // The Norwegian loan charges a 85 kr term fee a month: over 60 months that is 5 100 kr.
    const norwegian = productsFor(financeData, 'NO', 'personal', '2026-11-21').find((p) => p.kind === 'loan')
    const outcome = financeSummary(norwegian as CreditProduct, {
      price: 45_000_000,
      vatRateBp: 2500,
      usage: 'personal',
      startDate: '2026-11-21',
      choice: { termMonths: 60 },
    })
    if (!outcome.ok) throw new Error('expected a quote')
    const figure = (key: string) => outcome.summary.figures.find((f) => f.key === key)?.value
    expect(figure('finance.field.fee3')).toBe(8_500)
    expect(figure('finance.field.termFee')).toBe(510_000)
  })

  it('shows the lease base and, where only part of the rent bears VAT, that share', () => {
    const outcome = financeSummary(leaseProduct() as LeaseProduct, {
      ...base,
      netPrice: 4_000_000,
      rentVatShare: { taxable: 1, of: 4 },
      choice: {},
    })
    if (!outcome.ok) throw new Error('expected a quote')
    const figure = (key: string) => outcome.summary.figures.find((f) => f.key === key)?.value
    expect(figure('finance.field.leaseBase')).toBe(4_000_000)
    expect(figure('finance.field.rentVatShare')).toBe(2_500)
    const whole = financeSummary(leaseProduct() as LeaseProduct, { ...base, choice: {} })
    expect(whole.ok && whole.summary.figures.some((f) => f.key === 'finance.field.rentVatShare')).toBe(false)
  })

  it('prices cash at the car price', () => {
    const cash = { kind: 'cash' } as unknown as FinanceProduct
    const outcome = financeSummary(cash, { ...base, choice: {} })
    expect(outcome).toMatchObject({ ok: true, summary: { totalCost: base.price, monthlyPayment: null } })
  })
})
