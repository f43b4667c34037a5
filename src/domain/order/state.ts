/**
 * The life of an order as one state machine (SPEC §4), and its timeline for the order-detail screen. Pure; no zod.
 *
 * Purchase flow (order, pre-order, reservation):
 *   placed ─pay→ depositPaid | reservationFeePaid (reservation) ─signContract→ contractSigned
 *   ─allocate→ allocated ─ship→ shipped ─startPreparation→ vehiclePreparation ─deliver→ delivered
 * Lease flow (an order with a lease finance kind; the lessor pays, nothing is paid online):
 *   requested ─placePurchaseOrder→ poPlaced ─allocate→ allocated ─deliver→ delivered ─markOrderPaid→ orderPaid
 *
 * Cancellation (our rule; SPEC gives none): the customer may ask to cancel an order, a paid order or a
 * reservation until it is shipped — from placed, depositPaid, reservationFeePaid, contractSigned or allocated.
 * Once shipped the car is on its way, and a cancellation goes through the store (code `cancellationClosed`).
 * The request goes to review (`cancellationRequested`); staff approve it (→ `cancelled`; an unpaid order's
 * payment becomes `cancelled`, a paid one stays `paid` until refunded) or reject it (→ back where it was).
 * A cancelled paid order's money goes back through the payment provider: the refund is issued (`issueRefund`, by the
 * system right after an approved cancellation or a payment that arrived for a cancelled order, or by staff) and the
 * order waits in `refundPending` until the provider confirms it (`refundSucceeded` → `refunded`, payment `refunded`).
 * A customer may also request the refund of a cancelled paid order (`refundRequested`) and withdraw the request
 * (→ `cancelled`) until it is issued. A payment staff recorded by hand (no provider) is marked refunded by staff
 * (`markRefunded`). An unpaid placed order expires
 * (system) into `cancelled`. A lease in `requested` (no purchase order yet) is cancelled at once
 * (`requestCancelled`); from `poPlaced` the cancellation goes to review (`cancellationInProgress`, staff approve
 * → `orderCancelled` or reject → `poPlaced`); once allocated, cancelling online fails (`leaseCancelFailed`).
 *
 * Payment-provider confirmations are facts, not requests: a `paymentSucceeded` that arrives while a cancellation
 * of the unpaid order is under review, or after the unpaid order was cancelled, is still accepted — the payment
 * becomes `paid` (the review resumes to the paid step; a cancelled order can then be refunded).
 *
 * Each event may be sent only by its actors (EVENT_ACTORS); `at` must not be before the order's last change.
 * Every accepted event yields `{ type, at, actor, from, to }` for the audit log. Dutch finance application
 * statuses are a separate machine (finance/status.ts).
 */
import { assertInstant, type IsoInstant } from './instant'
import { type Order, type OrderKind, paidAmounts } from './order'
import type { PaymentState } from './payment'

/**
 * The statuses of the purchase flow: the timeline of SPEC §4, then cancellation and refund.
 *
 * @example
 * PURCHASE_STATUSES[1] // 'depositPaid'
 */
export const PURCHASE_STATUSES = [
  'placed',
  'depositPaid',
  'reservationFeePaid',
  'contractSigned',
  'allocated',
  'shipped',
  'vehiclePreparation',
  'delivered',
  'cancellationRequested',
  'cancelled',
  'refundRequested',
  'refundPending',
  'refunded',
] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]

/**
 * The lease statuses of SPEC §4.
 *
 * @example
 * LEASE_STATUSES[1] // 'poPlaced'
 */
export const LEASE_STATUSES = [
  'requested',
  'poPlaced',
  'allocated',
  'delivered',
  'orderPaid',
  'requestCancelled',
  'cancellationInProgress',
  'orderCancelled',
] as const
export type LeaseStatus = (typeof LEASE_STATUSES)[number]

/**
 * Any status of an order; `flow` tells which list it is from.
 *
 * @example
 * const status: OrderStatus = 'cancellationInProgress'
 */
