import { describe, expect, it } from 'vitest'
import { DEFAULT_HANDOVER_DAYS, hasMoved, windowAfterStep, windowAtPlacement } from './delivery-window'
import { createOrder } from './order'
import { isPriceProtected, lowerPrice, savedByProtection } from './price-protection'
import { transition } from './state'
import { AT, fixedRandom, newOrder } from './test-data'

const protectedOrder = () =>
  createOrder({ ...newOrder('order'), priceProtected: true }, fixedRandom(1, 2, 3, 4, 5, 6), AT)

describe('the delivery window', () => {
  it('starts as the lead time from the order date and moves with allocation, shipping and preparation', () => {
    const placed = windowAtPlacement({ earliest: '2026-04-26', latest: '2026-05-24' }, '2026-03-01')
    expect(placed).toEqual({ from: '2026-04-26', to: '2026-05-24', step: 'placed', estimatedOn: '2026-03-01' })
    // Allocated on 10 April: 21–42 days to the handover, 1 May to 22 May.
    const allocated = windowAfterStep('allocated', '2026-04-10', DEFAULT_HANDOVER_DAYS)
    expect(allocated).toEqual({ from: '2026-05-01', to: '2026-05-22', step: 'allocated', estimatedOn: '2026-04-10' })
    expect(hasMoved(placed, allocated)).toBe(true)
    // Shipped on 30 April: 10–21 days, 10 May to 21 May; in preparation on 12 May: 3–7 days, 15 to 19 May.
    expect(windowAfterStep('shipped', '2026-04-30', DEFAULT_HANDOVER_DAYS)).toMatchObject({
      from: '2026-05-10',
      to: '2026-05-21',
    })
    expect(windowAfterStep('vehiclePreparation', '2026-05-12', DEFAULT_HANDOVER_DAYS)).toMatchObject({
      from: '2026-05-15',
      to: '2026-05-19',
    })
    expect(windowAfterStep('contractSigned', '2026-05-12', DEFAULT_HANDOVER_DAYS)).toBeNull()
    expect(hasMoved(allocated ?? undefined, allocated)).toBe(false)
  })
})

describe('price protection', () => {
  it('lowers the total and the balance by the difference, keeping what was due today', () => {
    // 469 900.00 kr with 10 000.00 kr deposit: balance 459 900.00. The same car now costs 459 900.00 kr:
    // total 459 900.00, balance 449 900.00, saved 10 000.00.
    const order = protectedOrder()
    const lowered = lowerPrice(
      order,
      { total: 45_990_000, vehiclePrice: 44_990_000, currency: 'NOK' },
      null,
      '2026-03-20T02:00:00.000Z',
    )
    expect(lowered?.amounts.totalInclVat.amount).toBe(45_990_000)
    expect(lowered?.amounts.balance.amount).toBe(44_990_000)
    expect(lowered?.amounts.dueToday.amount).toBe(1_000_000)
    expect(lowered?.vehiclePrice.amount).toBe(44_990_000)
    expect(lowered?.priceProtection?.changes).toEqual([{ on: '2026-03-20', from: 46_990_000, to: 45_990_000 }])
    expect(lowered && savedByProtection(lowered)).toBe(1_000_000)
  })

  it('never raises a price, and stops at the handover and at a cancellation', () => {
    const order = protectedOrder()
    const at = '2026-03-20T02:00:00.000Z'
    expect(lowerPrice(order, { total: 47_990_000, vehiclePrice: 46_990_000, currency: 'NOK' }, null, at)).toBeNull()
    expect(lowerPrice(order, { total: 46_990_000, vehiclePrice: 45_990_000, currency: 'NOK' }, null, at)).toBeNull()
    const cancelled = transition(order, 'requestCancellation', 'customer', at)
    expect(cancelled.ok && isPriceProtected(cancelled.order)).toBe(true)
    expect(isPriceProtected({ ...order, status: 'delivered' })).toBe(false)
    expect(isPriceProtected({ ...order, status: 'cancelled' })).toBe(false)
    // An order of a market without protection carries none.
    const unprotected = createOrder(newOrder('order'), fixedRandom(1, 2, 3, 4, 5, 6), AT)
    expect(
      lowerPrice(unprotected, { total: 40_000_000, vehiclePrice: 39_000_000, currency: 'NOK' }, null, at),
    ).toBeNull()
  })
})
