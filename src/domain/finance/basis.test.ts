import { describe, expect, it } from 'vitest'
import { monthlyOnBasis } from './basis'

const lease = {
  monthlyPayment: 73_688,
  figures: [
    { key: 'finance.field.pricePerMonthBeforeVat', kind: 'money' as const, value: 60_899 },
    { key: 'finance.field.pricePerMonthAfterVat', kind: 'money' as const, value: 73_688 },
  ],
}
const loan = {
  monthlyPayment: 99_840,
  figures: [{ key: 'finance.field.monthlyPayment', kind: 'money' as const, value: 99_840 }],
}

describe('monthlyOnBasis', () => {
  it('shows a net page the lease’s monthly price before VAT, and says it is net', () => {
    // 608.99 net + 21 % (127.89) = 736.88 paid each month.
    expect(monthlyOnBasis(lease, 'exclVat')).toEqual({ amount: 60_899, exclVat: true })
    expect(monthlyOnBasis(lease, 'inclVat')).toEqual({ amount: 73_688, exclVat: false })
  })

  it('shows a loan’s instalment as it is, and nothing for cash', () => {
    expect(monthlyOnBasis(loan, 'exclVat')).toEqual({ amount: 99_840, exclVat: false })
    expect(monthlyOnBasis({ monthlyPayment: null, figures: [] }, 'exclVat')).toBeNull()
  })
})