export type OrderStatus = PurchaseStatus | LeaseStatus

/**
 * Who sends an event: the customer on the site, store staff in the back office, the system (integrations and
 * schedules: factory allocation, logistics, e-signature, expiry), the payment provider (its confirmations).
 *
 * @example
 * ACTORS.includes('paymentProvider') // true
 */
export const ACTORS = ['customer', 'staff', 'system', 'paymentProvider'] as const
export type Actor = (typeof ACTORS)[number]

/**
 * Every event with the actors allowed to send it.
 *
 * @example
 * EVENT_ACTORS.requestCancellation // ['customer']
 */
export const EVENT_ACTORS = {
  paymentSucceeded: ['paymentProvider'],
  recordPayment: ['staff'],
  signContract: ['staff', 'system'],
  placePurchaseOrder: ['staff', 'system'],
  allocate: ['staff', 'system'],
  ship: ['staff', 'system'],
  startPreparation: ['staff', 'system'],
  deliver: ['staff'],
  markOrderPaid: ['staff', 'system'],
  expire: ['system'],
  requestCancellation: ['customer'],
  approveCancellation: ['staff'],
  rejectCancellation: ['staff'],
  requestRefund: ['customer'],
  withdrawRefund: ['customer'],
  markRefunded: ['staff'],
  // The right of withdrawal of a distance contract (Directive 2011/83/EU, Art. 9 and 11a); its period is checked by
  // withdrawalOpen (withdrawal.ts), which knows the day.
  withdraw: ['customer'],
  issueRefund: ['staff', 'system'],
  refundSucceeded: ['paymentProvider'],
} as const satisfies Record<string, readonly Actor[]>
export type OrderEventType = keyof typeof EVENT_ACTORS

/**
 * Every event, in the order of EVENT_ACTORS.
 *
 * @example
 * ORDER_EVENTS.includes('withdrawRefund') // true
 */
export const ORDER_EVENTS = Object.keys(EVENT_ACTORS) as OrderEventType[]

/**
 * The events a customer sends.
 *
 * @example
 * const event: CustomerEvent = 'withdrawRefund'
 */
export type CustomerEvent = 'requestCancellation' | 'requestRefund' | 'withdrawRefund'

/**
 * One accepted transition, for the audit log.
 *
 * @example
 * const e: OrderEvent = { type: 'requestCancellation', at: '2026-03-02T10:00:00.000Z', actor: 'customer',
 *   from: 'depositPaid', to: 'cancellationRequested' }
 */
export interface OrderEvent {
  type: OrderEventType
  at: IsoInstant
  actor: Actor
  from: OrderStatus
  to: OrderStatus
}

/**
 * Why a transition was refused.
 * - actorNotAllowed: this actor never sends this event
 * - transitionNotAllowed: the event does not apply in the order's status (or flow)
 * - cancellationClosed: the purchase order has been shipped; cancel through the store
 * - leaseCancelFailed: the lease is allocated (or further); cancel through the store (SPEC §8)
 * - outOfOrder: `at` is before the order's last change
 *
 * @example
 * TRANSITION_PROBLEM_KEYS.leaseCancelFailed // 'order.problem.leaseCancelFailed'
 */
export const TRANSITION_PROBLEM_KEYS = {
  actorNotAllowed: 'order.problem.transitionNotAllowed',
  transitionNotAllowed: 'order.problem.transitionNotAllowed',
  cancellationClosed: 'order.problem.cancellationClosed',
  leaseCancelFailed: 'order.problem.leaseCancelFailed',
  outOfOrder: 'order.problem.transitionNotAllowed',
} as const
export type TransitionProblemCode = keyof typeof TRANSITION_PROBLEM_KEYS

/**
 * The result of `transition`: the new order and its events, or why not.
 *
 * @example
 * const r: TransitionResult = { ok: false, code: 'leaseCancelFailed', messageKey: 'order.problem.leaseCancelFailed' }
 */
