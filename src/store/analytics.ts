import type { AnalyticsEvent } from '../domain/analytics/events'

export type EventSource = 'client' | 'server'

/** An event as stored: for server-side events the device id may be unknown. */
export type StoredEvent = Omit<AnalyticsEvent, 'deviceId'> & { deviceId: string | null }

/**
 * The internal analytics reporter's events in D1 (migration 0012). Written only after the caller
 * checked the visitor's analytics consent.
 */
export function createAnalyticsStore(db: D1Database) {
  return {
    /** Stores a batch in one round trip. */
    async record(events: readonly StoredEvent[], source: EventSource, receivedAt: Date): Promise<void> {
      if (events.length === 0) return
      const at = receivedAt.toISOString()
      const insert = db.prepare(
        `INSERT INTO analytics_events
           (received_at, source, event, label, country_code, language, channel, device_id, platform, device, depth)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
      )
      await db.batch(
        events.map((e) =>
          insert.bind(
            at,
            source,
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

    /** Events of one device received since a moment: the reporter's rate limit. */
    async countSince(deviceId: string, since: Date): Promise<number> {
      const row = await db
        .prepare('SELECT COUNT(*) AS n FROM analytics_events WHERE device_id = ?1 AND received_at >= ?2')
        .bind(deviceId, since.toISOString())
        .first<{ n: number }>()
      return row?.n ?? 0
    },
  }
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>
