import { describe, expect, it } from 'vitest'
import { anonymisedContact } from '../privacy/erasure'
import {
  ConsentFlagsBody,
  CustomerActionBody,
  IsoInstantSchema,
  OrderEventBody,
  OrderEventSchema,
  OrderSchema,
  PersonalFormBody,
} from './schema'
import { transition } from './state'
import { placed } from './test-data'

describe('order schemas', () => {
  it('parse stored orders back to the same value after a JSON round trip', () => {
    const order = placed('reservation')
    const result = transition(order, 'paymentSucceeded', 'paymentProvider', '2026-03-02T10:00:00.000Z')
    if (!result.ok) throw new Error('fixture')
    for (const value of [order, result.order, placed('order', true)])
      expect(OrderSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
    for (const event of result.events) expect(OrderEventSchema.parse(event)).toEqual(event)
  })

  it('refuse a stored order with an unknown status, a bad instant or an extra field', () => {
    const order = placed()
    expect(OrderSchema.safeParse({ ...order, status: 'lost' }).success).toBe(false)
    expect(OrderSchema.safeParse({ ...order, updatedAt: '2026-03-01' }).success).toBe(false)
    expect(OrderSchema.safeParse({ ...order, cardNumber: '4242424242424242' }).success).toBe(false)
    expect(OrderSchema.safeParse({ ...order, dates: { lost: order.updatedAt } }).success).toBe(false)
  })

  it('take request bodies of the right shape only', () => {
    expect(PersonalFormBody.parse({ firstName: 'Kari', apartment: null })).toEqual({
      firstName: 'Kari',
      apartment: null,
    })
    expect(PersonalFormBody.safeParse({ firstName: 1 }).success).toBe(false)
    expect(PersonalFormBody.safeParse({ nickname: 'x' }).success).toBe(false)
    expect(ConsentFlagsBody.parse({ terms: true, marketing: null })).toEqual({ terms: true, marketing: null })
    expect(ConsentFlagsBody.safeParse({ newsletter: true }).success).toBe(false)
    expect(CustomerActionBody.safeParse({ event: 'markRefunded' }).success).toBe(false)
    expect(OrderEventBody.parse({ event: 'allocate' })).toEqual({ event: 'allocate' })
    expect(IsoInstantSchema.safeParse('2026-03-01T09:30:00Z').success).toBe(false)
  })
})

describe('a stored order after its customer’s data was erased', () => {
  it('still reads, with the erased contact', () => {
    const order = { ...placed(), contact: anonymisedContact({ country: 'NL', usage: 'personal' }) }
    expect(OrderSchema.safeParse(JSON.parse(JSON.stringify(order))).success).toBe(true)
    const halfErased = { ...order, contact: { ...order.contact, firstName: 'Anne' } }
    expect(OrderSchema.safeParse(halfErased).success).toBe(false)
  })
})