export type TransitionResult =
  | { ok: true; order: Order; events: OrderEvent[] }
  | { ok: false; code: TransitionProblemCode; messageKey: (typeof TRANSITION_PROBLEM_KEYS)[TransitionProblemCode] }

/** What an accepted event does besides the status. */
interface Move {
  to: OrderStatus
  payment?: PaymentState
  /** Today's payment arrived: the paid fee becomes what was due. */
  paid?: true
  /** New resume point: a status, or null to clear it; unchanged when absent. */
  resume?: OrderStatus | null
  /** A move back (rejection, withdrawal): keeps the target's date, voids the left status's date. */
  back?: true
  /** A step reached without entering it (a payment during a cancellation review): dated too. */
  alsoReached?: OrderStatus
}
type Step = Move | TransitionProblemCode

/** Purchase statuses from which the customer may still ask to cancel (until shipped). */
const CANCELLABLE: readonly OrderStatus[] = [
  'placed',
  'depositPaid',
  'reservationFeePaid',
  'contractSigned',
  'allocated',
]
const SHIPPED_OR_LATER: readonly OrderStatus[] = ['shipped', 'vehiclePreparation', 'delivered']
/** A purchase that has not ended: a withdrawal can still end it (within its period, withdrawal.ts). */
const WITHDRAWABLE: readonly OrderStatus[] = [
  ...CANCELLABLE,
  'shipped',
  'vehiclePreparation',
  'delivered',
  'cancellationRequested',
]
const LEASE_ALLOCATED_OR_LATER: readonly OrderStatus[] = ['allocated', 'delivered', 'orderPaid']

const feePaidStatus = (kind: OrderKind): PurchaseStatus =>
  kind === 'reservation' ? 'reservationFeePaid' : 'depositPaid'

/** A single forward step when the order is in `from`, else not allowed. */
const forward = (order: Order, from: OrderStatus, to: OrderStatus): Step =>
  order.status === from ? { to } : 'transitionNotAllowed'

function purchaseStep(order: Order, event: OrderEventType): Step {
  const { status, payment } = order
  switch (event) {
    case 'paymentSucceeded': {
      const paidStep = feePaidStatus(order.kind)
      if (status === 'placed') return { to: paidStep, payment: 'paid', paid: true }
      if (status === 'cancellationRequested' && payment === 'unpaid')
        return { to: status, payment: 'paid', paid: true, resume: paidStep, alsoReached: paidStep }
      if (status === 'cancelled' && payment === 'cancelled') return { to: status, payment: 'paid', paid: true }
      return 'transitionNotAllowed'
    }
    case 'recordPayment':
      return status === 'placed'
        ? { to: feePaidStatus(order.kind), payment: 'paid', paid: true }
        : 'transitionNotAllowed'
    case 'signContract':
      return status === feePaidStatus(order.kind) ? { to: 'contractSigned' } : 'transitionNotAllowed'
    case 'allocate':
      return forward(order, 'contractSigned', 'allocated')
    case 'ship':
      return forward(order, 'allocated', 'shipped')
    case 'startPreparation':
      return forward(order, 'shipped', 'vehiclePreparation')
    case 'deliver':
      return forward(order, 'vehiclePreparation', 'delivered')
    case 'expire':
      return status === 'placed' ? { to: 'cancelled', payment: 'cancelled' } : 'transitionNotAllowed'
    case 'requestCancellation':
      if (CANCELLABLE.includes(status)) return { to: 'cancellationRequested', resume: status }
      return SHIPPED_OR_LATER.includes(status) ? 'cancellationClosed' : 'transitionNotAllowed'
    case 'approveCancellation':
      if (status !== 'cancellationRequested') return 'transitionNotAllowed'
      return { to: 'cancelled', payment: payment === 'paid' ? 'paid' : 'cancelled', resume: null }
    case 'rejectCancellation':
      if (status !== 'cancellationRequested' || order.resumeStatus === null) return 'transitionNotAllowed'
      return { to: order.resumeStatus, resume: null, back: true }
    case 'requestRefund':
      return status === 'cancelled' && payment === 'paid' ? { to: 'refundRequested' } : 'transitionNotAllowed'
    case 'withdrawRefund':
      return status === 'refundRequested' ? { to: 'cancelled', back: true } : 'transitionNotAllowed'
    case 'markRefunded':
      return status === 'refundRequested' ? { to: 'refunded', payment: 'refunded' } : 'transitionNotAllowed'
    case 'withdraw':
      // Ends the contract at once, whatever a cancellation under review would have decided; what was paid is then
      // refunded (the refund request that follows it).
      if (!WITHDRAWABLE.includes(status)) return 'transitionNotAllowed'
      return { to: 'cancelled', payment: payment === 'paid' ? 'paid' : 'cancelled', resume: null }
    case 'issueRefund':
      return (status === 'cancelled' || status === 'refundRequested') && payment === 'paid'
        ? { to: 'refundPending' }
        : 'transitionNotAllowed'
    case 'refundSucceeded':
      return status === 'refundPending' ? { to: 'refunded', payment: 'refunded' } : 'transitionNotAllowed'
    case 'placePurchaseOrder':
    case 'markOrderPaid':
      return 'transitionNotAllowed'
  }
}

