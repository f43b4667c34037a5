/**
 * The port to a payment provider: what the storefront asks of one (a hosted checkout for an amount, its state, a
 * refund, a signed event) in our own words, so that a second provider is one more adapter. Types only; the Stripe
 * adapter is `src/worker/payments/stripe.ts`.
 */
import type { Money } from '../money'
import type { PaymentMethod } from './methods'

/**
 * Where one payment attempt stands at the provider. `pending`: the hosted page is open; `processing`: the customer
 * paid with a method that confirms later; `succeeded`: the money is taken; `failed`: the delayed method failed;
 * `expired`: the page was closed or timed out without a payment.
 *
 * @example
 * const status: AttemptStatus = 'processing'
 */
export type AttemptStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'expired'

/**
 * Why a payment attempt was not completed, as the provider says it (a card declined, 3-D Secure not passed).
 *
 * @example
 * const problem: PaymentProblem = 'declined'
 */
export type PaymentProblem = 'declined' | 'authenticationFailed' | 'other'

/** A hosted checkout as the provider reports it. */
export interface Checkout {
  /** The provider's id of the checkout (Stripe: the Checkout Session, `cs_…`). */
  reference: string
  /** The hosted page to send the customer to; null once it is closed. */
  url: string | null
  status: AttemptStatus
  /** The provider's id of the payment itself (Stripe: the PaymentIntent, `pi_…`), once there is one. */
  paymentReference: string | null
  amount: Money
  /** Our order id, as we gave it to the provider. */
  orderId: string | null
  method: PaymentMethod | null
  /** The last problem of an attempt that is still open (a declined card), if the provider told one. */
  problem: PaymentProblem | null
}

/** What the storefront asks for when a customer starts paying. */
export interface CheckoutRequest {
  orderId: string
  /** The order's number, shown on the provider's page and statement. */
  orderNumber: string
  amount: Money
  method: PaymentMethod
  /** A line for the provider's page: what is paid ("Deposit for order NV-NO-…"). */
  description: string
  /** The customer's language (BCP 47). */
  locale: string
  customerEmail: string
  /** Where the provider sends the customer after paying; may carry `{CHECKOUT_SESSION_ID}`. */
  returnUrl: string
  /** Where the provider sends the customer who leaves its page. */
  cancelUrl: string
  /** One per order, amount due and attempt: a retry gives the same checkout, never a second one. */
  idempotencyKey: string
}

/**
 * Where a refund stands at the provider.
 *
 * @example
 * const status: RefundStatus = 'pending'
 */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled'

export interface Refund {
  /** The provider's id of the refund (Stripe: `re_…`). */
  reference: string
  status: RefundStatus
  amount: Money
  /** The payment it gives money back from. */
  paymentReference: string
  /** The provider's reason for a failed refund (Stripe's `failure_reason`). */
  failureReason: string | null
}

export interface RefundRequest {
  paymentReference: string
  amount: Money
  orderId: string
  /** One per refund attempt: a retry of the same attempt never refunds twice. */
  idempotencyKey: string
}

/**
 * A verified event from the provider: a checkout or a refund in its new state, or one we do not act on.
 *
 * @example
 * const event: ProviderEvent = { id: 'evt_1', type: 'checkout.session.completed', kind: 'checkout', checkout }
 */
export type ProviderEvent =
  | { id: string; type: string; kind: 'checkout'; checkout: Checkout }
  | { id: string; type: string; kind: 'refund'; refund: Refund }
  | { id: string; type: string; kind: 'other' }

/** The event's signature is missing, wrong, or too old (a replay): nothing in it is believed. */
export class ProviderSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProviderSignatureError'
  }
}

/** The provider refused a request (a bad parameter, an idempotency key reused with other parameters, …). */
export class ProviderRequestError extends Error {
  /** The provider's HTTP status and error code, for the log; never shown to a customer as they are. */
  readonly status: number
  readonly code: string | null
  constructor(message: string, status: number, code: string | null) {
    super(message)
    this.name = 'ProviderRequestError'
    this.status = status
    this.code = code
  }
}

/** What the storefront needs of a payment provider. */
export interface PaymentProvider {
  /** The provider's name, stored with every payment (`stripe`). */
  readonly name: string
  /** Whether a hosted page address is the provider's (where the customer may be sent). */
  isCheckoutUrl(url: string): boolean
  createCheckout(request: CheckoutRequest): Promise<Checkout>
  findCheckout(reference: string): Promise<Checkout>
  /** Closes an open checkout so it can no longer be paid; answers its state (a paid one stays paid). */
  closeCheckout(reference: string): Promise<Checkout>
  createRefund(request: RefundRequest): Promise<Refund>
  findRefund(reference: string): Promise<Refund>
  /** Verifies an event's signature and reads it; throws ProviderSignatureError. */
  readEvent(payload: string, signature: string | null): Promise<ProviderEvent>
}
