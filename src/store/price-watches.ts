import type { Database } from './database'
/** Saved builds whose customer asked to be told when the price changes. */

import type { OutboxMail } from './credentials'
import { randomId } from './ids'

export interface PriceWatch {
  configurationId: string
  userId: string
  lastTotal: number
  currency: string
}

/**
 * @example
 * await createPriceWatchStore(env.DB).watch(user.id, build.id, 53_170_000, 'SEK', new Date())
 */
export function createPriceWatchStore(db: Database) {
  return {
    /** Starts watching an owner's build at the price they see now; false when the build is not theirs. */
    async watch(userId: string, configurationId: string, total: number, currency: string, now: Date): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO price_watches (configuration_id, user_id, last_total, currency, created_at)
           SELECT ?2, ?1, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM configurations WHERE id = ?2 AND owner_id = ?1)
           ON CONFLICT (configuration_id) DO NOTHING`,
        )
        .bind(userId, configurationId, total, currency, now.toISOString())
        .run()
      return result.meta.changes === 1
    },

    async unwatch(userId: string, configurationId: string): Promise<void> {
      await db
        .prepare('DELETE FROM price_watches WHERE configuration_id = ?1 AND user_id = ?2')
        .bind(configurationId, userId)
        .run()
    },

    async watchedBy(userId: string): Promise<Set<string>> {
      const { results } = await db
        .prepare('SELECT configuration_id AS id FROM price_watches WHERE user_id = ?1')
        .bind(userId)
        .all<{ id: string }>()
      return new Set(results.map((r) => r.id))
    },

    /** Every watch whose build still belongs to its customer. */
    async all(limit = 500): Promise<PriceWatch[]> {
      const { results } = await db
        .prepare(
          `SELECT w.configuration_id AS configurationId, w.user_id AS userId, w.last_total AS lastTotal, w.currency
           FROM price_watches w JOIN configurations c ON c.id = w.configuration_id AND c.owner_id = w.user_id
           JOIN users u ON u.id = w.user_id AND u.erased_at IS NULL
           ORDER BY w.created_at LIMIT ?1`,
        )
        .bind(limit)
        .all<PriceWatch>()
      return results
    },

    /**
     * Records a new price with its e-mail, once: only if the watch still has the price this run saw, so two runs at
     * once write one e-mail. Answers the outbox id, or null when another run got there first.
     */
    async notify(watch: PriceWatch, newTotal: number, now: Date, mail: OutboxMail): Promise<string | null> {
      const at = now.toISOString()
      const id = randomId()
      const [updated] = await db.batch([
        db
          .prepare(
            `UPDATE price_watches SET last_total = ?3, notified_at = ?4
             WHERE configuration_id = ?1 AND last_total = ?2`,
          )
          .bind(watch.configurationId, watch.lastTotal, newTotal, at),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6
             WHERE EXISTS (SELECT 1 FROM price_watches WHERE configuration_id = ?7 AND notified_at = ?6 AND last_total = ?8)`,
          )
          .bind(
            id,
            mail.kind,
            mail.locale,
            mail.recipient,
            JSON.stringify(mail.payload),
            at,
            watch.configurationId,
            newTotal,
          ),
      ])
      return (updated?.meta.changes ?? 0) === 1 ? id : null
    },
  }
}

export type PriceWatchStore = ReturnType<typeof createPriceWatchStore>