function leaseStep(order: Order, event: OrderEventType): Step {
  const { status } = order
  switch (event) {
    case 'placePurchaseOrder':
      return forward(order, 'requested', 'poPlaced')
    case 'allocate':
      return forward(order, 'poPlaced', 'allocated')
    case 'deliver':
      return forward(order, 'allocated', 'delivered')
    case 'markOrderPaid':
      return status === 'delivered' ? { to: 'orderPaid', payment: 'paid' } : 'transitionNotAllowed'
    case 'requestCancellation':
      if (status === 'requested') return { to: 'requestCancelled', payment: 'cancelled' }
      if (status === 'poPlaced') return { to: 'cancellationInProgress', resume: status }
      return LEASE_ALLOCATED_OR_LATER.includes(status) ? 'leaseCancelFailed' : 'transitionNotAllowed'
    case 'approveCancellation':
      return status === 'cancellationInProgress'
        ? { to: 'orderCancelled', payment: 'cancelled', resume: null }
        : 'transitionNotAllowed'
    case 'rejectCancellation':
      if (status !== 'cancellationInProgress' || order.resumeStatus === null) return 'transitionNotAllowed'
      return { to: order.resumeStatus, resume: null, back: true }
    case 'paymentSucceeded':
    case 'recordPayment':
    case 'signContract':
    case 'ship':
    case 'startPreparation':
    case 'expire':
    case 'requestRefund':
    case 'withdrawRefund':
    case 'markRefunded':
    case 'withdraw':
    case 'issueRefund':
    case 'refundSucceeded':
      return 'transitionNotAllowed'
  }
}

function refuse(code: TransitionProblemCode): TransitionResult {
  return { ok: false, code, messageKey: TRANSITION_PROBLEM_KEYS[code] }
}

/**
 * Applies one event to an order (rules at the top of this file). On success: the new order (status, payment,
 * amounts, dates, `updatedAt` = `at`) and the events to log; else the refusal code and its message key. Never
 * changes the given order. Throws when `at` is not an ISO instant.
 *
 * @example
 * transition(order, 'requestCancellation', 'customer', '2026-03-02T10:00:00.000Z')
 * // { ok: true, order: { …, status: 'cancellationRequested' }, events: [{ type: 'requestCancellation', … }] }
 * transition(allocatedLease, 'requestCancellation', 'customer', at)
 * // { ok: false, code: 'leaseCancelFailed', messageKey: 'order.problem.leaseCancelFailed' }
 */
