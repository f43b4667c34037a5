/**
 * Paying and refunding an order through the payment provider (the port in src/domain/payment/provider.ts). The
 * order's money follows the provider: a checkout is only a promise; an order is paid when a payment attempt has
 * succeeded (a signed event, or the reconciliation's answer from the provider), and refunded when its refund has.
 * Every step is idempotent and can run again, in any order: the attempt and refund rows only move forward and the
 * order is then settled from what they say.
 */
import { logLine } from '../domain/log'
import { type Money, money } from '../domain/money'
import type { Order } from '../domain/order/order'
import { type Actor, type OrderEventType, transition } from '../domain/order/state'
import { checkoutKey, RECONCILE_AFTER_MINUTES, refundKey } from '../domain/payment/attempt'
import { mayPay, type PaymentMethod, refundableAmount } from '../domain/payment/methods'
import type { Checkout, PaymentProvider, ProviderEvent, Refund } from '../domain/payment/provider'
import { ProviderRequestError } from '../domain/payment/provider'
import type { Store } from '../store'
import type { StoredOrder } from '../store/orders'
import type { PaymentAttempt, RefundRecord } from '../store/payments'

export interface PaymentDeps {
  store: Store
  provider: PaymentProvider
  /** Queues outbox e-mails for delivery now (the sweep delivers them otherwise). */
  notify(ids: readonly string[]): void
}

/** The amount a checkout takes now: what is due today and not yet paid. */
export const amountDue = (order: Order): Money => order.amounts.pendingPaymentFee

/** Why a payment cannot start. */
export type PaymentRefusal = 'notOnline' | 'method' | 'nothingDue' | 'busy'

export type StartOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'paid' }
  | { kind: 'processing' }
  | { kind: 'refused'; reason: PaymentRefusal }

const now = () => new Date().toISOString()

/**
 * Sends the customer to the provider's hosted page for the amount due. One checkout per order, amount and attempt:
 * 30 clicks get the same page (the same idempotency key and parameters); another method, or an expired page, closes
 * the open one first and starts the next attempt. Refuses what the market's data does not allow.
 */
export async function startCheckout(
  deps: PaymentDeps,
  stored: StoredOrder,
  input: { method: string; locale: string; returnUrl: string; cancelUrl: string; description: string },
): Promise<StartOutcome> {
  const { order } = stored
  const due = amountDue(order)
  if (!mayPay(order.country, due.currency, input.method))
    return { kind: 'refused', reason: mayPay(order.country, due.currency, 'card') ? 'method' : 'notOnline' }
  if (order.payment !== 'unpaid' || order.flow !== 'purchase' || due.amount <= 0 || order.status !== 'placed')
    return { kind: 'refused', reason: 'nothingDue' }
  const attempts = (await deps.store.payments.attemptsOf(stored.id)).filter(
    (a) => a.amount === due.amount && a.provider === deps.provider.name,
  )
  if (attempts.some((a) => a.status === 'succeeded')) return { kind: 'paid' }
  if (attempts.some((a) => a.status === 'processing')) return { kind: 'processing' }
  const open = attempts.filter((a) => a.status === 'pending')
  let attempt = attempts.reduce((most, a) => Math.max(most, a.attempt), 0) || 1
  const same = open.find((a) => a.method === input.method && a.attempt === attempt)
  if (!same && open.length > 0) {
    // Another method, or a page already closed: the open pages are closed at the provider before a new one.
    for (const earlier of open) {
      const closed = await deps.provider.closeCheckout(earlier.reference)
      await applyCheckout(deps, closed)
      if (closed.status === 'succeeded') return { kind: 'paid' }
      if (closed.status === 'processing') return { kind: 'processing' }
    }
    attempt += 1
  } else if (!same && attempts.length > 0) attempt += 1
  const idempotencyKey = checkoutKey(stored.id, due.amount, attempt)
  let checkout: Checkout
  try {
    checkout = await deps.provider.createCheckout({
      orderId: stored.id,
      orderNumber: order.orderNumber ?? order.reservationNumber ?? stored.id,
      amount: due,
      method: input.method as PaymentMethod,
      description: input.description,
      locale: input.locale,
      customerEmail: order.contact.email,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      idempotencyKey,
    })
  } catch (error) {
    // The same attempt started at the same moment with another method: one of the two wins, the other tries again.
    if (error instanceof ProviderRequestError && error.code === 'idempotency_error')
      return { kind: 'refused', reason: 'busy' }
    throw error
  }
  await deps.store.payments.recordCheckout({
    orderId: stored.id,
    amount: due.amount,
    currency: due.currency,
    provider: deps.provider.name,
    reference: checkout.reference,
    method: input.method,
    attempt,
    checkoutUrl: checkout.url,
    idempotencyKey,
    at: now(),
  })
  if (checkout.status === 'succeeded') return { kind: 'paid' }
  if (checkout.status === 'processing') return { kind: 'processing' }
  if (!checkout.url || !deps.provider.isCheckoutUrl(checkout.url)) throw new Error('the provider gave no hosted page')
  return { kind: 'redirect', url: checkout.url }
}

