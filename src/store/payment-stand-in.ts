/**
 * What the local payment stand-in keeps (development and tests only, src/worker/payment-stand-in): the provider's
 * objects as JSON, the idempotency keys it has seen, the events it sends and its switches.
 */

export interface StandInEvent {
  id: string
  type: string
  body: string
  attempts: number
}

export function createStandInStore(db: D1Database) {
  return {
    async object<T>(id: string): Promise<T | null> {
      const row = await db.prepare('SELECT body FROM stand_in_objects WHERE id = ?1').bind(id).first<{ body: string }>()
      return row ? (JSON.parse(row.body) as T) : null
    },

    async putObject(id: string, kind: string, body: unknown, created: number): Promise<void> {
      await db
        .prepare(
          `INSERT INTO stand_in_objects (id, kind, body, created) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
        )
        .bind(id, kind, JSON.stringify(body), created)
        .run()
    },

    /**
     * Replaces an object only if it is still as `before` (its JSON): the stand-in's compare-and-set, so two parallel
     * payments of one checkout complete it once.
     */
    async replaceObject(id: string, before: unknown, after: unknown): Promise<boolean> {
      const result = await db
        .prepare('UPDATE stand_in_objects SET body = ?3 WHERE id = ?1 AND body = ?2')
        .bind(id, JSON.stringify(before), JSON.stringify(after))
        .run()
      return result.meta.changes === 1
    },

    /** Objects of a kind, newest first (the stand-in's own page). */
    async objects<T>(kind: string, limit = 20): Promise<T[]> {
      const { results } = await db
        .prepare('SELECT body FROM stand_in_objects WHERE kind = ?1 ORDER BY created DESC, rowid DESC LIMIT ?2')
        .bind(kind, limit)
        .all<{ body: string }>()
      return results.map((row) => JSON.parse(row.body) as T)
    },

    /**
     * Claims an idempotency key for a request: `new` for the first request, else the earlier request's state (its
     * parameters, and its answer once done).
     */
    async claimKey(
      apiKey: string,
      key: string,
      request: string,
      now: number,
    ): Promise<
      | { claim: 'new' }
      | { claim: 'seen'; request: string; state: string; status: number | null; response: string | null }
    > {
      const inserted = await db
        .prepare(
          `INSERT INTO stand_in_idempotency (api_key, idempotency_key, request, state, created)
           VALUES (?1, ?2, ?3, 'in_flight', ?4) ON CONFLICT DO NOTHING RETURNING state`,
        )
        .bind(apiKey, key, request, now)
        .first<{ state: string }>()
      if (inserted) return { claim: 'new' }
      const row = await db
        .prepare(
          'SELECT request, state, status, response FROM stand_in_idempotency WHERE api_key = ?1 AND idempotency_key = ?2',
        )
        .bind(apiKey, key)
        .first<{ request: string; state: string; status: number | null; response: string | null }>()
      return row ? { claim: 'seen', ...row } : { claim: 'new' }
    },

    async finishKey(apiKey: string, key: string, status: number, response: string): Promise<void> {
      await db
        .prepare(
          `UPDATE stand_in_idempotency SET state = 'done', status = ?3, response = ?4
            WHERE api_key = ?1 AND idempotency_key = ?2`,
        )
        .bind(apiKey, key, status, response)
        .run()
    },

    /** Forgets a key whose request failed before it started (the provider saves no answer then). */
    async releaseKey(apiKey: string, key: string): Promise<void> {
      await db
        .prepare('DELETE FROM stand_in_idempotency WHERE api_key = ?1 AND idempotency_key = ?2')
        .bind(apiKey, key)
        .run()
    },

    async queueEvent(id: string, type: string, body: unknown, created: number, deliverAfter: number): Promise<void> {
      await db
        .prepare('INSERT INTO stand_in_events (id, type, body, created, deliver_after) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(id, type, JSON.stringify(body), created, deliverAfter)
        .run()
    },

    /** Events due for delivery (not delivered, due by `now`), oldest first. */
    async dueEvents(now: number, limit = 20): Promise<StandInEvent[]> {
      const { results } = await db
        .prepare(
          `SELECT id, type, body, attempts FROM stand_in_events WHERE delivered_at IS NULL AND deliver_after <= ?1
            ORDER BY created, rowid LIMIT ?2`,
        )
        .bind(now, limit)
        .all<StandInEvent>()
      return results
    },

    /** Takes an event for one delivery attempt; false when another delivery took it first. */
    async takeEvent(id: string, attempts: number, retryAt: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE stand_in_events SET attempts = attempts + 1, deliver_after = ?3
            WHERE id = ?1 AND attempts = ?2 AND delivered_at IS NULL`,
        )
        .bind(id, attempts, retryAt)
        .run()
      return result.meta.changes === 1
    },

    async eventDelivered(id: string, status: number, at: number): Promise<void> {
      await db
        .prepare('UPDATE stand_in_events SET delivered_at = ?3, last_status = ?2 WHERE id = ?1')
        .bind(id, status, at)
        .run()
    },

    async eventFailed(id: string, status: number): Promise<void> {
      await db.prepare('UPDATE stand_in_events SET last_status = ?2 WHERE id = ?1').bind(id, status).run()
    },

    /** The latest events, newest first (the stand-in's own page). */
    async recentEvents(limit = 30) {
      const { results } = await db
        .prepare(
          `SELECT id, type, created, delivered_at AS deliveredAt, attempts, last_status AS lastStatus
             FROM stand_in_events ORDER BY created DESC, rowid DESC LIMIT ?1`,
        )
        .bind(limit)
        .all<{
          id: string
          type: string
          created: number
          deliveredAt: number | null
          attempts: number
          lastStatus: number | null
        }>()
      return results
    },

    async setting(name: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT value FROM stand_in_settings WHERE name = ?1')
        .bind(name)
        .first<{ value: string }>()
      return row?.value ?? null
    },

    async setSetting(name: string, value: string): Promise<void> {
      await db
        .prepare(
          'INSERT INTO stand_in_settings (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
        )
        .bind(name, value)
        .run()
    },
  }
}

export type StandInStore = ReturnType<typeof createStandInStore>
