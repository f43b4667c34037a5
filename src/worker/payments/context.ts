import type { Context } from 'hono'
import { handleProviderEvent, type PaymentDeps } from '../../app/payments'
import { logLine } from '../../domain/log'
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

/**
 * `POST /api/payments/stripe/webhook`: the provider's events. Nothing in an event is believed before its signature is
 * verified with the endpoint's secret (and a timestamp within tolerance: a replayed old event is refused); a verified
 * event is applied idempotently and answered 200, so the provider stops sending it. A failure answers 500, and the
 * provider sends it again.
 */
export async function handleStripeWebhook(c: Context<AppEnv>): Promise<Response> {
  const headers = { 'cache-control': CachePolicy.noStore }
  // Stripe's events are a few kilobytes: the Worker's 64 KB limit on every body (limitBodies) is far above them.
  const payload = await c.req.text()
  const deps = paymentsFor(c)
  try {
    const event = await deps.provider.readEvent(payload, c.req.header('stripe-signature') ?? null)
    await handleProviderEvent(deps, event)
  } catch (error) {
    if (!(error instanceof ProviderSignatureError)) throw error
    console.warn(
      logLine('warn', 'payments: refused an event', { requestId: c.get('requestId'), reason: error.message }),
    )
    return c.json({ error: 'signature verification failed' }, 400, headers)
  }
  return c.json({ received: true }, 200, headers)
}
