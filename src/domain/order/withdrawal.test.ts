import { describe, expect, it } from 'vitest'
import type { Order } from './order'
import { transition } from './state'
import { placed } from './test-data'
import { withdraw, withdrawalPeriod } from './withdrawal'

const at = '2026-12-01T10:00:00.000Z'
const paid: Order = { ...placed('order', false), status: 'depositPaid', payment: 'paid' }
const deliveredOn = (day: string): Order => ({
  ...paid,
  status: 'delivered',
  dates: { ...paid.dates, delivered: `${day}T09:30:00.000Z` },
  updatedAt: `${day}T09:30:00.000Z`,
})

describe('withdrawalPeriod (Directive 2011/83/EU, Art. 9(2)(b))', () => {
  it('is open before delivery, with no end yet: it runs from the day the car is taken', () => {
    expect(withdrawalPeriod(paid, 14, '2026-12-01')).toEqual({ open: true, until: null })
  })

  it('ends 14 days after the day of delivery, that day included', () => {
    // Delivered on 20 November: the 14 days are 21 November to 4 December.
    expect(withdrawalPeriod(deliveredOn('2026-11-20'), 14, '2026-12-04')).toEqual({ open: true, until: '2026-12-04' })
    expect(withdrawalPeriod(deliveredOn('2026-11-20'), 14, '2026-12-05')).toEqual({ open: false, until: '2026-12-04' })
  })

  it('follows the country’s period (Thailand: 7 days)', () => {
    expect(withdrawalPeriod(deliveredOn('2026-11-20'), 7, '2026-11-27').open).toBe(true)
    expect(withdrawalPeriod(deliveredOn('2026-11-20'), 7, '2026-11-28').open).toBe(false)
  })

  it('is closed for an order that has ended, and for a lease (withdrawn from with its lessor)', () => {
    expect(withdrawalPeriod({ ...paid, status: 'cancelled', payment: 'paid' }, 14, '2026-12-01').open).toBe(false)
    expect(withdrawalPeriod({ ...paid, status: 'refunded', payment: 'refunded' }, 14, '2026-12-01').open).toBe(false)
    expect(withdrawalPeriod(placed('order', true), 14, '2026-12-01').open).toBe(false)
  })
})

describe('withdraw', () => {
  it('ends a paid order at once and keeps it paid until it is refunded', () => {
    const result = withdraw(paid, 14, '2026-12-01', at)
    expect(result).toMatchObject({ ok: true, order: { status: 'cancelled', payment: 'paid' } })
    if (!result?.ok) return
    expect(result.events).toEqual([{ type: 'withdraw', at, actor: 'customer', from: 'depositPaid', to: 'cancelled' }])
    // What follows it: the refund request.
    expect(transition(result.order, 'requestRefund', 'customer', at)).toMatchObject({
      ok: true,
      order: { status: 'refundRequested' },
    })
  })

  it('overrides a cancellation under review', () => {
    const reviewed: Order = { ...paid, status: 'cancellationRequested', resumeStatus: 'depositPaid' }
    expect(withdraw(reviewed, 14, '2026-12-01', at)?.ok && withdraw(reviewed, 14, '2026-12-01', at)).toMatchObject({
      order: { status: 'cancelled', resumeStatus: null },
    })
  })

  it('refuses once the period is over', () => {
    expect(withdraw(deliveredOn('2026-11-01'), 14, '2026-12-01', at)).toBeNull()
  })
})
