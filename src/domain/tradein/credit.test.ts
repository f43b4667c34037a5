import { describe, expect, it } from 'vitest'
import { estimateValidUntil, tradeInCredit } from './credit'

const eur = (amount: number) => ({ amount, currency: 'EUR' as const })

describe('a trade-in credit', () => {
  it('holds 30 days from the valuation, the last day included', () => {
    expect(estimateValidUntil('2026-12-01')).toBe('2026-12-31')
    expect(tradeInCredit(eur(1_000_000), '2026-12-31', eur(5_000_000), '2026-12-31')).toBe(1_000_000)
    expect(tradeInCredit(eur(1_000_000), '2026-12-31', eur(5_000_000), '2027-01-01')).toBe(0)
  })

  it('is never more than the price, and nothing in another currency', () => {
    expect(tradeInCredit(eur(6_000_000), '2026-12-31', eur(5_000_000), '2026-12-20')).toBe(5_000_000)
    expect(tradeInCredit({ amount: 100_000_00, currency: 'NOK' }, '2026-12-31', eur(5_000_000), '2026-12-20')).toBe(0)
  })
})
