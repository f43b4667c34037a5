/**
 * The Stripe adapter of the payment port (src/domain/payment/provider.ts), on Stripe's official SDK as it runs on
 * Workers: its fetch HTTP client and Web Crypto. Checkout Sessions are the hosted page; the Checkout Session's
 * PaymentIntent is the payment; refunds are Refunds; events are verified with the SDK's `constructEventAsync`.
 * The same code talks to Stripe and to the local stand-in: only the base URL, the keys and the transport differ.
 */
import Stripe from 'stripe'
import type { CurrencyCode, Money } from '../../domain/money'
import { PAYMENT_DATA, PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment/methods'
import {
  type AttemptStatus,
  type Checkout,
  type CheckoutRequest,
  type PaymentProblem,
  type PaymentProvider,
  type ProviderEvent,
  ProviderRequestError,
  ProviderSignatureError,
  type Refund,
  type RefundRequest,
} from '../../domain/payment/provider'

import { SIGNATURE_TOLERANCE_SECONDS, STRIPE_API_VERSION, type StripeSettings } from './stripe-settings'

/** Stripe's Checkout locales among ours (Icelandic is not one: Checkout then follows the browser). */
const CHECKOUT_LOCALES = new Set(['nb', 'sv', 'da', 'nl', 'de', 'fr', 'th', 'en'])

function checkoutLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  const language = locale.split('-')[0] ?? 'en'
  return (CHECKOUT_LOCALES.has(language) ? language : 'auto') as Stripe.Checkout.SessionCreateParams.Locale
}

/**
 * Stripe's amount of our money: ISK is a zero-decimal currency for us but two-decimal in Stripe's API (amounts in
 * hundredths, divisible by 100).
 *
 * @example
 * stripeAmount({ amount: 500000, currency: 'ISK' }) // 50000000
 */
export function stripeAmount(value: Money): number {
  return value.currency === 'ISK' ? value.amount * 100 : value.amount
}

function ourMoney(amount: number | null | undefined, currency: string | null | undefined): Money {
  const code = (currency ?? 'eur').toUpperCase() as CurrencyCode
  const whole = amount ?? 0
  return { amount: code === 'ISK' ? Math.round(whole / 100) : whole, currency: code }
}

const isMethod = (value: unknown): value is PaymentMethod =>
  typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value)

function problemOf(intent: Stripe.PaymentIntent | null): PaymentProblem | null {
  const error = intent?.last_payment_error
  if (!error) return null
  if (error.code === 'payment_intent_authentication_failure') return 'authenticationFailed'
  return error.code === 'card_declined' ? 'declined' : 'other'
}

function attemptStatus(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): AttemptStatus {
  if (session.status === 'expired') return 'expired'
  if (session.status !== 'complete') return 'pending'
  if (session.payment_status === 'paid' || intent?.status === 'succeeded') return 'succeeded'
  if (intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return 'failed'
  return 'processing'
}

/** Our view of a Checkout Session (its PaymentIntent expanded where it was asked for). */
export function checkoutOf(session: Stripe.Checkout.Session, status?: AttemptStatus): Checkout {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
  const method =
    session.metadata?.method ?? session.allowed_payment_method_types?.[0] ?? session.payment_method_types?.[0]
  return {
    reference: session.id,
    url: session.url ?? null,
    status: status ?? attemptStatus(session, intent),
    paymentReference: typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? null),
    amount: ourMoney(session.amount_total, session.currency),
    orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
    method: isMethod(method) ? method : null,
    problem: problemOf(intent),
  }
}

function refundOf(refund: Stripe.Refund): Refund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled'
  return {
    reference: refund.id,
    status: status ? (refund.status as Refund['status']) : 'pending',
    amount: ourMoney(refund.amount, refund.currency),
    paymentReference:
      typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? ''),
    failureReason: refund.failure_reason ?? null,
  }
}

/** The provider's refusal, in the port's words (the log gets its status and code, never a customer). */
function refused(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ?? (error.rawType as string | undefined) ?? error.type
    throw new ProviderRequestError(error.message, error.statusCode ?? 500, code ?? null)
  }
  throw error
}

const CHECKOUT_EVENTS: Record<string, AttemptStatus | null> = {
  'checkout.session.completed': null,
  'checkout.session.async_payment_succeeded': 'succeeded',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
}
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'])

