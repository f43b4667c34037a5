import { describe, expect, it } from 'vitest'
import type { Order, OrderKind } from './order'
import type { PaymentState } from './payment'
import {
  ACTORS,
  type Actor,
  customerActions,
  customerActionTexts,
  EVENT_ACTORS,
  isFinal,
  mainSteps,
  ORDER_EVENTS,
  type OrderEventType,
  type OrderStatus,
  statusKey,
  statusNoteKey,
  type TransitionResult,
  timeline,
  transition,
} from './state'
import { AT, placed } from './test-data'

const T1 = '2026-03-02T10:00:00.000Z'
const T2 = '2026-03-03T10:00:00.000Z'

type Fee = 'FEE'
interface Fixture {
  name: string
  order: Order
}
function inState(
  kind: OrderKind,
  lease: boolean,
  status: OrderStatus,
  payment: PaymentState,
  resume: OrderStatus | null = null,
) {
  return { ...placed(kind, lease), status, payment, resumeStatus: resume }
}

const feeStatus = (kind: OrderKind): OrderStatus => (kind === 'reservation' ? 'reservationFeePaid' : 'depositPaid')

/** The purchase states worth distinguishing: every status, with each payment state it can have. */
const PURCHASE_STATES: [OrderStatus | Fee, PaymentState, (OrderStatus | Fee)?][] = [
  ['placed', 'unpaid'],
  ['FEE', 'paid'],
  ['contractSigned', 'paid'],
  ['allocated', 'paid'],
  ['shipped', 'paid'],
  ['vehiclePreparation', 'paid'],
  ['delivered', 'paid'],
  ['cancellationRequested', 'unpaid', 'placed'],
  ['cancellationRequested', 'paid', 'FEE'],
  ['cancelled', 'cancelled'],
  ['cancelled', 'paid'],
  ['refundRequested', 'paid'],
  ['refundPending', 'paid'],
  ['refunded', 'refunded'],
]
const LEASE_STATES: [OrderStatus, PaymentState, OrderStatus?][] = [
  ['requested', 'unpaid'],
  ['poPlaced', 'unpaid'],
  ['allocated', 'unpaid'],
  ['delivered', 'unpaid'],
  ['orderPaid', 'paid'],
  ['requestCancelled', 'cancelled'],
  ['cancellationInProgress', 'unpaid', 'poPlaced'],
  ['orderCancelled', 'cancelled'],
]

