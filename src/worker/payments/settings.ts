/**
 * Which payment provider a request talks to: Stripe with the Worker secrets in production (required there, like
 * APP_SECRET), the local stand-in everywhere else unless a Stripe test key is set. The adapter is the same; only the
 * base URL, the keys and the transport differ (docs/decisions/0032-payment-provider.md).
 */
import { exports } from 'cloudflare:workers'
import type { PaymentProvider } from '../../domain/payment/provider'
import type { AppConfig } from '../env'
import type { StripeSettings } from './stripe-settings'

/** Where the stand-in is mounted on the Worker, outside production only. */
export const STAND_IN_PATH = '/dev/stripe'
/** The storefront's webhook endpoint; register `<OFFICIAL_URL>/api/payments/stripe/webhook` with Stripe. */
export const WEBHOOK_PATH = '/api/payments/stripe/webhook'

/** The stand-in's keys: public, development-only values that no Stripe account has. */
export const STAND_IN = {
  secretKey: 'sk_test_stand_in_nordvolt_development_only',
  webhookSecret: 'whsec_stand_in_nordvolt_development_only',
} as const

/** Stripe's hosted Checkout pages (the only addresses a customer is sent to in production). */
const STRIPE_CHECKOUT = 'https://checkout.stripe.com/'

/**
 * The Stripe adapter, with Stripe's SDK loaded on its first call in an isolate rather than at start: most requests
 * never pay, and the SDK would be a tenth of the Worker's main module.
 */
function stripeProvider(settings: StripeSettings): PaymentProvider {
  let adapter: Promise<PaymentProvider> | undefined
  const load = () => {
    adapter ??= import('./stripe').then((module) => module.stripeProvider(settings))
    return adapter
  }
  return {
    name: 'stripe',
    isCheckoutUrl: (url) => settings.checkoutPrefixes.some((prefix) => url.startsWith(prefix)),
    createCheckout: async (request) => (await load()).createCheckout(request),
    findCheckout: async (reference) => (await load()).findCheckout(reference),
    closeCheckout: async (reference) => (await load()).closeCheckout(reference),
    createRefund: async (request) => (await load()).createRefund(request),
    findRefund: async (reference) => (await load()).findRefund(reference),
    readEvent: async (payload, signature) => (await load()).readEvent(payload, signature),
  }
}

/**
 * The payment provider for a request. `origin` is the storefront's public origin (OFFICIAL_URL), where the stand-in
 * answers outside production.
 */
export function paymentProviderFor(config: AppConfig, origin: string): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)
    return stripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: (config.ENVIRONMENT === 'production' ? undefined : config.STRIPE_API_URL) ?? 'https://api.stripe.com',
      checkoutPrefixes: [STRIPE_CHECKOUT],
    })
  if (config.ENVIRONMENT === 'production') throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required')
  const base = `${origin}${STAND_IN_PATH}`
  return stripeProvider({
    ...STAND_IN,
    apiBase: base,
    checkoutPrefixes: [`${base}/checkout/`],
    // Inside workerd a Worker reaches itself through its loopback binding (ctx.exports), under wrangler dev and in
    // the vitest pool alike; the tests' origin is no server at all.
    transport: (input, init) => exports.default.fetch(new Request(input, init)),
  })
}
