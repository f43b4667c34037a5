import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from '../money'
import {
  createOrder,
  orderAmounts,
  orderFlow,
  orderNumber,
  paidAmounts,
  parseOrderNumber,
  placedOn,
  reservationNumber,
} from './order'
import { AT, consentsFor, fixedRandom, newOrder, placed } from './test-data'

const EUR = (amount: number) => money(amount, 'EUR')

describe('order and reservation numbers', () => {
  it('are NV-/RS-, the country and 6 Crockford base-32 characters from the random source', () => {
    expect(orderNumber('NO', fixedRandom(0, 1, 2, 3, 4, 31))).toBe('NV-NO-01234Z')
    expect(reservationNumber('DK', fixedRandom(0))).toBe('RS-DK-000000')
    // only the low five bits count: 255 → 31 → Z, 32 → 0
    expect(orderNumber('FR', fixedRandom(255, 32, 10, 18, 20, 27))).toBe('NV-FR-Z0AJMV')
  })

  it('never contain I, L, O or U and always parse back (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), (bytes) => {
        const number = orderNumber('SE', () => bytes)
        expect(number).toMatch(/^NV-SE-[0-9A-HJKMNP-TV-Z]{6}$/)
        expect(parseOrderNumber(number)).toEqual({ type: 'order', country: 'SE', number })
      }),
    )
  })

  it('refuse a random source that gives the wrong length', () => {
    expect(() => orderNumber('NO', () => new Uint8Array(5))).toThrow(RangeError)
  })

  it('parse forgivingly from a URL, or answer null', () => {
    expect(parseOrderNumber(' rs-nl-abc123 ')).toEqual({ type: 'reservation', country: 'NL', number: 'RS-NL-ABC123' })
    for (const bad of ['NV-GL-ABC123', 'NV-NO-ABC12', 'NV-NO-ABCI23', 'XX-NO-ABC123'])
      expect(parseOrderNumber(bad)).toBeNull()
  })
})

describe('orderAmounts', () => {
  const total = EUR(4999000)

  it.each([
    ['preOrder', EUR(50000), null, 50000],
    ['order', EUR(100000), null, 100000],
    ['reservation', null, EUR(25000), 25000],
  ] as const)('%s: due today is its fee, all of it pending', (kind, depositAmount, reservationFee, due) => {
    const amounts = orderAmounts({ kind, totalInclVat: total, depositAmount, reservationFee })
    expect(amounts).toEqual({
      totalInclVat: total,
      depositAmount: kind === 'reservation' ? null : EUR(due),
      reservationFee: kind === 'reservation' ? EUR(due) : null,
      dueToday: EUR(due),
      paidFee: EUR(0),
      pendingPaymentFee: EUR(due),
      balance: EUR(4999000 - due),
    })
  })

  it('drops the fee the kind does not use', () => {
    const amounts = orderAmounts({ kind: 'order', totalInclVat: total, depositAmount: EUR(1), reservationFee: EUR(2) })
    expect(amounts.reservationFee).toBeNull()
  })

  it('after payment: paid fee is what was due, nothing pending', () => {
    const paid = paidAmounts(
      orderAmounts({ kind: 'order', totalInclVat: total, depositAmount: EUR(100000), reservationFee: null }),
    )
    expect(paid.paidFee).toEqual(EUR(100000))
    expect(paid.pendingPaymentFee).toEqual(EUR(0))
  })

  it('throws on a missing fee, another currency, a negative fee or one above the total', () => {
    expect(() =>
      orderAmounts({ kind: 'reservation', totalInclVat: total, depositAmount: EUR(1), reservationFee: null }),
    ).toThrow(RangeError)
    expect(() =>
      orderAmounts({ kind: 'order', totalInclVat: total, depositAmount: money(1, 'NOK'), reservationFee: null }),
    ).toThrow(RangeError)
    expect(() =>
      orderAmounts({ kind: 'order', totalInclVat: total, depositAmount: EUR(-1), reservationFee: null }),
    ).toThrow(RangeError)
    expect(() =>
      orderAmounts({ kind: 'preOrder', totalInclVat: total, depositAmount: EUR(4999001), reservationFee: null }),
    ).toThrow(RangeError)
  })
})

describe('orderFlow', () => {
  it('sends only orders with a lease finance kind down the lease flow', () => {
    expect(orderFlow('order', 'privateLease')).toBe('lease')
    expect(orderFlow('order', 'operationalLease')).toBe('lease')
    expect(orderFlow('order', 'loan')).toBe('purchase')
    expect(orderFlow('order', null)).toBe('purchase')
    expect(orderFlow('reservation', 'privateLease')).toBe('purchase')
    expect(orderFlow('preOrder', 'financialLease')).toBe('purchase')
  })
})

describe('createOrder', () => {
  it('places an order: numbered, dated, unpaid', () => {
    const order = placed('order')
    expect(order).toMatchObject({
      kind: 'order',
      flow: 'purchase',
      country: 'NO',
      orderNumber: 'NV-NO-123456',
      orderDate: AT,
      reservationNumber: null,
      reservationDate: null,
      status: 'placed',
      payment: 'unpaid',
      resumeStatus: null,
      dates: { placed: AT },
      updatedAt: AT,
    })
    expect(order.amounts.dueToday).toEqual(money(1000000, 'NOK'))
    expect(placedOn(order)).toBe('2026-03-01')
  })

  it('places a reservation with a reservation number and date', () => {
    const reservation = placed('reservation')
    expect(reservation).toMatchObject({
      orderNumber: null,
      orderDate: null,
      reservationNumber: 'RS-NO-123456',
      reservationDate: AT,
      status: 'placed',
    })
    expect(reservation.amounts.dueToday).toEqual(money(500000, 'NOK'))
    expect(placedOn(reservation)).toBe('2026-03-01')
  })

  it('starts a lease order as requested, with nothing due online', () => {
    const lease = placed('order', true)
    expect(lease).toMatchObject({ flow: 'lease', status: 'requested', payment: 'unpaid', dates: { requested: AT } })
    expect(lease.amounts.dueToday.amount).toBe(0)
    expect(() =>
      createOrder({ ...newOrder('order', true), depositAmount: money(1, 'NOK') }, fixedRandom(0), AT),
    ).toThrow(RangeError)
  })

  it('throws without the required consents, with mixed currencies or a bad time', () => {
    expect(() => createOrder({ ...newOrder('order'), consents: consentsFor('preOrder') }, fixedRandom(0), AT)).toThrow(
      RangeError,
    )
    expect(() => createOrder({ ...newOrder('order'), vehiclePrice: money(1, 'EUR') }, fixedRandom(0), AT)).toThrow(
      RangeError,
    )
    expect(() => createOrder(newOrder('order'), fixedRandom(0), '2026-03-01')).toThrow(RangeError)
  })
})
