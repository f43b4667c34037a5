import { describe, expect, it } from 'vitest'
import { compareFinance } from './compare'
import { leaseQuoteForProduct } from './lease'
import { loanQuoteForProduct } from './loan'
import { isCreditProduct, isLeaseProduct, productsFor } from './products'
import { financeData } from './test-data'

const DAY = '2025-06-01'

describe('compareFinance', () => {
  it('totals each Dutch personal product for the same car, cheapest first', () => {
    const products = productsFor(financeData, 'NL', 'personal', DAY)
    const rows = compareFinance({ price: 4_799_000, vatRateBp: 2_100, startDate: DAY, products })
    expect(rows.map((row) => row.kind).sort()).toEqual(['bankPrivateLease', 'cash', 'loan', 'privateLease'])
    expect(rows.map((row) => row.totalCost)).toEqual(rows.map((row) => row.totalCost).sort((a, b) => a - b))

    const cash = rows.find((row) => row.kind === 'cash')
    expect(cash).toEqual({
      kind: 'cash',
      partnerName: null,
      totalCost: 4_799_000,
      upfront: 4_799_000,
      monthlyPayment: null,
      termMonths: null,
      transfersOwnership: true,
      noteKey: null,
    })
    // Loan, defaults 60 months and no down payment: the NL case of loan.test.ts, total 56 325.36.
    expect(rows.find((row) => row.kind === 'loan')).toMatchObject({ totalCost: 5_632_536, monthlyPayment: 93_875 })
    // Leases: 48 × the monthly price with VAT (defaults 48 months, 10 000 km), and no car at the end.
    for (const row of rows.filter((r) => r.kind.endsWith('Lease'))) {
      expect(row.totalCost).toBe((row.monthlyPayment ?? 0) * 48)
      expect(row).toMatchObject({ transfersOwnership: false, noteKey: 'finance.compare.noOwnership' })
    }
  })

  it('adds the purchase at the end of a financial lease and notes the ownership', () => {
    const products = productsFor(financeData, 'NL', 'business', DAY)
    const rows = compareFinance({ price: 4_799_000, vatRateBp: 2_100, startDate: DAY, products })
    const financial = rows.find((row) => row.kind === 'financialLease')
    // 350.00 fee1 + 21 % = 423.50; 60 × 807.61 = 48 456.60; buying for 4 799.01: 53 679.11 in all.
    expect(financial).toMatchObject({
      totalCost: 42_350 + 60 * 80_761 + 479_901,
      upfront: 42_350,
      transfersOwnership: true,
      noteKey: 'finance.compare.ownershipAtEnd',
    })
  })

  it('applies a common choice only where the product offers it', () => {
    const products = productsFor(financeData, 'DE', 'personal', DAY)
    const rows = compareFinance({
      price: 4_699_000,
      vatRateBp: 1_900,
      startDate: DAY,
      products,
      choice: { termMonths: 84, downPaymentBp: 1_000, mileageKmPerYear: 20_000 },
    })
    const loan = products.find(isCreditProduct)
    const lease = products.find(isLeaseProduct)
    if (loan === undefined || lease === undefined) throw new Error('DE offers a loan and a private lease')
    const loanQuote = loanQuoteForProduct(loan, {
      price: 4_699_000,
      startDate: DAY,
      termMonths: 84,
      downPaymentBp: 1_000,
    })
    // 84 months is no lease term: the lease keeps its default term but takes the down payment and mileage.
    const leaseQuote = leaseQuoteForProduct(lease, {
      price: 4_699_000,
      vatRateBp: 1_900,
      startDate: DAY,
      downPaymentBp: 1_000,
      mileageKmPerYear: 20_000,
    })
    expect(rows.find((row) => row.kind === 'loan')).toMatchObject({
      termMonths: 84,
      totalCost: loanQuote.totalPurchasePrice,
      upfront: 469_900,
    })
    expect(rows.find((row) => row.kind === 'privateLease')).toMatchObject({
      termMonths: lease.defaults.termMonths,
      totalCost: leaseQuote.totalLeaseCostAfterVat,
    })
  })

  it('compares Thai hire purchase with cash and an empty list with nothing', () => {
    const products = productsFor(financeData, 'TH', 'personal', DAY)
    const rows = compareFinance({ price: 159_900_000, vatRateBp: 700, startDate: DAY, products })
    expect(rows.map((row) => row.kind)).toEqual(['cash', 'hirePurchase'])
    expect(rows[1]?.totalCost).toBeGreaterThan(159_900_000)
    expect(compareFinance({ price: 1, vatRateBp: 0, startDate: DAY, products: [] })).toEqual([])
  })
})
