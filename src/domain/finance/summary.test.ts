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

  it('prices cash at the car price', () => {
    const cash = { kind: 'cash' } as unknown as FinanceProduct
    const outcome = financeSummary(cash, { ...base, choice: {} })
    expect(outcome).toMatchObject({ ok: true, summary: { totalCost: base.price, monthlyPayment: null } })
  })
})