/** Every accepted transition: `from|payment|event` → [to, payment after, resume after]. */
type Row = [from: string, event: OrderEventType, to: string, payment: PaymentState, resume: string | null]
const PURCHASE_ALLOWED: Row[] = [
  ['placed|unpaid', 'paymentSucceeded', 'FEE', 'paid', null],
  ['placed|unpaid', 'recordPayment', 'FEE', 'paid', null],
  ['placed|unpaid', 'expire', 'cancelled', 'cancelled', null],
  ['placed|unpaid', 'requestCancellation', 'cancellationRequested', 'unpaid', 'placed'],
  ['FEE|paid', 'signContract', 'contractSigned', 'paid', null],
  ['FEE|paid', 'requestCancellation', 'cancellationRequested', 'paid', 'FEE'],
  ['contractSigned|paid', 'allocate', 'allocated', 'paid', null],
  ['contractSigned|paid', 'requestCancellation', 'cancellationRequested', 'paid', 'contractSigned'],
  ['allocated|paid', 'ship', 'shipped', 'paid', null],
  ['allocated|paid', 'requestCancellation', 'cancellationRequested', 'paid', 'allocated'],
  ['shipped|paid', 'startPreparation', 'vehiclePreparation', 'paid', null],
  ['vehiclePreparation|paid', 'deliver', 'delivered', 'paid', null],
  ['cancellationRequested|unpaid', 'paymentSucceeded', 'cancellationRequested', 'paid', 'FEE'],
  ['cancellationRequested|unpaid', 'approveCancellation', 'cancelled', 'cancelled', null],
  ['cancellationRequested|unpaid', 'rejectCancellation', 'placed', 'unpaid', null],
  ['cancellationRequested|paid', 'approveCancellation', 'cancelled', 'paid', null],
  ['cancellationRequested|paid', 'rejectCancellation', 'FEE', 'paid', null],
  ['cancelled|cancelled', 'paymentSucceeded', 'cancelled', 'paid', null],
  ['cancelled|paid', 'requestRefund', 'refundRequested', 'paid', null],
  ['refundRequested|paid', 'withdrawRefund', 'cancelled', 'paid', null],
  ['refundRequested|paid', 'markRefunded', 'refunded', 'refunded', null],
  // The right of withdrawal ends any purchase that has not ended, at once (its period: withdrawal.test.ts).
  ['placed|unpaid', 'withdraw', 'cancelled', 'cancelled', null],
  ['FEE|paid', 'withdraw', 'cancelled', 'paid', null],
  ['contractSigned|paid', 'withdraw', 'cancelled', 'paid', null],
  ['allocated|paid', 'withdraw', 'cancelled', 'paid', null],
  ['shipped|paid', 'withdraw', 'cancelled', 'paid', null],
  ['vehiclePreparation|paid', 'withdraw', 'cancelled', 'paid', null],
  ['delivered|paid', 'withdraw', 'cancelled', 'paid', null],
  ['cancellationRequested|unpaid', 'withdraw', 'cancelled', 'cancelled', null],
  ['cancellationRequested|paid', 'withdraw', 'cancelled', 'paid', null],
  ['cancelled|paid', 'issueRefund', 'refundPending', 'paid', null],
  ['refundRequested|paid', 'issueRefund', 'refundPending', 'paid', null],
  ['refundPending|paid', 'refundSucceeded', 'refunded', 'refunded', null],
]
const LEASE_ALLOWED: Row[] = [
  ['requested|unpaid', 'placePurchaseOrder', 'poPlaced', 'unpaid', null],
  ['requested|unpaid', 'requestCancellation', 'requestCancelled', 'cancelled', null],
  ['poPlaced|unpaid', 'allocate', 'allocated', 'unpaid', null],
  ['poPlaced|unpaid', 'requestCancellation', 'cancellationInProgress', 'unpaid', 'poPlaced'],
  ['allocated|unpaid', 'deliver', 'delivered', 'unpaid', null],
  ['delivered|unpaid', 'markOrderPaid', 'orderPaid', 'paid', null],
  ['cancellationInProgress|unpaid', 'approveCancellation', 'orderCancelled', 'cancelled', null],
  ['cancellationInProgress|unpaid', 'rejectCancellation', 'poPlaced', 'unpaid', null],
]

interface Case {
  name: string
  order: Order
  event: OrderEventType
  row: Row | undefined
  fee: OrderStatus
  flow: 'purchase' | 'lease'
}
const cases: Case[] = []
const fixtures: Fixture[] = []
for (const kind of ['order', 'preOrder', 'reservation'] as const) {
  const fee = feeStatus(kind)
  for (const [status, payment, resume] of PURCHASE_STATES) {
    const real = (s: OrderStatus | Fee) => (s === 'FEE' ? fee : s)
    const order = inState(kind, false, real(status), payment, resume === undefined ? null : real(resume))
    const key = `${status}|${payment}`
    fixtures.push({ name: `${kind} ${order.status}/${payment}`, order })
    for (const event of ORDER_EVENTS) {
      const row = PURCHASE_ALLOWED.find(([from, e]) => from === key && e === event)
      cases.push({ name: `${kind} ${order.status}/${payment} ${event}`, order, event, row, fee, flow: 'purchase' })
    }
  }
}
for (const [status, payment, resume] of LEASE_STATES) {
  const order = inState('order', true, status, payment, resume ?? null)
  fixtures.push({ name: `lease ${status}/${payment}`, order })
  for (const event of ORDER_EVENTS) {
    const row = LEASE_ALLOWED.find(([from, e]) => from === `${status}|${payment}` && e === event)
    cases.push({ name: `lease ${status}/${payment} ${event}`, order, event, row, fee: 'depositPaid', flow: 'lease' })
  }
}

