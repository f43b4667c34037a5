import { describe, expect, it } from 'vitest'
import type { FinanceSummary } from '../finance/summary'
import { representativeExample } from './credit-example'

const base = {
  partnerName: 'Nordvolt Financial Services',
  applied: { downPayment: 0, termMonths: 0 },
  expirationDate: null,
  assumption: false,
  example: null,
}

// A 48-month loan on a €50,000.00 car with €10,000.00 down: €40,000.00 of credit, 48 × €920.00 = €44,160.00 to repay,
// so €4,160.00 of credit cost; the figures are as the loan maths states them.
const loan: FinanceSummary = {
  ...base,
  kind: 'loan',
  monthlyPayment: 92_000,
  totalCost: 5_416_000,
  consumerCredit: true,
  figures: [
    { key: 'finance.field.monthlyPayment', kind: 'money', value: 92_000 },
    { key: 'finance.field.termMonths', kind: 'months', value: 48 },
    { key: 'finance.field.downPayment', kind: 'money', value: 1_000_000 },
    { key: 'finance.field.totalLoanAmount', kind: 'money', value: 4_000_000 },
    { key: 'finance.field.nominalRate', kind: 'rate', value: 490 },
    { key: 'finance.field.apr', kind: 'rate', value: 501 },
    { key: 'finance.field.creditCost', kind: 'money', value: 416_000 },
    { key: 'finance.field.totalToRepay', kind: 'money', value: 4_416_000 },
    { key: 'finance.field.cashSellingPrice', kind: 'money', value: 5_000_000 },
  ],
}

const byName = (example: ReturnType<typeof representativeExample>) =>
  Object.fromEntries(example?.figures.map((f) => [f.name, f.value]) ?? [])

describe('representativeExample', () => {
  it('gives a loan every figure of Article 8(2)', () => {
    const example = representativeExample(loan)
    expect(example).toMatchObject({ kind: 'credit', balloonPayment: 0, partnerName: 'Nordvolt Financial Services' })
    expect(byName(example)).toEqual({
      monthly: 92_000,
      cashPrice: 5_000_000,
      downPayment: 1_000_000,
      credit: 4_000_000,
      months: 48,
      rate: 490,
      apr: 501,
      cost: 416_000,
      payable: 4_416_000,
    })
  })

  it('keeps a loan’s final instalment', () => {
    const balloon = { key: 'finance.field.balloonPayment', kind: 'money' as const, value: 1_500_000 }
    expect(representativeExample({ ...loan, figures: [...loan.figures, balloon] })?.balloonPayment).toBe(1_500_000)
  })

  it('gives a lease its term, monthly price, down payment, mileage, rate and total', () => {
    const lease: FinanceSummary = {
      ...base,
      kind: 'privateLease',
      monthlyPayment: 59_900,
      totalCost: 2_875_200,
      consumerCredit: false,
      figures: [
        { key: 'finance.field.pricePerMonthAfterVat', kind: 'money', value: 59_900 },
        { key: 'finance.field.downPayment', kind: 'money', value: 0 },
        { key: 'finance.field.period', kind: 'months', value: 48 },
        { key: 'finance.field.mileageLimit', kind: 'km', value: 60_000 },
        { key: 'finance.field.nominalRate', kind: 'rate', value: 399 },
      ],
    }
    const example = representativeExample(lease)
    expect(example?.kind).toBe('lease')
    expect(byName(example)).toEqual({
      monthly: 59_900,
      months: 48,
      downPayment: 0,
      km: 60_000,
      rate: 399,
      total: 2_875_200,
    })
  })

  it('has none for cash, nor for a summary that lacks a figure', () => {
    expect(representativeExample({ ...loan, kind: 'cash', monthlyPayment: null })).toBeNull()
    const withoutCost = loan.figures.filter((f) => f.key !== 'finance.field.creditCost')
    expect(representativeExample({ ...loan, figures: withoutCost })).toBeNull()
  })
})
