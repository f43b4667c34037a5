/**
 * The stand-in's objects, in Stripe's shapes (the fields the adapter and a reader of the events use), and what they
 * do: a Checkout Session paid on the stand-in's page becomes a PaymentIntent with a charge; a refund settles after a
 * moment; every change queues the event Stripe would send. No card number, security code or expiry is kept.
 */

import { PAYMENT_DATA, type PaymentMethod } from '../../domain/payment/methods'
import type { StandInStore } from '../../store/payment-stand-in'
import { randomToken } from '../auth/crypto'
import { STRIPE_API_VERSION } from '../payments/stripe-settings'
import { type FormValue, list, record, text } from './form'

export interface SessionObject {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  currency: string
  cancel_url: string | null
  client_reference_id: string | null
  created: number
  customer_email: string | null
  expires_at: number
  livemode: false
  locale: string | null
  metadata: Record<string, string>
  mode: 'payment'
  payment_intent: string | null
  allowed_payment_method_types: string[]
  payment_method_types: string[]
  payment_status: 'paid' | 'unpaid'
  status: 'open' | 'complete' | 'expired'
  success_url: string
  url: string | null
  /** What the customer pays for, from the line item (shown on the hosted page). */
  line_items_name: string
}

export interface IntentObject {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  created: number
  description: string | null
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null
  latest_charge: string | null
  livemode: false
  metadata: Record<string, string>
  payment_method_types: string[]
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled'
  /** Brand and last four digits of the card (what Stripe shows too); never the number. */
  payment_method_details: { type: string; card?: { brand: string; last4: string }; sepa_debit?: { last4: string } }
}

export interface RefundObject {
  id: string
  object: 'refund'
  amount: number
  charge: string | null
  created: number
  currency: string
  failure_reason: string | null
  metadata: Record<string, string>
  payment_intent: string
  status: 'pending' | 'succeeded' | 'failed' | 'canceled'
}

/** A Stripe API error: its status and body. */
export interface ApiError {
  status: number
  body: { error: { type: string; code?: string; param?: string; message: string } }
}

export const apiError = (
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
) => ({ status, body: { error: { type, message, ...extra } } }) satisfies ApiError

const id = (prefix: string) => `${prefix}_test_${randomToken(18).replace(/[-_]/g, 'x')}`
export const seconds = (now: number) => Math.floor(now / 1000)

/** How long after a refund is asked for its outcome is sent (Stripe settles card refunds in test mode at once). */
export const REFUND_SETTLES_AFTER_SECONDS = 2

/** Queues the event Stripe would send about an object, to be delivered after `afterSeconds`. */
export async function queueEvent(store: StandInStore, type: string, object: unknown, now: number, afterSeconds = 0) {
  const event = {
    id: id('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: seconds(now),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
  await store.queueEvent(event.id, type, event, now, now + afterSeconds * 1000)
}

/** POST /v1/checkout/sessions: validates as Stripe does (the parameters the adapter sends) and opens the page. */
export async function createSession(
  store: StandInStore,
  params: Record<string, FormValue>,
  pageBase: string,
  now: number,
): Promise<SessionObject | ApiError> {
  if (text(params.mode) !== 'payment')
    return apiError(400, 'invalid_request_error', 'Missing required param: mode.', {
      code: 'parameter_missing',
      param: 'mode',
    })
  const successUrl = text(params.success_url)
  if (!successUrl || !/^https?:\/\//.test(successUrl))
    return apiError(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param: 'success_url' })
  const [item] = list(params.line_items) as Record<string, FormValue>[]
  const price = (item?.price_data ?? {}) as Record<string, FormValue>
  const currency = text(price.currency)
  const unitAmount = Number(text(price.unit_amount))
  const quantity = Number(text(item?.quantity) ?? '1')
  if (!currency || !Number.isSafeInteger(unitAmount) || unitAmount < 1 || !Number.isSafeInteger(quantity))
    return apiError(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][unit_amount].', {
      code: 'parameter_missing',
      param: 'line_items[0][price_data][unit_amount]',
    })
  const methods = list(params.allowed_payment_method_types).map(String)
  const offered = methods.length > 0 ? methods : ['card']
  for (const method of offered) {
    const facts = PAYMENT_DATA.methods[method as PaymentMethod]
    if (!facts)
      return apiError(400, 'invalid_request_error', `Invalid allowed_payment_method_types[0]: must be one of card, …`, {
        code: 'parameter_invalid_string',
        param: 'allowed_payment_method_types',
      })
    if (!(facts.currencies as string[]).includes(currency.toUpperCase()))
      return apiError(
        400,
        'invalid_request_error',
        `The payment method type \`${method}\` does not support the currency \`${currency}\`.`,
        { code: 'payment_method_unsupported_currency', param: 'allowed_payment_method_types' },
      )
  }
  if (currency === 'isk' && unitAmount % 100 !== 0)
    return apiError(400, 'invalid_request_error', 'ISK amounts must be divisible by 100.', {
      code: 'amount_invalid',
      param: 'line_items[0][price_data][unit_amount]',
    })
  const sessionId = `cs_test_${randomToken(24).replace(/[-_]/g, 'x')}`
  const session: SessionObject = {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
    currency,
    cancel_url: text(params.cancel_url) ?? null,
    client_reference_id: text(params.client_reference_id) ?? null,
    created: seconds(now),
    customer_email: text(params.customer_email) ?? null,
    expires_at: seconds(now) + 24 * 3600,
    livemode: false,
    locale: text(params.locale) ?? null,
    metadata: record(params.metadata),
    mode: 'payment',
    payment_intent: null,
    allowed_payment_method_types: offered,
    payment_method_types: offered,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: `${pageBase}/checkout/${sessionId}`,
    line_items_name: text((price.product_data as Record<string, FormValue> | undefined)?.name) ?? '',
  }
  await store.putObject(session.id, 'checkout.session', session, now)
  return session
}