/** The refusal the rules promise when no row allows the event. */
function expectedRefusal(c: Case, actor: Actor): string {
  if (!(EVENT_ACTORS[c.event] as readonly Actor[]).includes(actor)) return 'actorNotAllowed'
  if (c.event === 'requestCancellation') {
    if (c.flow === 'purchase' && ['shipped', 'vehiclePreparation', 'delivered'].includes(c.order.status))
      return 'cancellationClosed'
    if (c.flow === 'lease' && ['allocated', 'delivered', 'orderPaid'].includes(c.order.status))
      return 'leaseCancelFailed'
  }
  return 'transitionNotAllowed'
}

describe('transition: every event in every state, by every actor', () => {
  it('covers every allowed row', () => {
    const used = new Set(cases.flatMap((c) => (c.row ? [c.row] : [])))
    for (const row of [...PURCHASE_ALLOWED, ...LEASE_ALLOWED]) expect(used.has(row), row.join(' ')).toBe(true)
  })

  it.each(cases)('$name', (c) => {
    for (const actor of ACTORS) {
      const result = transition(c.order, c.event, actor, T1)
      const allowedActor = (EVENT_ACTORS[c.event] as readonly Actor[]).includes(actor)
      if (c.row && allowedActor) {
        const [, , to, payment, resume] = c.row
        const real = (s: string | null) => (s === 'FEE' ? c.fee : s)
        expect(result, actor).toMatchObject({ ok: true })
        if (!result.ok) continue
        expect(result.order.status).toBe(real(to))
        expect(result.order.payment).toBe(payment)
        expect(result.order.resumeStatus).toBe(real(resume))
        expect(result.order.updatedAt).toBe(T1)
        expect(result.events).toEqual([{ type: c.event, at: T1, actor, from: c.order.status, to: real(to) }])
      } else {
        const code = expectedRefusal(c, actor)
        expect(result, `${actor}`).toEqual({
          ok: false,
          code,
          messageKey:
            code === 'cancellationClosed' || code === 'leaseCancelFailed'
              ? `order.problem.${code}`
              : 'order.problem.transitionNotAllowed',
        })
      }
    }
  })
})

const ok = (result: TransitionResult): Order => {
  if (!result.ok) throw new Error(`refused: ${result.code}`)
  return result.order
}

describe('transition details', () => {
  it('never changes the given order', () => {
    const order = placed()
    const copy = structuredClone(order)
    ok(transition(order, 'paymentSucceeded', 'paymentProvider', T1))
    expect(order).toEqual(copy)
  })

  it('marks the fee paid when the payment arrives', () => {
    const paid = ok(transition(placed('reservation'), 'paymentSucceeded', 'paymentProvider', T1))
    expect(paid.amounts.paidFee).toEqual(paid.amounts.dueToday)
    expect(paid.amounts.pendingPaymentFee.amount).toBe(0)
    expect(paid.dates).toEqual({ placed: AT, reservationFeePaid: T1 })
  })

  it('refuses a time before the last change, and throws on a malformed one', () => {
    const paid = ok(transition(placed(), 'paymentSucceeded', 'paymentProvider', T2))
    expect(transition(paid, 'signContract', 'system', T1)).toEqual({
      ok: false,
      code: 'outOfOrder',
      messageKey: 'order.problem.transitionNotAllowed',
    })
    expect(transition(paid, 'signContract', 'system', T2).ok).toBe(true)
    expect(() => transition(paid, 'signContract', 'system', '2026-03-04')).toThrow(RangeError)
  })

  it('returns to where it was when a cancellation is rejected, and forgets the request date', () => {
    const paid = ok(transition(placed(), 'recordPayment', 'staff', T1))
    const review = ok(transition(paid, 'requestCancellation', 'customer', T1))
    expect(review.dates.cancellationRequested).toBe(T1)
    const back = ok(transition(review, 'rejectCancellation', 'staff', T2))
    expect(back).toMatchObject({ status: 'depositPaid', resumeStatus: null, payment: 'paid' })
    expect(back.dates).toEqual({ placed: AT, depositPaid: T1 })
  })

  it('dates the paid step when the payment arrives during a review', () => {
    const review = ok(transition(placed(), 'requestCancellation', 'customer', T1))
    const paid = ok(transition(review, 'paymentSucceeded', 'paymentProvider', T2))
    expect(paid.dates.depositPaid).toBe(T2)
    expect(ok(transition(paid, 'rejectCancellation', 'staff', T2)).status).toBe('depositPaid')
  })

  it('runs a paid order through cancellation, refund request, withdrawal and refund', () => {
    let order = ok(transition(placed(), 'paymentSucceeded', 'paymentProvider', T1))
    order = ok(transition(order, 'requestCancellation', 'customer', T1))
    order = ok(transition(order, 'approveCancellation', 'staff', T1))
    expect(order).toMatchObject({ status: 'cancelled', payment: 'paid' })
    order = ok(transition(order, 'requestRefund', 'customer', T1))
    order = ok(transition(order, 'withdrawRefund', 'customer', T2))
    expect(order.status).toBe('cancelled')
    expect(order.dates.refundRequested).toBeUndefined()
    order = ok(transition(order, 'requestRefund', 'customer', T2))
    order = ok(transition(order, 'markRefunded', 'staff', T2))
    expect(order).toMatchObject({ status: 'refunded', payment: 'refunded' })
    expect(isFinal(order)).toBe(true)
  })
})