export function transition(order: Order, event: OrderEventType, actor: Actor, at: IsoInstant): TransitionResult {
  assertInstant(at, 'event time')
  const actors: readonly Actor[] = EVENT_ACTORS[event]
  if (!actors.includes(actor)) return refuse('actorNotAllowed')
  if (at < order.updatedAt) return refuse('outOfOrder')
  const step = order.flow === 'lease' ? leaseStep(order, event) : purchaseStep(order, event)
  if (typeof step === 'string') return refuse(step)

  const from = order.status
  const dates = { ...order.dates }
  if (step.back) delete dates[from]
  else if (step.to !== from) dates[step.to] = at
  if (step.alsoReached !== undefined) dates[step.alsoReached] = at
  const next: Order = {
    ...order,
    status: step.to,
    payment: step.payment ?? order.payment,
    amounts: step.paid ? paidAmounts(order.amounts) : order.amounts,
    resumeStatus: step.resume === undefined ? order.resumeStatus : step.resume,
    dates,
    updatedAt: at,
  }
  return { ok: true, order: next, events: [{ type: event, at, actor, from, to: step.to }] }
}

/**
 * Whether an order has reached an end: delivered and paid, refunded, cancelled with nothing to refund, or a
 * cancelled lease.
 *
 * @example
 * isFinal({ ...order, status: 'cancelled', payment: 'paid' }) // false: a refund can still be requested
 */
export function isFinal(order: Pick<Order, 'status' | 'payment' | 'flow'>): boolean {
  if (order.flow === 'lease') return ['orderPaid', 'requestCancelled', 'orderCancelled'].includes(order.status)
  if (order.status === 'cancelled') return order.payment !== 'paid'
  return order.status === 'delivered' || order.status === 'refunded'
}

/**
 * The message key of a status; the first step names the kind ("Order placed", "Reservation placed") and lease
 * statuses have their own keys.
 *
 * @example
 * statusKey({ flow: 'purchase', kind: 'reservation' }, 'placed') // 'order.status.reservationPlaced'
 * statusKey({ flow: 'lease', kind: 'order' }, 'allocated') // 'order.status.leaseAllocated'
 */
export function statusKey(order: Pick<Order, 'flow' | 'kind'>, status: OrderStatus): StatusMessageKey {
  if (order.flow === 'lease') return LEASE_STATUS_KEYS[status as LeaseStatus]
  if (status === 'placed') return PLACED_KEYS[order.kind]
  return PURCHASE_STATUS_KEYS[status as Exclude<PurchaseStatus, 'placed'>]
}

const PLACED_KEYS = {
  order: 'order.status.orderPlaced',
  preOrder: 'order.status.preOrderPlaced',
  reservation: 'order.status.reservationPlaced',
} as const satisfies Record<OrderKind, string>

const PURCHASE_STATUS_KEYS = {
  depositPaid: 'order.status.depositPaid',
  reservationFeePaid: 'order.status.reservationFeePaid',
  contractSigned: 'order.status.contractSigned',
  allocated: 'order.status.allocated',
  shipped: 'order.status.shipped',
  vehiclePreparation: 'order.status.vehiclePreparation',
  delivered: 'order.status.delivered',
  cancellationRequested: 'order.status.cancellationRequested',
  cancelled: 'order.status.cancelled',
  refundRequested: 'order.status.refundRequested',
  refundPending: 'order.status.refundPending',
  refunded: 'order.status.refundCompleted',
} as const satisfies Record<Exclude<PurchaseStatus, 'placed'>, string>

const LEASE_STATUS_KEYS = {
  requested: 'order.status.leaseRequested',
  poPlaced: 'order.status.leasePoPlaced',
  allocated: 'order.status.leaseAllocated',
  delivered: 'order.status.leaseDelivered',
  orderPaid: 'order.status.leaseOrderPaid',
  requestCancelled: 'order.status.leaseRequestCancelled',
  cancellationInProgress: 'order.status.leaseCancellationInProgress',
  orderCancelled: 'order.status.leaseOrderCancelled',
} as const satisfies Record<LeaseStatus, string>