/** The session as the API shows it (without the stand-in's own field), its PaymentIntent expanded when asked. */
export async function sessionView(store: StandInStore, session: SessionObject, expand: string[]) {
  const { line_items_name: _name, ...shown } = session
  if (!expand.includes('payment_intent') || !session.payment_intent) return shown
  return { ...shown, payment_intent: await store.object<IntentObject>(session.payment_intent) }
}

/** A session that passed its expiry time is expired, as Stripe expires it (with its event). */
export async function current(store: StandInStore, session: SessionObject, now: number): Promise<SessionObject> {
  if (session.status !== 'open' || session.expires_at > seconds(now)) return session
  return (await closeSession(store, session, now)) ?? ((await store.object<SessionObject>(session.id)) as SessionObject)
}

/** Expires an open session (once, whoever asks first); null when it was not open any more. */
export async function closeSession(store: StandInStore, session: SessionObject, now: number) {
  if (session.status !== 'open') return null
  const expired: SessionObject = { ...session, status: 'expired', url: null }
  if (!(await store.replaceObject(session.id, session, expired))) return null
  await queueEvent(store, 'checkout.session.expired', await sessionView(store, expired, []), now)
  return expired
}

/** What paying on the hosted page came to. */
export type PayResult =
  | { kind: 'completed'; session: SessionObject }
  | { kind: 'failed'; message: string }
  | { kind: 'notOpen'; session: SessionObject }

/**
 * Takes the payment of an open session with a method's outcome: succeeded now, processing (a debit that settles
 * later, with its later event), or a failed attempt that leaves the page open (a declined card). The session is
 * completed once, by compare-and-set, whatever number of parallel submissions.
 */
export async function paySession(
  store: StandInStore,
  session: SessionObject,
  outcome:
    | { kind: 'succeeded'; details: IntentObject['payment_method_details'] }
    | {
        kind: 'processing'
        settlesAs: 'succeeded' | 'failed'
        afterSeconds: number
        details: IntentObject['payment_method_details']
      }
    | {
        kind: 'failed'
        code: string
        declineCode?: string
        message: string
        details: IntentObject['payment_method_details']
      },
  now: number,
): Promise<PayResult> {
  if (session.status !== 'open') return { kind: 'notOpen', session }
  const intentId = session.payment_intent ?? id('pi')
  const method = outcome.details.type
  const intent: IntentObject = {
    id: intentId,
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: outcome.kind === 'succeeded' ? session.amount_total : 0,
    currency: session.currency,
    created: seconds(now),
    description: session.line_items_name,
    last_payment_error:
      outcome.kind === 'failed'
        ? {
            code: outcome.code,
            ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
            message: outcome.message,
            type: 'card_error',
          }
        : null,
    latest_charge: outcome.kind === 'failed' ? null : id('ch'),
    livemode: false,
    metadata: { order_id: session.metadata.order_id ?? '', order_number: session.metadata.order_number ?? '' },
    payment_method_types: [method],
    status:
      outcome.kind === 'succeeded'
        ? 'succeeded'
        : outcome.kind === 'processing'
          ? 'processing'
          : 'requires_payment_method',
    payment_method_details: outcome.details,
  }
  if (outcome.kind === 'failed') {
    // The page stays open for another try; the attempt is on the session's PaymentIntent, as with Stripe.
    const tried: SessionObject = { ...session, payment_intent: intentId }
    if (!session.payment_intent && !(await store.replaceObject(session.id, session, tried)))
      return { kind: 'failed', message: outcome.message }
    await store.putObject(intentId, 'payment_intent', intent, now)
    await queueEvent(store, 'payment_intent.payment_failed', intent, now)
    return { kind: 'failed', message: outcome.message }
  }
  const completed: SessionObject = {
    ...session,
    status: 'complete',
    payment_intent: intentId,
    payment_status: outcome.kind === 'succeeded' ? 'paid' : 'unpaid',
    url: null,
  }
  if (!(await store.replaceObject(session.id, session, completed))) {
    const latest = (await store.object<SessionObject>(session.id)) ?? session
    return { kind: 'notOpen', session: latest }
  }
  await store.putObject(intentId, 'payment_intent', intent, now)
  const shown = await sessionView(store, completed, [])
  await queueEvent(store, 'checkout.session.completed', shown, now)
  if (outcome.kind === 'succeeded') await queueEvent(store, 'payment_intent.succeeded', intent, now)
  else {
    await queueEvent(store, 'payment_intent.processing', intent, now)
    const settled: IntentObject = {
      ...intent,
      status: outcome.settlesAs === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      amount_received: outcome.settlesAs === 'succeeded' ? intent.amount : 0,
    }
    await settleLater(store, completed, settled, outcome.settlesAs, now, outcome.afterSeconds)
  }
  return { kind: 'completed', session: completed }
}