/**
 * Applies what the provider says of a checkout (an event, or its answer when asked): the attempt moves forward only,
 * then the order is settled from its attempts. A checkout we have no record of (its record was lost) is recorded.
 */
export async function applyCheckout(deps: PaymentDeps, checkout: Checkout): Promise<void> {
  const payments = deps.store.payments
  let attempt = await payments.findByReference(deps.provider.name, checkout.reference)
  if (!attempt && checkout.orderId && (await deps.store.orders.find(checkout.orderId)))
    attempt = await payments.recordCheckout({
      orderId: checkout.orderId,
      amount: checkout.amount.amount,
      currency: checkout.amount.currency,
      provider: deps.provider.name,
      reference: checkout.reference,
      method: checkout.method ?? 'card',
      attempt: 1000 + (Math.floor(Date.now() / 1000) % 1000),
      checkoutUrl: null,
      idempotencyKey: `recorded-${checkout.reference}`,
      at: now(),
    })
  if (!attempt) {
    console.warn(
      logLine('warn', 'payments: a checkout of no order of ours', {
        provider: deps.provider.name,
        checkout: checkout.reference,
      }),
    )
    return
  }
  const moved = await payments.moveAttempt(attempt.id, checkout.status, {
    paymentReference: checkout.paymentReference,
    method: checkout.method,
    at: now(),
  })
  if (moved === 'duplicate')
    await refundPayment(deps, attempt.orderId, { reason: 'duplicate', requestedBy: null, paymentId: attempt.id })
  await settleOrder(deps, attempt.orderId)
}

/** Saves one transition of an order, reloading and deciding again when someone changed it meanwhile. */
async function move(
  deps: PaymentDeps,
  orderId: string,
  event: OrderEventType,
  actor: Actor,
  mailValues: (order: StoredOrder) => Record<string, string | number>,
  actorId: string | null = null,
): Promise<StoredOrder | null> {
  for (let tries = 0; tries < 5; tries++) {
    const stored = await deps.store.orders.find(orderId)
    if (!stored) return null
    const at = new Date(Math.max(Date.now(), Date.parse(stored.order.updatedAt) + 1)).toISOString()
    const result = transition(stored.order, event, actor, at)
    if (!result.ok) return null
    const { saved, notificationIds } = await deps.store.orders.update(
      orderId,
      stored.order,
      result.order,
      result.events,
      actorId,
      mailValues(stored),
    )
    if (saved) {
      deps.notify(notificationIds)
      return { ...stored, order: result.order }
    }
  }
  return null
}

/** The payment the provider took for an order (not one the earlier local test provider recorded), or null. */
export const paidThroughProvider = (attempts: readonly PaymentAttempt[]) =>
  attempts.find((a) => a.status === 'succeeded' && a.provider !== 'test') ?? null
const succeededAttempt = paidThroughProvider

/**
 * Brings the order in line with its attempts: a succeeded attempt pays an order still waiting (its e-mail shows the
 * provider's reference); a payment that arrived for an order cancelled meanwhile goes back at once.
 */
export async function settleOrder(deps: PaymentDeps, orderId: string): Promise<void> {
  const stored = await deps.store.orders.find(orderId)
  if (!stored) return
  const paid = succeededAttempt(await deps.store.payments.attemptsOf(orderId))
  if (!paid) return
  let order = stored.order
  if (order.payment === 'unpaid' || order.payment === 'cancelled') {
    const moved = await move(deps, orderId, 'paymentSucceeded', 'paymentProvider', () => ({
      amountMinor: paid.amount,
      currency: paid.currency,
      reference: paid.paymentReference ?? paid.reference,
      method: paid.method ?? 'card',
    }))
    if (!moved) return
    order = moved.order
  }
  if (order.status === 'cancelled' && order.payment === 'paid')
    await refundPayment(deps, orderId, { reason: 'latePayment', requestedBy: null })
}

