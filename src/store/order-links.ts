import type { OutboxMail } from './credentials'
import type { Database } from './database'
import { randomId } from './ids'

/**
 * Order links in D1 (migration 0051): single-use, expiring, bound to one order and the address they were sent to.
 * Tokens arrive here already hashed.
 */
export function createOrderLinkStore(db: Database) {
  return {
    /** Keeps a new link of an order for an address; with `mail`, its e-mail goes into the outbox in the same batch. */
    async create(input: {
      tokenHash: string
      orderId: string
      email: string
      purpose: 'mail' | 'find'
      now: Date
      expiresAt: Date
      mail?: OutboxMail
    }): Promise<string | null> {
      const at = input.now.toISOString()
      const notificationId = input.mail ? randomId() : null
      await db.batch([
        db
          .prepare(
            `INSERT INTO order_links (token_hash, order_id, email, purpose, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
          )
          .bind(
            input.tokenHash,
            input.orderId,
            input.email.toLowerCase(),
            input.purpose,
            at,
            input.expiresAt.toISOString(),
          ),
        ...(input.mail && notificationId
          ? [
              db
                .prepare(
                  `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
                )
                .bind(
                  notificationId,
                  input.mail.kind,
                  input.mail.locale,
                  input.mail.recipient,
                  JSON.stringify(input.mail.payload),
                  at,
                ),
            ]
          : []),
      ])
      return notificationId
    },

    /** The order and number of a link that can still be used (unused, not expired), or null. */
    async open(tokenHash: string, now: Date): Promise<{ orderId: string; number: string | null } | null> {
      return db
        .prepare(
          `SELECT l.order_id AS orderId, o.number FROM order_links l JOIN orders o ON o.id = l.order_id
            WHERE l.token_hash = ?1 AND l.used_at IS NULL AND l.expires_at > ?2`,
        )
        .bind(tokenHash, now.toISOString())
        .first<{ orderId: string; number: string | null }>()
    },

    /**
     * Uses a link: in one statement, only while it is unused, unexpired and its address is still the order's contact
     * address, so two clicks (or two tabs) let in one. Answers the order and the address, or null.
     */
    async use(tokenHash: string, now: Date): Promise<{ orderId: string; email: string } | null> {
      return db
        .prepare(
          `UPDATE order_links SET used_at = ?2
            WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
              AND email = (SELECT lower(json_extract(personal, '$.email')) FROM orders WHERE id = order_links.order_id)
            RETURNING order_id AS orderId, email`,
        )
        .bind(tokenHash, now.toISOString())
        .first<{ orderId: string; email: string }>()
    },

    /** An order of a country by its number with its contact address, for "find my order"; null when there is none. */
    async orderByNumber(
      number: string,
      country: string,
    ): Promise<{ id: string; email: string; locale: string; name: string } | null> {
      return db
        .prepare(
          `SELECT id, lower(json_extract(personal, '$.email')) AS email, locale, json_extract(personal, '$.firstName') AS name
             FROM orders WHERE number = ?1 AND country_code = ?2`,
        )
        .bind(number, country)
        .first<{ id: string; email: string; locale: string; name: string }>()
    },
  }
}

export type OrderLinkStore = ReturnType<typeof createOrderLinkStore>
