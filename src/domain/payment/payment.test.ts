import { describe, expect, it } from 'vitest'
import type { OrderCountry } from '../order/personal'
import { attemptMovesFrom, checkoutKey, refundKey, refundMovesFrom } from './attempt'
import { countryPayments, mayPay, methodsFor, refundableAmount } from './methods'

describe('the methods a market offers', () => {
  it('puts the country’s own method first, then cards', () => {
    expect(methodsFor('NO', 'NOK')).toEqual(['vipps', 'card'])
    expect(methodsFor('SE', 'SEK')).toEqual(['swish', 'card'])
    expect(methodsFor('DK', 'DKK')).toEqual(['mobilepay', 'card'])
    expect(methodsFor('NL', 'EUR')).toEqual(['ideal', 'card', 'sepa_debit'])
    expect(methodsFor('BE', 'EUR')).toEqual(['bancontact', 'card', 'sepa_debit'])
    for (const country of ['DE', 'AT', 'FR', 'LU'] as const)
      expect(methodsFor(country, 'EUR')).toEqual(['card', 'sepa_debit'])
  })

  it('offers nothing where the market takes no payment online (SPEC §8), whatever it will offer when it opens', () => {
    expect(countryPayments('TH')).toMatchObject({ online: false, methods: ['promptpay', 'card'] })
    expect(methodsFor('TH', 'THB')).toEqual([])
    expect(methodsFor('IS', 'ISK')).toEqual([])
    expect(mayPay('TH', 'THB', 'card')).toBe(false)
    expect(mayPay('IS', 'ISK', 'card')).toBe(false)
  })

  it('refuses a method of another market or an amount in a currency the method does not take', () => {
    expect(mayPay('NO', 'NOK', 'vipps')).toBe(true)
    expect(mayPay('NO', 'NOK', 'swish')).toBe(false)
    expect(mayPay('SE', 'EUR', 'swish')).toBe(false)
    expect(mayPay('DE', 'EUR', 'ideal')).toBe(false)
    expect(mayPay('DE', 'EUR', 'card; drop table')).toBe(false)
  })
})

describe('what a refund gives back', () => {
  it('is the whole deposit in every market today: no market’s terms keep a fee', () => {
    const markets: OrderCountry[] = ['NO', 'SE', 'DK', 'NL', 'BE', 'DE', 'AT', 'FR', 'LU', 'TH', 'IS']
    for (const country of markets) {
      expect(refundableAmount({ amount: 500_000, currency: 'NOK' }, country)).toEqual({
        amount: 500_000,
        currency: 'NOK',
      })
    }
  })
})

describe('a payment attempt and a refund', () => {
  it('only move forward: nothing leaves succeeded, failed or expired', () => {
    const attempts = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const
    for (const next of attempts) {
      for (const final of ['succeeded', 'failed', 'expired'] as const)
        expect(attemptMovesFrom(next)).not.toContain(final)
    }
    expect(attemptMovesFrom('succeeded')).toEqual(['pending', 'processing'])
    expect(attemptMovesFrom('processing')).toEqual(['pending'])
    const refunds = ['requested', 'pending', 'succeeded', 'failed', 'canceled'] as const
    for (const next of refunds) {
      for (const final of ['succeeded', 'failed', 'canceled'] as const)
        expect(refundMovesFrom(next)).not.toContain(final)
    }
  })

  it('carry one idempotency key per order, amount due and attempt; per payment and attempt for a refund', () => {
    expect(checkoutKey('ord1', 500_000, 1)).toBe('checkout-ord1-500000-1')
    expect(checkoutKey('ord1', 500_000, 2)).not.toBe(checkoutKey('ord1', 500_000, 1))
    expect(checkoutKey('ord1', 250_000, 1)).not.toBe(checkoutKey('ord1', 500_000, 1))
    expect(refundKey('pay1', 2)).toBe('refund-pay1-2')
  })
})