/**
 * Every status message key (placed per kind, purchase statuses, lease statuses).
 *
 * @example
 * STATUS_MESSAGE_KEYS.includes('order.status.leasePoPlaced') // true
 */
export const STATUS_MESSAGE_KEYS = [
  ...Object.values(PLACED_KEYS),
  ...Object.values(PURCHASE_STATUS_KEYS),
  ...Object.values(LEASE_STATUS_KEYS),
]
export type StatusMessageKey =
  | (typeof PLACED_KEYS)[OrderKind]
  | (typeof PURCHASE_STATUS_KEYS)[keyof typeof PURCHASE_STATUS_KEYS]
  | (typeof LEASE_STATUS_KEYS)[LeaseStatus]

/**
 * A step's state on the timeline.
 *
 * @example
 * const state: StepState = 'current'
 */
export type StepState = 'done' | 'current' | 'pending'

/**
 * One line of the order-detail timeline.
 *
 * @example
 * const s: TimelineStep = { status: 'depositPaid', messageKey: 'order.status.depositPaid', state: 'current',
 *   at: '2026-03-01T09:35:00.000Z' }
 */
export interface TimelineStep {
  status: OrderStatus
  messageKey: StatusMessageKey
  state: StepState
  /** When the step happened; null while pending. */
  at: IsoInstant | null
}

const PURCHASE_BRANCH: readonly OrderStatus[] = [
  'cancellationRequested',
  'cancelled',
  'refundRequested',
  'refundPending',
  'refunded',
]
const LEASE_MAIN: readonly OrderStatus[] = ['requested', 'poPlaced', 'allocated', 'delivered', 'orderPaid']
const LEASE_BRANCH: readonly OrderStatus[] = ['requestCancelled', 'cancellationInProgress', 'orderCancelled']

/**
 * The main steps of an order's flow in SPEC §4 order.
 *
 * @example
 * mainSteps({ flow: 'purchase', kind: 'reservation' })
 * // ['placed', 'reservationFeePaid', 'contractSigned', 'allocated', 'shipped', 'vehiclePreparation', 'delivered']
 */
export function mainSteps(order: Pick<Order, 'flow' | 'kind'>): OrderStatus[] {
  if (order.flow === 'lease') return [...LEASE_MAIN]
  return [
    'placed',
    feePaidStatus(order.kind),
    'contractSigned',
    'allocated',
    'shipped',
    'vehiclePreparation',
    'delivered',
  ]
}

/**
 * The timeline of the order-detail screen. On the main line: the steps reached are done with their date, the
 * order's status is current (done when it is the last step), later steps are pending. During or after a
 * cancellation: the main steps reached (done), then the cancellation and refund steps taken, the last of them
 * current unless the order has ended; the main steps never reached are left out.
 *
 * @example
 * timeline(paidOrder).map((s) => s.state)
 * // ['done', 'current', 'pending', 'pending', 'pending', 'pending', 'pending']
 */
export function timeline(order: Order): TimelineStep[] {
  const main = mainSteps(order)
  const final = isFinal(order)
  const step = (status: OrderStatus, state: StepState): TimelineStep => ({
    status,
    messageKey: statusKey(order, status),
    state,
    at: state === 'pending' ? null : (order.dates[status] ?? null),
  })
  const current = (status: OrderStatus) => (status === order.status && !final ? 'current' : 'done')
  const index = main.indexOf(order.status)
  if (index >= 0)
    return main.map((status, i) => step(status, i < index ? 'done' : i === index ? current(status) : 'pending'))
  const branch = order.flow === 'lease' ? LEASE_BRANCH : PURCHASE_BRANCH
  return [
    ...main.filter((status) => order.dates[status] !== undefined).map((status) => step(status, 'done')),
    ...branch.filter((status) => order.dates[status] !== undefined).map((status) => step(status, current(status))),
  ]
}

/**
 * The texts of the customer's actions: buttons, confirmation questions, messages after success.
 *
 * @example
 * ACTION_MESSAGE_KEYS.confirmWithdrawRefund // 'order.confirm.withdrawRefund'
 */
