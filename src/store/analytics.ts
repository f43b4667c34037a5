import type { QueuedAnalyticsEvent } from '../domain/analytics/events-schema'
import type { Database } from './database'

const COLUMNS = [
  'event_id',
  'received_at',
  'source',
  'event',
  'label',
  'country_code',
  'language',
  'channel',
  'device_id',
  'platform',
  'device',
  'depth',
] as const

/** An event's values, in the order of COLUMNS. */
const rowOf = (e: QueuedAnalyticsEvent) => [
  e.id,
  e.receivedAt,
  e.source,
  e.event,
  e.label,
  e.country,
  e.language,
  e.channel,
  e.deviceId,
  e.platform,
  e.device,
  e.depth ?? null,
]

/** D1 binds at most 100 parameters per statement. */
const ROWS_PER_STATEMENT = Math.floor(100 / COLUMNS.length)

/**
 * The internal analytics reporter's events in D1 (migrations 0012, 0027). Written only by the analytics queue's
 * consumer (src/worker/analytics-queue.ts), from events the edge checked for consent and validated.
 */
export function createAnalyticsStore(db: Database) {
  return {
    /**
     * Stores queued events in one D1 batch of multi-row inserts (one round trip, one transaction: all or none). An
     * event whose id is already stored is skipped, so a redelivered batch adds nothing.
     */
    async insert(events: readonly QueuedAnalyticsEvent[]): Promise<void> {
      if (events.length === 0) return
      const statements: D1PreparedStatement[] = []
      for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
        const rows = events.slice(start, start + ROWS_PER_STATEMENT)
        const placeholders = rows.map(
          (_, row) => `(${COLUMNS.map((_, column) => `?${row * COLUMNS.length + column + 1}`).join(', ')})`,
        )
        statements.push(
          db
            .prepare(`INSERT OR IGNORE INTO analytics_events (${COLUMNS.join(', ')}) VALUES ${placeholders.join(', ')}`)
            .bind(...rows.flatMap(rowOf)),
        )
      }
      await db.batch(statements)
    },
  }
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>
