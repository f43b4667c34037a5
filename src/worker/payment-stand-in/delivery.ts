/**
 * The stand-in's webhook deliveries: each queued event POSTed, signed with Stripe's scheme, to the storefront's
 * endpoint through the Worker's own loopback (as Stripe would over the internet), retried with backoff until a 2xx.
 * The switch on the stand-in's page holds them (they wait) or drops them (a lost webhook, for the reconciliation).
 */
import { exports } from 'cloudflare:workers'
import type { Context } from 'hono'
import type { StandInStore } from '../../store/payment-stand-in'
import { STAND_IN, WEBHOOK_PATH } from '../payments/settings'
import type { AppEnv } from '../types'
import { applyDueSettlements, currentRefund } from './model'
import { signatureHeader } from './signature'

export type WebhookMode = 'deliver' | 'hold' | 'drop'

export async function webhookMode(store: StandInStore): Promise<WebhookMode> {
  const mode = await store.setting('webhooks')
  return mode === 'hold' || mode === 'drop' ? mode : 'deliver'
}

/** Backoff between attempts of one event: 5 s, 10 s, 20 s … up to an hour (Stripe retries for three days). */
const retryDelay = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** attempts)

/**
 * Delivers the events due by `now` (all waiting events when `force`), in the order they happened. Answers how many
 * were delivered.
 */
export async function deliverDueEvents(
  store: StandInStore,
  endpoint: string,
  now = Date.now(),
  force = false,
): Promise<number> {
  const mode = await webhookMode(store)
  if (mode === 'hold' && !force) return 0
  let delivered = 0
  for (const event of await store.dueEvents(force ? Number.MAX_SAFE_INTEGER : now)) {
    if (!(await store.takeEvent(event.id, event.attempts, now + retryDelay(event.attempts)))) continue
    const body = JSON.parse(event.body) as { created: number; data: { object: { id: string; object: string } } }
    const at = force ? Math.max(now, body.created * 1000 + 60 * 60_000) : now
    // The object as it stands when the event goes out (a refund settled, a debit cleared).
    if (body.data.object.object === 'refund') await currentRefund(store, body.data.object.id, at)
    if (event.type.startsWith('checkout.session.async_')) {
      const intent = (body.data.object as { payment_intent?: string }).payment_intent
      if (intent) await applyDueSettlements(store, intent, at)
    }
    if (mode === 'drop' && !force) {
      await store.eventDelivered(event.id, 0, now)
      continue
    }
    const status = await post(endpoint, event.body, now)
    if (status >= 200 && status < 300) {
      await store.eventDelivered(event.id, status, now)
      delivered++
    } else await store.eventFailed(event.id, status)
  }
  return delivered
}

/**
 * Under `npm start` the stand-in sends an event that waits for its time (a refund settling, a debit clearing) by
 * itself once it is due, as Stripe does, within the 30 s a Worker may go on after answering; a later one waits for the
 * cron or the "deliver now" button on /dev/stripe. The tests send waiting events when they choose.
 */
export function deliverWhenDue(c: Context<AppEnv>, store: StandInStore, seconds: number): void {
  if (c.get('config').ENVIRONMENT !== 'development' || seconds > 25) return
  const endpoint = `${c.get('config').OFFICIAL_URL}${WEBHOOK_PATH}`
  const due = new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 250))
  c.executionCtx.waitUntil(due.then(() => deliverDueEvents(store, endpoint)))
}

async function post(endpoint: string, payload: string, now: number): Promise<number> {
  const signature = await signatureHeader(payload, STAND_IN.webhookSecret, Math.floor(now / 1000))
  try {
    const res = await exports.default.fetch(
      new Request(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      }),
    )
    await res.arrayBuffer()
    return res.status
  } catch {
    return 0
  }
}
