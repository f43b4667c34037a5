import type { QueuedAnalyticsEvent } from '../domain/analytics/events-schema'

/**
 * The internal analytics reporter's events in D1 (migrations 0012, 0027). Written only by the analytics queue's
 * consumer (src/worker/analytics-queue.ts), from events the edge checked for consent and validated.
 */
export function createAnalyticsStore(db: D1Database) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO analytics_events
       (event_id, received_at, source, event, label, country_code, language, channel, device_id, platform, device, depth)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
  )
  return {
    /**
     * Stores queued events in one D1 batch (one round trip, one transaction: all or none). An event whose id is
     * already stored is skipped, so a redelivered batch adds nothing.
     */
    async insert(events: readonly QueuedAnalyticsEvent[]): Promise<void> {
      if (events.length === 0) return
      await db.batch(
        events.map((e) =>
          insert.bind(
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
          ),
        ),
      )
    },
  }
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>
