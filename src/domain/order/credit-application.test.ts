import { describe, expect, it } from 'vitest'
import { creditApplication } from './credit-application'

describe('creditApplication', () => {
  it('starts a Dutch application for every financed preference when asked', () => {
    for (const kind of ['loan', 'privateLease', 'operationalLease', 'financialLease', 'bankPrivateLease'] as const)
      expect(creditApplication('NL', kind, true), kind).toEqual({ start: true, problemKey: null })
  })

  it('does nothing when not asked, or outside the Netherlands', () => {
    expect(creditApplication('NL', 'loan', false)).toEqual({ start: false, problemKey: null })
    expect(creditApplication('NO', 'loan', true)).toEqual({ start: false, problemKey: null })
    expect(creditApplication('BE', 'cash', true)).toEqual({ start: false, problemKey: null })
  })

  it('refuses credit for a cash purchase', () => {
    expect(creditApplication('NL', 'cash', true)).toEqual({
      start: false,
      problemKey: 'order.financeApplication.needsFinance',
    })
  })
})
