import { describe, expect, it } from 'vitest'
import { confirmationNoteKey, offeredActions, parseCustomerEvent } from './customer'
import type { Order } from './order'
import type { PaymentState } from './payment'
import type { OrderStatus } from './state'
import { placed } from './test-data'

const at = (status: OrderStatus, payment: PaymentState, lease = false, resume: OrderStatus | null = null): Order => ({
  ...placed('order', lease),
  status,
  payment,
  resumeStatus: resume,
})

describe('offeredActions', () => {
  it('offers cancellation until shipped, then nothing for a purchase order', () => {
    expect(offeredActions(at('placed', 'unpaid'))).toEqual(['requestCancellation'])
    expect(offeredActions(at('allocated', 'paid'))).toEqual(['requestCancellation'])
    expect(offeredActions(at('shipped', 'paid'))).toEqual([])
    expect(offeredActions(at('delivered', 'paid'))).toEqual([])
  })

  it('offers a refund of a cancelled paid order, its withdrawal while requested, nothing once refunded', () => {
    expect(offeredActions(at('cancelled', 'paid'))).toEqual(['requestRefund'])
    expect(offeredActions(at('cancelled', 'cancelled'))).toEqual([])
    expect(offeredActions(at('refundRequested', 'paid'))).toEqual(['withdrawRefund'])
    expect(offeredActions(at('refunded', 'refunded'))).toEqual([])
    expect(offeredActions(at('cancellationRequested', 'paid', false, 'depositPaid'))).toEqual([])
  })

  it('still offers to cancel an allocated or delivered lease, which then fails with a message', () => {
    expect(offeredActions(at('requested', 'unpaid', true))).toEqual(['requestCancellation'])
    expect(offeredActions(at('poPlaced', 'unpaid', true))).toEqual(['requestCancellation'])
    for (const status of ['allocated', 'delivered'] as const)
      expect(offeredActions(at(status, 'unpaid', true)), status).toEqual(['requestCancellation'])
    expect(offeredActions(at('orderPaid', 'paid', true))).toEqual([])
    expect(offeredActions(at('cancellationInProgress', 'unpaid', true, 'poPlaced'))).toEqual([])
    expect(offeredActions(at('orderCancelled', 'cancelled', true))).toEqual([])
  })
})

describe('parseCustomerEvent and confirmationNoteKey', () => {
  it('accepts only the customer events', () => {
    expect(parseCustomerEvent('requestCancellation')).toBe('requestCancellation')
    expect(parseCustomerEvent('withdrawRefund')).toBe('withdrawRefund')
    expect(parseCustomerEvent('markRefunded')).toBeNull()
    expect(parseCustomerEvent(undefined)).toBeNull()
  })

  it('promises the refund within 7–14 days and the cancellation answer within five working days', () => {
    expect(confirmationNoteKey('requestRefund')).toBe('order.refund.timing')
    expect(confirmationNoteKey('requestCancellation')).toBe('order.cancel.confirmNote')
    expect(confirmationNoteKey('withdrawRefund')).toBeNull()
  })
})