/**
 * A debit's later outcome: the PaymentIntent is written settled when its event is queued (the event is what the
 * storefront waits for; a retrieve before it shows the stand-in's future, which the delay below keeps short).
 */
async function settleLater(
  store: StandInStore,
  session: SessionObject,
  intent: IntentObject,
  outcome: 'succeeded' | 'failed',
  now: number,
  afterSeconds: number,
) {
  const later = now + afterSeconds * 1000
  await store.putObject(`${intent.id}#settled`, 'settlement', { intent, outcome, at: later }, now)
  const settledSession = { ...session, payment_status: outcome === 'succeeded' ? 'paid' : 'unpaid' }
  const type =
    outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed'
  await queueEvent(store, type, await sessionView(store, settledSession as SessionObject, []), now, afterSeconds)
}

/** Applies settlements that are due by `now` (a debit that succeeded or failed in the meantime). */
export async function applyDueSettlements(store: StandInStore, intentId: string, now: number) {
  const settlement = await store.object<{ intent: IntentObject; outcome: string; at: number }>(`${intentId}#settled`)
  if (!settlement || settlement.at > now) return
  const stored = await store.object<IntentObject>(intentId)
  if (stored?.status === 'processing') await store.putObject(intentId, 'payment_intent', settlement.intent, now)
  if (settlement.outcome === 'succeeded') {
    const sessionId = (await store.objects<SessionObject>('checkout.session', 200)).find(
      (s) => s.payment_intent === intentId,
    )?.id
    const session = sessionId ? await store.object<SessionObject>(sessionId) : null
    if (session && session.payment_status !== 'paid')
      await store.putObject(session.id, 'checkout.session', { ...session, payment_status: 'paid' }, now)
  }
}

/** POST /v1/refunds: a refund of a succeeded PaymentIntent, pending at first, settled a moment later. */
export async function createRefund(
  store: StandInStore,
  params: Record<string, FormValue>,
  now: number,
): Promise<RefundObject | ApiError> {
  const intentId = text(params.payment_intent)
  if (!intentId)
    return apiError(400, 'invalid_request_error', 'Missing required param: payment_intent.', {
      code: 'parameter_missing',
      param: 'payment_intent',
    })
  await applyDueSettlements(store, intentId, now)
  const intent = await store.object<IntentObject>(intentId)
  if (!intent)
    return apiError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, {
      code: 'resource_missing',
      param: 'payment_intent',
    })
  if (intent.status !== 'succeeded')
    return apiError(
      400,
      'invalid_request_error',
      `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      {
        code: 'charge_not_refundable',
      },
    )
  const earlier = (await store.objects<RefundObject>('refund', 500)).filter(
    (r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled',
  )
  const refunded = earlier.reduce((sum, r) => sum + r.amount, 0)
  const amount = text(params.amount) === undefined ? intent.amount - refunded : Number(text(params.amount))
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > intent.amount - refunded)
    return apiError(
      400,
      'invalid_request_error',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
      { code: 'amount_too_large', param: 'amount' },
    )
  const refund: RefundObject = {
    id: id('re'),
    object: 'refund',
    amount,
    charge: intent.latest_charge,
    created: seconds(now),
    currency: intent.currency,
    failure_reason: null,
    metadata: record(params.metadata),
    payment_intent: intentId,
    status: 'pending',
  }
  await store.putObject(refund.id, 'refund', refund, now)
  await queueEvent(store, 'refund.created', refund, now)
  const fails = intent.payment_method_details.card?.last4 === '5126'
  const settled: RefundObject = fails
    ? { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' }
    : { ...refund, status: 'succeeded' }
  await store.putObject(
    `${refund.id}#settled`,
    'settlement',
    { refund: settled, at: now + REFUND_SETTLES_AFTER_SECONDS * 1000 },
    now,
  )
  await queueEvent(store, fails ? 'refund.failed' : 'refund.updated', settled, now, REFUND_SETTLES_AFTER_SECONDS)
  return refund
}

/** A refund as it stands at `now` (its settlement applied once due). */
export async function currentRefund(store: StandInStore, refundId: string, now: number): Promise<RefundObject | null> {
  const refund = await store.object<RefundObject>(refundId)
  if (refund?.status !== 'pending') return refund
  const settlement = await store.object<{ refund: RefundObject; at: number }>(`${refundId}#settled`)
  if (!settlement || settlement.at > now) return refund
  await store.putObject(refundId, 'refund', settlement.refund, now)
  return settlement.refund
}