export const ACTION_MESSAGE_KEYS = {
  requestCancellation: 'order.action.requestCancellation',
  requestRefund: 'order.action.requestRefund',
  withdrawRefund: 'order.action.withdrawRefund',
  confirmCancelOrder: 'order.confirm.cancelOrder',
  confirmCancelReservation: 'order.confirm.cancelReservation',
  confirmRequestRefund: 'order.confirm.requestRefund',
  confirmWithdrawRefund: 'order.confirm.withdrawRefund',
  cancellationReceived: 'order.cancel.received',
  leaseRequestCancelled: 'order.cancel.leaseRequestCancelled',
  refundReceived: 'order.refund.received',
  refundWithdrawn: 'order.refund.withdrawn',
  refundTiming: 'order.refund.timing',
  cancellationNote: 'order.cancel.confirmNote',
  answerSend: 'order.cancel.confirmButton',
  answerWithdraw: 'order.refund.withdrawButton',
} as const
export type ActionMessageKey = (typeof ACTION_MESSAGE_KEYS)[keyof typeof ACTION_MESSAGE_KEYS]

/**
 * The texts of a customer action on an order: the button, the confirmation question ("Do you want to cancel this
 * reservation?") and the message after success (a cancellation under review promises an e-mail within five
 * working days; a lease request not yet ordered is cancelled at once).
 *
 * @example
 * customerActionTexts(reservation, 'requestCancellation').confirmKey // 'order.confirm.cancelReservation'
 */
export function customerActionTexts(
  order: Pick<Order, 'kind' | 'flow' | 'status'>,
  event: CustomerEvent,
): {
  labelKey: ActionMessageKey
  confirmKey: ActionMessageKey
  answerKey: ActionMessageKey
  doneKey: ActionMessageKey
} {
  const k = ACTION_MESSAGE_KEYS
  switch (event) {
    case 'requestCancellation':
      return {
        labelKey: k.requestCancellation,
        confirmKey: order.kind === 'reservation' ? k.confirmCancelReservation : k.confirmCancelOrder,
        answerKey: k.answerSend,
        doneKey:
          order.flow === 'lease' && order.status === 'requested' ? k.leaseRequestCancelled : k.cancellationReceived,
      }
    case 'requestRefund':
      return {
        labelKey: k.requestRefund,
        confirmKey: k.confirmRequestRefund,
        answerKey: k.answerSend,
        doneKey: k.refundReceived,
      }
    case 'withdrawRefund':
      return {
        labelKey: k.withdrawRefund,
        confirmKey: k.confirmWithdrawRefund,
        answerKey: k.answerWithdraw,
        doneKey: k.refundWithdrawn,
      }
  }
}

/**
 * The customer events the order accepts now, for the buttons of the order-detail screen.
 *
 * @example
 * customerActions(cancelledPaidOrder) // ['requestRefund']
 */
export function customerActions(order: Order): CustomerEvent[] {
  const events: CustomerEvent[] = ['requestCancellation', 'requestRefund', 'withdrawRefund']
  return events.filter((event) => transition(order, event, 'customer', order.updatedAt).ok)
}

/**
 * The note under the current status: the e-mail confirmation promised for a cancellation under review (within
 * five working days) and the refund period (7–14 days) while a refund is requested (SPEC §9); else null.
 *
 * @example
 * statusNoteKey({ status: 'refundRequested' }) // 'order.refund.timing'
 */
export function statusNoteKey(
  order: Pick<Order, 'status'>,
): 'order.cancel.received' | 'order.refund.timing' | 'payment.refund.pendingNote' | null {
  if (order.status === 'cancellationRequested' || order.status === 'cancellationInProgress')
    return 'order.cancel.received'
  if (order.status === 'refundPending') return 'payment.refund.pendingNote'
  return order.status === 'refundRequested' ? 'order.refund.timing' : null
}
