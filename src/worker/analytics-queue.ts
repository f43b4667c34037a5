import type { AnalyticsEvent } from '../domain/analytics/events'
import type { AnalyticsQueueMessage, QueuedAnalyticsEvent } from '../domain/analytics/events-schema'
import { logLine } from '../domain/log'

/** The queue analytics events go through (wrangler.toml); the worker's queue handler sends it to analytics-consumer.ts. */
export const ANALYTICS_QUEUE = 'p5-analytics'

/**
 * Where the queue puts a message that failed all its retries (wrangler.toml `dead_letter_queue`), kept four days. It
 * has no consumer until someone replays it (`npx wrangler queues consumer add p5-analytics-failed p5-storefront`,
 * docs/runbooks/deploy.md): then its messages are analytics batches like any other, stored once by their event ids.
 */
export const ANALYTICS_DEAD_LETTERS = 'p5-analytics-failed'

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
 * Sends the events of one request, already checked for consent and validated, to the analytics queue as one message
 * (at most MAX_EVENTS_PER_BATCH events, a few kB: far under the 128 KB a message may hold; one message per request
 * keeps the launch peak under the 5,000 messages a second one queue takes). When the queue refuses it, the events are
 * dropped with a logged warning and the answer is false: analytics never fails a page or an order, and writing them
 * straight to D1 instead would put the launch peak's thousands of writes a second on the orders' primary, the
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
  if (events.length === 0) return true
  try {
    const message: AnalyticsQueueMessage = { events: [...events] }
    await queue.send(message, { contentType: 'json' })
    return true
  } catch (cause) {
    console.warn(
      logLine('warn', 'analytics: queue unavailable, events dropped', {
        requestId,
        events: events.length,
        error: cause,
      }),
    )
    return false
  }
}
