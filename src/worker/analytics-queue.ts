import type { AnalyticsEvent } from '../domain/analytics/events'
import { QueuedAnalyticsEvent } from '../domain/analytics/events-schema'
import { createAnalyticsStore } from '../store/analytics'

/** The queue analytics events go through (wrangler.toml); the worker's queue handler dispatches on it. */
export const ANALYTICS_QUEUE = 'p5-analytics'

/** The most messages one `sendBatch` takes (Queues: 100 messages and 256 KB; an event is about 300 bytes). */
export const SEND_BATCH_LIMIT = 100

/** An event the edge received: from the analytics script, or seen by the server itself (device id then optional). */
export type ReceivedEvent = Omit<AnalyticsEvent, 'deviceId'> & { deviceId: string | null }

/** Gives each event its id and time of receipt: what goes on the queue. */
export function queuedEvents(
  events: readonly ReceivedEvent[],
  source: QueuedAnalyticsEvent['source'],
  receivedAt: Date,
): QueuedAnalyticsEvent[] {
  const at = receivedAt.toISOString()
  return events.map((event) => ({ ...event, id: crypto.randomUUID(), receivedAt: at, source }))
}

/**
 * Sends events, already checked for consent and validated, to the analytics queue. When the queue refuses them, they
 * are dropped with a logged warning and the answer is false: analytics never fails a page or an order, and writing
 * them straight to D1 instead would put the launch peak's thousands of writes a second on the orders' primary, the
 * overload the queue is there to prevent (docs/scale.md).
 *
 * @example
 * if (!(await enqueueEvents(c.env.ANALYTICS, queuedEvents(events, 'client', new Date()), requestId))) …
 */
export async function enqueueEvents(
  queue: Queue,
  events: readonly QueuedAnalyticsEvent[],
  requestId: string,
): Promise<boolean> {
  try {
    for (let start = 0; start < events.length; start += SEND_BATCH_LIMIT) {
      await queue.sendBatch(
        events.slice(start, start + SEND_BATCH_LIMIT).map((body) => ({ body, contentType: 'json' as const })),
      )
    }
    return true
  } catch (cause) {
    console.warn(`[${requestId}] analytics: queue unavailable, ${events.length} event(s) dropped`, cause)
    return false
  }
}

/** After this many failed single inserts in one batch, the database is the problem, not a message: stop trying. */
const SINGLE_FAILURES_BEFORE_GIVING_UP = 2

/**
 * The analytics queue's consumer: every message parsed again (one that is not an event is acknowledged and dropped,
 * with a warning: retrying cannot make it one), the events inserted in one D1 batch, then each message acknowledged.
 * If the batch fails, the events are inserted one by one, so one bad event does not hold back the others; a message
 * that still fails is retried with a growing delay (max_retries in wrangler.toml). Inserting is idempotent on the
 * event's id, so a redelivered batch stores nothing twice.
 */
export async function handleAnalyticsBatch(batch: MessageBatch<unknown>, env: Pick<Env, 'DB'>): Promise<void> {
  const parsed: { message: Message<unknown>; event: QueuedAnalyticsEvent }[] = []
  for (const message of batch.messages) {
    const result = QueuedAnalyticsEvent.safeParse(message.body)
    if (result.success) parsed.push({ message, event: result.data })
    else {
      console.warn(`analytics: message ${message.id} is not an analytics event, dropped`)
      message.ack()
    }
  }
  if (parsed.length === 0) return
  const store = createAnalyticsStore(env.DB)
  try {
    await store.insert(parsed.map((p) => p.event))
    for (const { message } of parsed) message.ack()
    return
  } catch (cause) {
    console.warn(`analytics: a batch of ${parsed.length} events was not stored; storing them one by one`, cause)
  }
  let failures = 0
  for (const { message, event } of parsed) {
    const retry = () => message.retry({ delaySeconds: Math.min(300, 10 * 2 ** message.attempts) })
    if (failures >= SINGLE_FAILURES_BEFORE_GIVING_UP) {
      retry()
      continue
    }
    try {
      await store.insert([event])
      message.ack()
    } catch (cause) {
      failures++
      console.warn(`analytics: event ${event.id} (message ${message.id}) not stored, retrying`, cause)
      retry()
    }
  }
}