describe('timeline', () => {
  const states = (order: Order) => timeline(order).map((s) => `${s.status}:${s.state}${s.at ? '@' : ''}`)

  it('shows a new order placed, everything else pending', () => {
    expect(states(placed())).toEqual([
      'placed:current@',
      'depositPaid:pending',
      'contractSigned:pending',
      'allocated:pending',
      'shipped:pending',
      'vehiclePreparation:pending',
      'delivered:pending',
    ])
    expect(timeline(placed())[0]).toEqual({
      status: 'placed',
      messageKey: 'order.status.orderPlaced',
      state: 'current',
      at: AT,
    })
  })

  it('names the steps of a reservation and a pre-order', () => {
    expect(timeline(placed('reservation')).map((s) => s.messageKey)).toEqual([
      'order.status.reservationPlaced',
      'order.status.reservationFeePaid',
      'order.status.contractSigned',
      'order.status.allocated',
      'order.status.shipped',
      'order.status.vehiclePreparation',
      'order.status.delivered',
    ])
    expect(timeline(placed('preOrder'))[0]?.messageKey).toBe('order.status.preOrderPlaced')
  })

  it('dates each step as it happens and ends with every step done', () => {
    let order = placed()
    const steps: [OrderEventType, Actor][] = [
      ['paymentSucceeded', 'paymentProvider'],
      ['signContract', 'system'],
      ['allocate', 'system'],
      ['ship', 'system'],
      ['startPreparation', 'staff'],
      ['deliver', 'staff'],
    ]
    steps.forEach(([event, actor], i) => {
      const at = `2026-04-0${i + 1}T08:00:00.000Z`
      order = ok(transition(order, event, actor, at))
      const line = timeline(order)
      expect(line[i + 1]).toMatchObject({ at, state: event === 'deliver' ? 'done' : 'current' })
      expect(line.slice(0, i + 1).every((s) => s.state === 'done' && s.at !== null)).toBe(true)
      expect(line.slice(i + 2).every((s) => s.state === 'pending' && s.at === null)).toBe(true)
    })
  })

  it('shows a cancellation under review after the steps reached, without the steps ahead', () => {
    const paid = ok(transition(placed(), 'paymentSucceeded', 'paymentProvider', T1))
    const review = ok(transition(paid, 'requestCancellation', 'customer', T2))
    expect(states(review)).toEqual(['placed:done@', 'depositPaid:done@', 'cancellationRequested:current@'])
    expect(statusNoteKey(review)).toBe('order.cancel.received')
  })

  it('keeps a cancelled paid order current until refunded', () => {
    let order = ok(transition(placed(), 'paymentSucceeded', 'paymentProvider', T1))
    order = ok(transition(order, 'requestCancellation', 'customer', T1))
    order = ok(transition(order, 'approveCancellation', 'staff', T1))
    expect(states(order)).toEqual([
      'placed:done@',
      'depositPaid:done@',
      'cancellationRequested:done@',
      'cancelled:current@',
    ])
    order = ok(transition(order, 'requestRefund', 'customer', T2))
    expect(statusNoteKey(order)).toBe('order.refund.timing')
    order = ok(transition(order, 'markRefunded', 'staff', T2))
    expect(states(order)).toEqual([
      'placed:done@',
      'depositPaid:done@',
      'cancellationRequested:done@',
      'cancelled:done@',
      'refundRequested:done@',
      'refunded:done@',
    ])
    expect(timeline(order).at(-1)?.messageKey).toBe('order.status.refundCompleted')
  })

  it('ends an expired unpaid order at cancelled', () => {
    const expired = ok(transition(placed(), 'expire', 'system', T1))
    expect(states(expired)).toEqual(['placed:done@', 'cancelled:done@'])
  })

  it('follows the lease statuses', () => {
    let lease = placed('order', true)
    expect(mainSteps(lease)).toEqual(['requested', 'poPlaced', 'allocated', 'delivered', 'orderPaid'])
    lease = ok(transition(lease, 'placePurchaseOrder', 'system', T1))
    lease = ok(transition(lease, 'allocate', 'system', T1))
    expect(states(lease)).toEqual([
      'requested:done@',
      'poPlaced:done@',
      'allocated:current@',
      'delivered:pending',
      'orderPaid:pending',
    ])
    expect(timeline(lease).map((s) => s.messageKey)).toEqual([
      'order.status.leaseRequested',
      'order.status.leasePoPlaced',
      'order.status.leaseAllocated',
      'order.status.leaseDelivered',
      'order.status.leaseOrderPaid',
    ])
    expect(transition(lease, 'requestCancellation', 'customer', T2)).toMatchObject({
      ok: false,
      code: 'leaseCancelFailed',
    })
  })

  it('shows a cancelled lease', () => {
    const request = ok(transition(placed('order', true), 'requestCancellation', 'customer', T1))
    expect(states(request)).toEqual(['requested:done@', 'requestCancelled:done@'])
    let lease = ok(transition(placed('order', true), 'placePurchaseOrder', 'staff', T1))
    lease = ok(transition(lease, 'requestCancellation', 'customer', T1))
    expect(states(lease)).toEqual(['requested:done@', 'poPlaced:done@', 'cancellationInProgress:current@'])
    lease = ok(transition(lease, 'approveCancellation', 'staff', T2))
    expect(states(lease)).toEqual([
      'requested:done@',
      'poPlaced:done@',
      'cancellationInProgress:done@',
      'orderCancelled:done@',
    ])
  })
})