/**
 * Gives an order's payment back through the provider: the order waits in "refund pending" (its e-mail says so), the
 * refund is written before the provider is asked (with its own idempotency key, so a lost answer is asked again and
 * never refunds twice), and the provider's answer is applied. Used for an approved cancellation, a staff refund, a
 * payment that came after a cancellation, a second payment of the same amount (`paymentId`) and, later, a withdrawal.
 */
export async function refundPayment(
  deps: PaymentDeps,
  orderId: string,
  input: { reason: string; requestedBy: string | null; paymentId?: string },
): Promise<RefundRecord | null> {
  const attempts = await deps.store.payments.attemptsOf(orderId)
  const payment = input.paymentId ? attempts.find((a) => a.id === input.paymentId) : succeededAttempt(attempts)
  if (!payment?.paymentReference) return null
  const stored = await deps.store.orders.find(orderId)
  if (!stored) return null
  // A duplicate and a withdrawal give back everything paid (Directive 2011/83/EU, Art. 13); others follow the market.
  const back =
    input.paymentId || input.reason === 'withdrawal'
      ? money(payment.amount, payment.currency as Money['currency'])
      : refundableAmount(money(payment.amount, payment.currency as Money['currency']), stored.order.country)
  if (!input.paymentId && stored.order.status !== 'refundPending') {
    const moved = await move(
      deps,
      orderId,
      'issueRefund',
      input.requestedBy ? 'staff' : 'system',
      () => ({ amountMinor: back.amount, currency: back.currency }),
      input.requestedBy,
    )
    if (!moved) return null
  }
  const refund = await deps.store.payments.requestRefund({
    orderId,
    paymentId: payment.id,
    amount: back.amount,
    currency: back.currency,
    provider: deps.provider.name,
    reason: input.reason,
    requestedBy: input.requestedBy,
    idempotencyKey: (attempt) => refundKey(payment.id, attempt),
    at: now(),
  })
  if (!refund) return null
  return sendRefund(deps, refund, payment.paymentReference)
}

/** Asks the provider for a refund written `requested` (again, after a lost answer: the same key) and applies it. */
export async function sendRefund(
  deps: PaymentDeps,
  refund: RefundRecord,
  paymentReference: string,
): Promise<RefundRecord> {
  try {
    const answer = await deps.provider.createRefund({
      paymentReference,
      amount: money(refund.amount, refund.currency as Money['currency']),
      orderId: refund.orderId,
      idempotencyKey: refund.idempotencyKey,
    })
    await applyRefundTo(deps, refund, answer)
  } catch (error) {
    if (!(error instanceof ProviderRequestError) || error.status >= 500 || error.status === 409) {
      // Not answered: still `requested`; the reconciliation asks again with the same key.
      console.warn(logLine('warn', 'payments: refund not answered yet', { refund: refund.id, error }))
    } else {
      await deps.store.payments.moveRefund(refund.id, 'failed', {
        reference: null,
        failureReason: error.code ?? 'refused',
        at: now(),
      })
      console.error(
        logLine('error', 'payments: refund refused by the provider', {
          refund: refund.id,
          provider: deps.provider.name,
          code: error.code,
          error,
        }),
      )
    }
  }
  return (await deps.store.payments.findRefund(refund.id)) ?? refund
}

async function applyRefundTo(deps: PaymentDeps, refund: RefundRecord, answer: Refund): Promise<void> {
  await deps.store.payments.moveRefund(refund.id, answer.status, {
    reference: answer.reference,
    failureReason: answer.failureReason,
    at: now(),
  })
  if (answer.status === 'failed')
    console.error(logLine('error', 'payments: refund failed', { refund: refund.id, reason: answer.failureReason }))
  await settleRefund(deps, refund.orderId)
}

