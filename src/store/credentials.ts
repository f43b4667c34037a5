import type { Database } from './database'
/**
 * Password-reset links and the attempt counter of the account endpoints (issue 22), in D1. Tokens arrive here
 * already hashed; the raw token only travels in the e-mail.
 */

import { randomId } from './ids'

/** An e-mail written to the outbox with the change it belongs to. */
export interface OutboxMail {
  kind: string
  locale: string
  recipient: string
  payload: Record<string, string>
}

function outboxInsert(db: Database, id: string, mail: OutboxMail, at: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
    )
    .bind(id, mail.kind, mail.locale, mail.recipient, JSON.stringify(mail.payload), at)
}

/**
 * Data access for password resets, password changes and the account endpoints' throttle.
 *
 * @example
 * const credentials = createCredentialStore(env.DB)
 * const attempts = await credentials.countAttempt('reset:client:203.0.113.9', new Date(), 15 * 60_000)
 */
export function createCredentialStore(db: Database) {
  return {
    /**
     * Counts one attempt under a key and answers the count within the window, in one statement: two parallel
     * requests never both see the count before the other's increment. A window that has passed starts again at 1.
     */
    async countAttempt(key: string, now: Date, windowMs: number): Promise<number> {
      const windowStart = new Date(now.getTime() - windowMs).toISOString()
      const row = await db
        .prepare(
          `INSERT INTO account_action_counts (key, count, window_started_at) VALUES (?1, 1, ?2)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN window_started_at < ?3 THEN 1 ELSE count + 1 END,
             window_started_at = CASE WHEN window_started_at < ?3 THEN ?2 ELSE window_started_at END
           RETURNING count`,
        )
        .bind(key, now.toISOString(), windowStart)
        .first<{ count: number }>()
      return row?.count ?? 1
    },

    /**
     * Stores a new reset link for an account and its e-mail in one batch; earlier unused links of the account stop
     * working (only the newest e-mail's link does). Answers the outbox id to deliver.
     */
    async createPasswordReset(input: {
      userId: string
      tokenHash: string
      now: Date
      expiresAt: Date
      mail: OutboxMail
    }): Promise<string> {
      const at = input.now.toISOString()
      const notificationId = randomId()
      await db.batch([
        db
          .prepare('UPDATE password_resets SET used_at = ?2 WHERE user_id = ?1 AND used_at IS NULL')
          .bind(input.userId, at),
        db
          .prepare('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
          .bind(input.tokenHash, input.userId, at, input.expiresAt.toISOString()),
        outboxInsert(db, notificationId, input.mail, at),
      ])
      return notificationId
    },

    /** The account of a reset link that can still be used, or null (unknown, used, superseded or expired). */
    async openPasswordReset(tokenHash: string, now: Date): Promise<string | null> {
      const row = await db
        .prepare(
          'SELECT user_id AS userId FROM password_resets WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2',
        )
        .bind(tokenHash, now.toISOString())
        .first<{ userId: string }>()
      return row?.userId ?? null
    },

    /**
     * Uses a reset link: sets the new password and revokes every session of the account, in one batch that only
     * changes anything if this request is the one that marked the link used. Of two requests with the same link,
     * one succeeds; the other, like an expired link, gets null.
     */
    async redeemPasswordReset(input: {
      tokenHash: string
      password: { hash: string; salt: string; iterations: number }
      now: Date
      mail: (userId: string) => Promise<OutboxMail | null>
    }): Promise<{ userId: string; notificationId: string | null } | null> {
      const at = input.now.toISOString()
      const used = await db
        .prepare(
          `UPDATE password_resets SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
           RETURNING user_id AS userId`,
        )
        .bind(input.tokenHash, at)
        .first<{ userId: string }>()
      if (!used) return null
      const mail = await input.mail(used.userId)
      const notificationId = mail ? randomId() : null
      await db.batch([
        db
          .prepare(
            'UPDATE users SET password_hash = ?2, password_salt = ?3, password_iterations = ?4, updated_at = ?5 WHERE id = ?1',
          )
          .bind(used.userId, input.password.hash, input.password.salt, input.password.iterations, at),
        db
          .prepare('UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL')
          .bind(used.userId, at),
        db
          .prepare('UPDATE password_resets SET used_at = ?2 WHERE user_id = ?1 AND used_at IS NULL')
          .bind(used.userId, at),
        // Reset e-mails keep no link once one is used (any of them is dead by now): the outbox is no place for a
        // credential. One not yet delivered is withdrawn: without its link it has nothing to say.
        db
          .prepare(
            `UPDATE notifications SET payload = json_remove(payload, '$.link'),
                    status = CASE WHEN status = 'pending' THEN 'withdrawn' ELSE status END
             WHERE kind = 'passwordReset' AND recipient = (SELECT email FROM users WHERE id = ?1)`,
          )
          .bind(used.userId),
        ...(mail && notificationId ? [outboxInsert(db, notificationId, mail, at)] : []),
      ])
      return { userId: used.userId, notificationId }
    },

    /**
     * Stores a link that confirms an e-mail address (the sign-up address, or a new one the customer changes to) with
     * its e-mails, in one batch; an earlier unused link of the same account and purpose stops working.
     */
    async createEmailConfirmation(input: {
      userId: string
      purpose: 'signUp' | 'change'
      email: string
      tokenHash: string
      now: Date
      expiresAt: Date
      mails: readonly OutboxMail[]
    }): Promise<string[]> {
      const at = input.now.toISOString()
      const ids = input.mails.map(() => randomId())
      await db.batch([
        db
          .prepare(
            'UPDATE email_confirmations SET used_at = ?3 WHERE user_id = ?1 AND purpose = ?2 AND used_at IS NULL',
          )
          .bind(input.userId, input.purpose, at),
        db
          .prepare(
            `INSERT INTO email_confirmations (token_hash, user_id, purpose, email, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
          )
          .bind(input.tokenHash, input.userId, input.purpose, input.email, at, input.expiresAt.toISOString()),
        ...input.mails.map((mail, i) => outboxInsert(db, ids[i] as string, mail, at)),
      ])
      return ids
    },

    /** Whether an e-mail confirmation link can still be used. */
    async emailConfirmationOpen(tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .prepare('SELECT 1 FROM email_confirmations WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2')
        .bind(tokenHash, now.toISOString())
        .first()
      return row !== null
    },

    /**
     * Uses an e-mail confirmation link, once: a sign-up address is marked confirmed; a new address replaces the old one
     * unless another account has taken it meanwhile ('taken'). Unknown, used and expired links are 'invalid'.
     */
    async redeemEmailConfirmation(
      tokenHash: string,
      now: Date,
    ): Promise<'confirmed' | 'changed' | 'taken' | 'invalid'> {
      const at = now.toISOString()
      const used = await db
        .prepare(
          `UPDATE email_confirmations SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
           RETURNING user_id AS userId, purpose, email`,
        )
        .bind(tokenHash, at)
        .first<{ userId: string; purpose: 'signUp' | 'change'; email: string }>()
      if (!used) return 'invalid'
      if (used.purpose === 'signUp') {
        const result = await db
          .prepare('UPDATE users SET email_confirmed_at = ?3 WHERE id = ?1 AND email = ?2 AND erased_at IS NULL')
          .bind(used.userId, used.email, at)
          .run()
        return result.meta.changes === 1 ? 'confirmed' : 'invalid'
      }
      const result = await db
        .prepare(
          `UPDATE users SET email = ?2, email_confirmed_at = ?3, updated_at = ?3
           WHERE id = ?1 AND erased_at IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE email = ?2 AND id != ?1)`,
        )
        .bind(used.userId, used.email, at)
        .run()
      return result.meta.changes === 1 ? 'changed' : 'taken'
    },

    /** When the account's address was confirmed, or null. */
    async emailConfirmedAt(userId: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT email_confirmed_at AS at FROM users WHERE id = ?1')
        .bind(userId)
        .first<{ at: string | null }>()
      return row?.at ?? null
    },

    /**
     * Sets a signed-in customer's new password and revokes their other sessions (every family but the current one),
     * with the e-mail that tells them, in one batch.
     */
    async changePassword(input: {
      userId: string
      keepFamilyId: string
      password: { hash: string; salt: string; iterations: number }
      now: Date
      mail: OutboxMail
    }): Promise<string> {
      const at = input.now.toISOString()
      const notificationId = randomId()
      await db.batch([
        db
          .prepare(
            'UPDATE users SET password_hash = ?2, password_salt = ?3, password_iterations = ?4, updated_at = ?5 WHERE id = ?1',
          )
          .bind(input.userId, input.password.hash, input.password.salt, input.password.iterations, at),
        db
          .prepare('UPDATE sessions SET revoked_at = ?3 WHERE user_id = ?1 AND family_id != ?2 AND revoked_at IS NULL')
          .bind(input.userId, input.keepFamilyId, at),
        db
          .prepare('UPDATE password_resets SET used_at = ?2 WHERE user_id = ?1 AND used_at IS NULL')
          .bind(input.userId, at),
        outboxInsert(db, notificationId, input.mail, at),
      ])
      return notificationId
    },
  }
}

export type CredentialStore = ReturnType<typeof createCredentialStore>
