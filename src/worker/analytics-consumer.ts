import { AnalyticsQueueMessage, type QueuedAnalyticsEvent } from '../domain/analytics/events-schema'
import { logLine } from '../domain/log'
import { createAnalyticsStore } from '../store/analytics'

/** After this many messages failed on their own in one batch, the database is the problem, not a message: stop trying. */
const SINGLE_FAILURES_BEFORE_GIVING_UP = 2

/**
 * The analytics queue's consumer: every message parsed again (one that is not a message of events is acknowledged
 * and dropped, with a warning: retrying cannot make it one), the events of the whole batch (at most 100 messages of at
 * most 20 events: 250 statements of 8 rows, under D1's 1,000 queries per invocation) inserted in one D1 batch, then
 * each message acknowledged. If the batch fails, each message's events are inserted on their own, so one bad message
 * does not hold back the others; a message that still fails is retried with a growing delay (max_retries in
 * wrangler.toml). Inserting is idempotent on the events' ids, so a redelivered message stores nothing twice.
 */
export async function handleAnalyticsBatch(batch: MessageBatch<unknown>, env: Pick<Env, 'DB'>): Promise<void> {
  const parsed: { message: Message<unknown>; events: QueuedAnalyticsEvent[] }[] = []
  for (const message of batch.messages) {
    const result = AnalyticsQueueMessage.safeParse(message.body)
    if (result.success) parsed.push({ message, events: result.data.events })
    else {
      console.warn(logLine('warn', 'analytics: message dropped: not events', { messageId: message.id }))
      message.ack()
    }
  }
  if (parsed.length === 0) return
  const store = createAnalyticsStore(env.DB)
  try {
    await store.insert(parsed.flatMap((p) => p.events))
    for (const { message } of parsed) message.ack()
    return
  } catch (cause) {
    console.warn(
      logLine('warn', 'analytics: batch not stored, trying one by one', { events: parsed.length, error: cause }),
    )
  }
  let failures = 0
  for (const { message, events } of parsed) {
    const retry = () => message.retry({ delaySeconds: Math.min(300, 10 * 2 ** message.attempts) })
    if (failures >= SINGLE_FAILURES_BEFORE_GIVING_UP) {
      retry()
      continue
    }
    try {
      await store.insert(events)
      message.ack()
    } catch (cause) {
      failures++
      console.warn(logLine('warn', 'analytics: message not stored, retrying', { messageId: message.id, error: cause }))
      retry()
    }
  }
}
