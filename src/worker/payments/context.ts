import type { Context } from 'hono'
import { handleProviderEvent, type PaymentDeps } from '../../app/payments'
import { ProviderSignatureError } from '../../domain/payment/provider'
import { deliver, publicOrigin } from '../auth/recovery'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { paymentProviderFor } from './settings'

const made = new WeakMap<Context<AppEnv>, PaymentDeps>()

/** The payment provider and what paying needs, for this request (made on first use). */
export function paymentsFor(c: Context<AppEnv>): PaymentDeps {
  let deps = made.get(c)
  if (!deps) {
    deps = {
      store: c.get('store'),
      provider: paymentProviderFor(c.get('config'), publicOrigin(c)),
      notify: (ids) => deliver(c, ids),
    }
    made.set(c, deps)
  }
  return deps
}

/** Stripe's events are a few kilobytes; anything far larger is no event of Stripe's. */
const MAX_EVENT_BYTES = 256 * 1024

/**
 * `POST /api/payments/stripe/webhook`: the provider's events. Nothing in an event is believed before its signature is
 * verified with the endpoint's secret (and a timestamp within tolerance: a replayed old event is refused); a verified
 * event is applied idempotently and answered 200, so the provider stops sending it. A failure answers 500, and the
 * provider sends it again.
 */
export async function handleStripeWebhook(c: Context<AppEnv>): Promise<Response> {
  const headers = { 'cache-control': CachePolicy.noStore }
  if (Number(c.req.header('content-length') ?? 0) > MAX_EVENT_BYTES)
    return c.json({ error: 'payload too large' }, 413, headers)
  const payload = await c.req.text()
  if (payload.length > MAX_EVENT_BYTES) return c.json({ error: 'payload too large' }, 413, headers)
  const deps = paymentsFor(c)
  try {
    const event = await deps.provider.readEvent(payload, c.req.header('stripe-signature') ?? null)
    await handleProviderEvent(deps, event)
  } catch (error) {
    if (!(error instanceof ProviderSignatureError)) throw error
    console.warn(`[${c.get('requestId')}] payments: refused an event: ${error.message}`)
    return c.json({ error: 'signature verification failed' }, 400, headers)
  }
  return c.json({ received: true }, 200, headers)
}