describe('customer actions', () => {
  it('offers exactly the customer events the order accepts', () => {
    for (const { name, order } of fixtures) {
      const offered = customerActions(order)
      for (const event of ['requestCancellation', 'requestRefund', 'withdrawRefund'] as const)
        expect(offered.includes(event), `${name} ${event}`).toBe(
          transition(order, event, 'customer', order.updatedAt).ok,
        )
    }
    expect(customerActions(inState('order', false, 'cancelled', 'paid'))).toEqual(['requestRefund'])
  })

  it('words the confirmation and the result per kind', () => {
    expect(customerActionTexts(placed('reservation'), 'requestCancellation')).toEqual({
      labelKey: 'order.action.requestCancellation',
      confirmKey: 'order.confirm.cancelReservation',
      answerKey: 'order.cancel.confirmButton',
      doneKey: 'order.cancel.received',
    })
    expect(customerActionTexts(placed('order'), 'requestCancellation').confirmKey).toBe('order.confirm.cancelOrder')
    expect(customerActionTexts(placed('order', true), 'requestCancellation').doneKey).toBe(
      'order.cancel.leaseRequestCancelled',
    )
    expect(customerActionTexts(placed(), 'requestRefund')).toEqual({
      labelKey: 'order.action.requestRefund',
      confirmKey: 'order.confirm.requestRefund',
      answerKey: 'order.cancel.confirmButton',
      doneKey: 'order.refund.received',
    })
    expect(customerActionTexts(placed(), 'withdrawRefund').confirmKey).toBe('order.confirm.withdrawRefund')
    // Withdrawing is not sending a request: the answer says what it does.
    expect(customerActionTexts(placed(), 'withdrawRefund').answerKey).toBe('order.refund.withdrawButton')
  })

  it('has a status key for every status of each flow and no note on the main line', () => {
    expect(statusKey(placed(), 'refunded')).toBe('order.status.refundCompleted')
    expect(statusKey(placed('order', true), 'delivered')).toBe('order.status.leaseDelivered')
    expect(statusNoteKey(placed())).toBeNull()
  })
})
