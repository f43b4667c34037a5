import { logLine } from '../domain/log'
import { createStore } from '../store'
import { type MailSecrets, MailSendError, mailTransportFor } from './mail'
import { type MailBindings, renderNotification } from './notification-mail'

/** What goes on the queue: just the outbox row to deliver. */
export interface NotificationMessage {
  id: string
}

type Bindings = MailBindings & Pick<Env, 'NOTIFY'> & MailSecrets

/**
 * Delivers one outbox row: renders it and hands it to the mail transport: the mail provider when its secrets are
 * set (MAIL_API_KEY, MAIL_FROM; src/worker/mail.ts), else the dev mailbox table (readable at /dev/mailbox outside
 * production). A failure throws and leaves the row pending, so the queue and the sweep retry it. Delivering twice
 * is harmless: the mailbox keeps one copy per notification, and the provider gets the row's id as idempotency key.
 */
export async function deliverNotification(
  env: Bindings,
  id: string,
  now = new Date(),
  fetcher: typeof fetch = fetch,
): Promise<'sent' | 'missing' | 'failed' | 'withdrawn'> {
  const outbox = createStore(env).notifications
  const row = await outbox.find(id)
  if (!row) return 'missing'
  if (row.status === 'sent') return 'sent'
  if (row.status === 'failed') return 'failed'
  // A password-reset e-mail whose link died before it went out (another of the account's links was used).
  if (row.status === 'withdrawn') return 'withdrawn'
  await outbox.countAttempt(id)
  const mail = await renderNotification(env, row)
  const transport = mailTransportFor(env, fetcher)
  if (transport) {
    try {
      await transport.send({
        to: row.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        attachments: mail.attachments,
        idempotencyKey: row.id,
      })
    } catch (error) {
      if (!(error instanceof MailSendError && error.permanent)) throw error
      // Retrying cannot help: the row stops being retried and says so (the log names the row, not the recipient).
      await outbox.markFailed(row.id)
      console.error(
        logLine('error', 'notifications: failed for good', { notificationId: row.id, kind: row.kind, error }),
      )
      return 'failed'
    }
    await outbox.markSent(row.id, now)
    return 'sent'
  }
  await outbox.keepInMailbox(row, mail, now)
  return 'sent'
}

/** Queues notifications for delivery; if the queue is unreachable, the sweep delivers them later. */
export async function enqueueNotifications(env: Pick<Env, 'NOTIFY'>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  try {
    await env.NOTIFY.sendBatch(ids.map((id) => ({ body: { id } })))
  } catch (cause) {
    console.warn(logLine('warn', 'notifications: queue unavailable, the sweep will deliver', { error: cause }))
  }
}

/** The queue consumer: each message delivered, or retried (the queue backs off, up to 10 times). */
export async function handleNotificationBatch(
  batch: MessageBatch<NotificationMessage>,
  env: Bindings,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  for (const message of batch.messages) {
    try {
      await deliverNotification(env, message.body.id, new Date(), fetcher)
      message.ack()
    } catch (cause) {
      console.warn(
        logLine('warn', 'notifications: delivery failed, retrying', { notificationId: message.body.id, error: cause }),
      )
      message.retry({ delaySeconds: Math.min(600, 30 * 2 ** message.attempts) })
    }
  }
}

/** After this many attempts (an hour or more of queue retries and sweeps) an e-mail is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 20

/**
 * The scheduled sweep: anything pending for more than five minutes goes on the queue again, until it has been tried
 * MAX_DELIVERY_ATTEMPTS times; then it is marked failed and logged, so one broken e-mail is not retried forever.
 */
export async function sweepOutbox(env: Bindings, now = new Date()): Promise<number> {
  const outbox = createStore(env).notifications
  for (const row of await outbox.failExhausted(MAX_DELIVERY_ATTEMPTS))
    console.error(
      logLine('error', 'notifications: failed for good', {
        notificationId: row.id,
        kind: row.kind,
        attempts: MAX_DELIVERY_ATTEMPTS,
      }),
    )
  const pending = await outbox.pendingSince(new Date(now.getTime() - 5 * 60_000), 100)
  await enqueueNotifications(env, pending)
  return pending.length
}
