/** What the Stripe adapter is configured with, apart from the adapter itself (which loads Stripe's SDK). */

/** The API version the adapter is written against (the SDK's own); register the webhook endpoint with it. */
export const STRIPE_API_VERSION = '2026-10-28.endive'
/** How old a signed event may be before it is refused as a replay (Stripe's default tolerance, seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** `https://api.stripe.com`, or the stand-in's base (its path is put before every API path). */
  apiBase: string
  /** Addresses the customer may be sent to: Stripe's hosted checkout, or the stand-in's page. */
  checkoutPrefixes: readonly string[]
  /** How requests travel: the network for Stripe, the Worker's own loopback for the stand-in. */
  transport?: typeof fetch
}