/** Applies what the provider says of a refund (an event, or its answer when asked). */
export async function applyRefund(deps: PaymentDeps, answer: Refund): Promise<void> {
  const refund = await deps.store.payments.findRefundByReference(deps.provider.name, answer.reference)
  if (!refund) {
    console.warn(
      logLine('warn', 'payments: a refund not of ours', { provider: deps.provider.name, refund: answer.reference }),
    )
    return
  }
  await applyRefundTo(deps, refund, answer)
}

/** A refund that has succeeded ends the order's refund: "refunded", with the date, and its e-mail. */
export async function settleRefund(deps: PaymentDeps, orderId: string): Promise<void> {
  const refunds = await deps.store.payments.refundsOf(orderId)
  const done = refunds.find((r) => r.status === 'succeeded' && r.reason !== 'duplicate')
  if (!done) return
  await move(deps, orderId, 'refundSucceeded', 'paymentProvider', () => ({
    amountMinor: done.amount,
    currency: done.currency,
    reference: done.reference ?? '',
    on: now().slice(0, 10),
  }))
}

/** A failed refund issued again by staff: a new attempt, with a new idempotency key. */
export async function retryRefund(deps: PaymentDeps, orderId: string, staffId: string): Promise<RefundRecord | null> {
  const refunds = await deps.store.payments.refundsOf(orderId)
  const last = refunds.at(-1)
  if (last?.status !== 'failed') return null
  const payment = (await deps.store.payments.attemptsOf(orderId)).find((a) => a.id === last.paymentId)
  if (!payment?.paymentReference) return null
  const again = await deps.store.payments.requestRefund({
    orderId,
    paymentId: payment.id,
    amount: last.amount,
    currency: last.currency,
    provider: deps.provider.name,
    reason: last.reason,
    requestedBy: staffId,
    idempotencyKey: (attempt) => refundKey(payment.id, attempt),
    at: now(),
  })
  return again ? sendRefund(deps, again, payment.paymentReference) : null
}

/** Handles one verified provider event; the same event twice, or events out of order, end in the same state. */
export async function handleProviderEvent(deps: PaymentDeps, event: ProviderEvent): Promise<void> {
  const reference =
    event.kind === 'checkout' ? event.checkout.reference : event.kind === 'refund' ? event.refund.reference : null
  if (event.kind === 'checkout') await applyCheckout(deps, event.checkout)
  if (event.kind === 'refund') await applyRefund(deps, event.refund)
  await deps.store.payments.recordEvent({
    id: event.id,
    provider: deps.provider.name,
    type: event.type,
    reference,
    at: now(),
  })
}

/**
 * The scheduled reconciliation: attempts pending or processing for more than a few minutes and refunds not yet
 * confirmed are asked of the provider and its answer applied (a lost webhook leaves nothing stuck); a refund whose
 * request never reached the provider is sent again with its key; orders whose writes were cut in half are settled.
 */
export async function reconcilePayments(deps: PaymentDeps, at = new Date()): Promise<{ asked: number }> {
  const before = new Date(at.getTime() - RECONCILE_AFTER_MINUTES * 60_000).toISOString()
  let asked = 0
  for (const attempt of await deps.store.payments.unsettledSince(before)) {
    if (attempt.provider !== deps.provider.name) continue
    try {
      await applyCheckout(deps, await deps.provider.findCheckout(attempt.reference))
      asked++
    } catch (error) {
      console.warn(
        logLine('warn', 'payments: reconciliation of a checkout failed', { checkout: attempt.reference, error }),
      )
    }
  }
  for (const refund of await deps.store.payments.unsettledRefundsSince(before)) {
    if (refund.provider !== deps.provider.name) continue
    try {
      if (refund.status === 'requested' || !refund.reference) {
        const payment = (await deps.store.payments.attemptsOf(refund.orderId)).find((a) => a.id === refund.paymentId)
        if (payment?.paymentReference) await sendRefund(deps, refund, payment.paymentReference)
      } else await applyRefundTo(deps, refund, await deps.provider.findRefund(refund.reference))
      asked++
    } catch (error) {
      console.warn(logLine('warn', 'payments: reconciliation of a refund failed', { refund: refund.id, error }))
    }
  }
  for (const attempt of await deps.store.payments.succeededUnsettled()) await settleOrder(deps, attempt.orderId)
  for (const stored of await deps.store.orders.refundPendingWithoutRefund())
    await refundPayment(deps, stored.id, { reason: 'cancellation', requestedBy: null })
  return { asked }
}