/** Stripe's SDK client for the settings' base URL, keys and transport. */
function stripeClient(settings: StripeSettings): Stripe {
  const base = new URL(settings.apiBase)
  const basePath = base.pathname.replace(/\/$/, '')
  const transport = settings.transport ?? ((input, init) => fetch(input, init))
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    httpClient: Stripe.createFetchHttpClient((input, init) => {
      const url = new URL(String(input))
      if (basePath) url.pathname = `${basePath}${url.pathname}`
      return transport(url.toString(), init)
    }),
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    // A lost answer or a parallel request with the same key (409) is asked again, with the same idempotency key.
    maxNetworkRetries: 3,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'nordvolt-storefront' },
  })
}

/** The Checkout Session that takes a checkout request's payment: one line, the chosen method, our order's ids. */
function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const currency = request.amount.currency.toLowerCase()
  return {
    mode: 'payment',
    client_reference_id: request.orderId,
    customer_email: request.customerEmail,
    locale: checkoutLocale(request.locale),
    // The customer chose the method on our payment step: the session offers that one (the current API's filter
    // on the methods the account has on; `payment_method_types` is gone from session creation).
    allowed_payment_method_types: [request.method],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency,
          unit_amount: stripeAmount(request.amount),
          product_data: { name: request.description },
        },
      },
    ],
    metadata: { order_id: request.orderId, order_number: request.orderNumber, method: request.method },
    payment_intent_data: {
      description: request.description,
      metadata: { order_id: request.orderId, order_number: request.orderNumber },
    },
    success_url: request.returnUrl,
    cancel_url: request.cancelUrl,
  }
}

/** The webhook event the payload is, once its signature is verified against the secret. */
async function verifiedEvent(
  stripe: Stripe,
  webhookSecret: string,
  cryptoProvider: Stripe.CryptoProvider,
  payload: string,
  signature: string | null,
): Promise<Stripe.Event> {
  try {
    return await stripe.webhooks.constructEventAsync(
      payload,
      signature ?? '',
      webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      cryptoProvider,
    )
  } catch (error) {
    throw new ProviderSignatureError(error instanceof Error ? error.message : 'unverifiable event')
  }
}

/** Our view of a verified Stripe event: a checkout's, a refund's or another one. */
function eventOf(event: Stripe.Event): ProviderEvent {
  if (event.type in CHECKOUT_EVENTS) {
    const session = event.data.object as Stripe.Checkout.Session
    return {
      id: event.id,
      type: event.type,
      kind: 'checkout',
      checkout: checkoutOf(session, CHECKOUT_EVENTS[event.type] ?? undefined),
    }
  }
  if (REFUND_EVENTS.has(event.type))
    return { id: event.id, type: event.type, kind: 'refund', refund: refundOf(event.data.object as Stripe.Refund) }
  return { id: event.id, type: event.type, kind: 'other' }
}

/** The payment port on Stripe (src/worker/payments/settings.ts loads this module, and the SDK, on first use). */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings)
  const cryptoProvider = Stripe.createSubtleCryptoProvider()

  const sessionWithIntent = async (reference: string) =>
    checkoutOf(await stripe.checkout.sessions.retrieve(reference, { expand: ['payment_intent'] }))

  return {
    name: 'stripe',

    isCheckoutUrl: (url) => settings.checkoutPrefixes.some((prefix) => url.startsWith(prefix)),

    async createCheckout(request: CheckoutRequest) {
      const preview = PAYMENT_DATA.methods[request.method].preview
      try {
        const session = await stripe.checkout.sessions.create(checkoutSessionParams(request), {
          idempotencyKey: request.idempotencyKey,
          ...(preview ? { apiVersion: `${STRIPE_API_VERSION}; ${preview}` } : {}),
        })
        return checkoutOf(session)
      } catch (error) {
        refused(error)
      }
    },

    async findCheckout(reference) {
      try {
        return await sessionWithIntent(reference)
      } catch (error) {
        refused(error)
      }
    },

    async closeCheckout(reference) {
      try {
        await stripe.checkout.sessions.expire(reference)
      } catch (error) {
        // Only an open session can be expired: one that is complete (paid, or processing) is answered as it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) refused(error)
      }
      return this.findCheckout(reference)
    },

    async createRefund(request: RefundRequest) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentReference,
            amount: stripeAmount(request.amount),
            metadata: { order_id: request.orderId },
          },
          { idempotencyKey: request.idempotencyKey },
        )
        return refundOf(refund)
      } catch (error) {
        refused(error)
      }
    },

    async findRefund(reference) {
      try {
        return refundOf(await stripe.refunds.retrieve(reference))
      } catch (error) {
        refused(error)
      }
    },

    async readEvent(payload, signature): Promise<ProviderEvent> {
      return eventOf(await verifiedEvent(stripe, settings.webhookSecret, cryptoProvider, payload, signature))
    },
  }
}
