import { z } from 'zod'
import { base64, fromBase64 } from '../lib/base64'
import type { Database } from './database'
import { randomId } from './ids'

/** An outbox row: one e-mail to deliver, with the values its message is written from. */
export interface NotificationRow {
  id: string
  kind: string
  locale: string
  recipient: string
  payload: string
  status: string
}

/** The e-mail as rendered for the dev mailbox: its subject, text and HTML part (null for text-only e-mails). */
export interface MailboxCopy {
  subject: string
  body: string
  html: string | null
  attachments: readonly MailboxFile[]
}

/** A file an e-mail was sent with. */
export interface MailboxFile {
  filename: string
  contentType: string
  content: Uint8Array
}

/**
 * The notification outbox: rows written in the same batch as the change they tell of (credentials, orders, …),
 * delivered by the queue consumer and the scheduled sweep (worker/notifications.ts).
 *
 * @example
 * const row = await createNotificationStore(env.DB).find(id)
 */
export function createNotificationStore(db: Database) {
  const markSent = (id: string, now: Date) =>
    db.prepare(`UPDATE notifications SET status = 'sent', sent_at = ?2 WHERE id = ?1`).bind(id, now.toISOString())
  return {
    find(id: string): Promise<NotificationRow | null> {
      return db.prepare('SELECT * FROM notifications WHERE id = ?1').bind(id).first<NotificationRow>()
    },

    async countAttempt(id: string): Promise<void> {
      await db.prepare('UPDATE notifications SET attempts = attempts + 1 WHERE id = ?1').bind(id).run()
    },

    async markSent(id: string, now: Date): Promise<void> {
      await markSent(id, now).run()
    },

    /**
     * Keeps the e-mail in the dev mailbox and marks the row sent, in one batch; only while the row still names its
     * recipient: an account erased meanwhile (privacy.ts) keeps no copy. One copy per notification.
     */
    async keepInMailbox(row: NotificationRow, mail: MailboxCopy, now: Date): Promise<void> {
      await db.batch([
        db
          .prepare(
            `INSERT INTO mailbox (id, notification_id, recipient, subject, body, html, delivered_at, attachments)
             SELECT ?1, ?2, ?3, ?4, ?5, ?7, ?6, ?8 WHERE EXISTS (SELECT 1 FROM notifications WHERE id = ?2 AND recipient = ?3)
             ON CONFLICT (notification_id) DO NOTHING`,
          )
          .bind(
            randomId(),
            row.id,
            row.recipient,
            mail.subject,
            mail.body,
            now.toISOString(),
            mail.html,
            mail.attachments.length
              ? JSON.stringify(
                  mail.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    base64: base64(file.content),
                  })),
                )
              : null,
          ),
        markSent(row.id, now),
      ])
    },

    async markFailed(id: string): Promise<void> {
      await db.prepare(`UPDATE notifications SET status = 'failed' WHERE id = ?1 AND status = 'pending'`).bind(id).run()
    },

    /** Marks failed every pending row tried `attempts` times or more; answers those rows. */
    async failExhausted(attempts: number): Promise<{ id: string; kind: string }[]> {
      const { results } = await db
        .prepare(
          `UPDATE notifications SET status = 'failed' WHERE status = 'pending' AND attempts >= ?1 RETURNING id, kind`,
        )
        .bind(attempts)
        .all<{ id: string; kind: string }>()
      return results
    },

    /** The ids of up to `limit` rows still pending that were written before `before`, oldest first. */
    async pendingSince(before: Date, limit: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT id FROM notifications WHERE status = 'pending' AND created_at < ?1 ORDER BY created_at LIMIT ?2`,
        )
        .bind(before.toISOString(), limit)
        .all<{ id: string }>()
      return results.map((r) => r.id)
    },
  }
}

/** One e-mail in the dev mailbox's list. */
export interface MailboxEntry {
  id: string
  recipient: string
  subject: string
  body: string
  hasHtml: number
  deliveredAt: string
  /** The names of the files it was sent with. */
  attachments: string[]
}

/** One e-mail in the dev mailbox, whole. */
export interface MailboxMessage {
  id: string
  recipient: string
  subject: string
  body: string
  html: string | null
  deliveredAt: string
  attachments: MailboxFile[]
}

const MailboxFiles = z.array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string() }))

/**
 * The dev mailbox: every e-mail the storefront "sent" without a mail provider (readable at /dev/mailbox outside
 * production).
 */
export function createMailboxStore(db: Database) {
  return {
    async newest(limit: number): Promise<MailboxEntry[]> {
      const { results } = await db
        .prepare(
          `SELECT id, recipient, subject, body, html IS NOT NULL AS hasHtml, delivered_at AS deliveredAt,
             (SELECT json_group_array(json_extract(file.value, '$.filename')) FROM json_each(mailbox.attachments) AS file) AS files
           FROM mailbox ORDER BY delivered_at DESC LIMIT ?1`,
        )
        .bind(limit)
        .all<Omit<MailboxEntry, 'attachments'> & { files: string | null }>()
      return results.map(({ files, ...entry }) => ({ ...entry, attachments: files ? JSON.parse(files) : [] }))
    },

    /** One e-mail as it was sent: its parts and the files it carried; null when there is none of that id. */
    async message(id: string): Promise<MailboxMessage | null> {
      const mail = await db
        .prepare(
          'SELECT id, recipient, subject, body, html, delivered_at AS deliveredAt, attachments FROM mailbox WHERE id = ?1',
        )
        .bind(id)
        .first<Omit<MailboxMessage, 'attachments'> & { attachments: string | null }>()
      if (!mail) return null
      const files = mail.attachments ? MailboxFiles.parse(JSON.parse(mail.attachments)) : []
      return {
        ...mail,
        attachments: files.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: fromBase64(file.base64),
        })),
      }
    },

    /** One e-mail's HTML part as it was sent, or null when it has none. */
    async html(id: string): Promise<string | null> {
      const mail = await db
        .prepare('SELECT html FROM mailbox WHERE id = ?1 AND html IS NOT NULL')
        .bind(id)
        .first<{ html: string }>()
      return mail?.html ?? null
    },
  }
}
