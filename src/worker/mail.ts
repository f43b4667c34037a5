import { z } from 'zod'
import { base64 } from '../lib/base64'

/** One rendered e-mail for one recipient; `idempotencyKey` is the outbox row's id. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** The HTML part, for e-mails that show a picture; the text part is always sent too. */
  html?: string
  /** Files sent with the e-mail: an order's confirmation PDF, a handover's calendar file. */
  attachments?: readonly MailAttachment[]
  idempotencyKey: string
}

/** A file attached to an e-mail. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: Uint8Array
}

/** Hands an e-mail to a provider; throws when it was not accepted (the outbox then retries). */
export interface MailTransport {
  readonly name: string
  send(mail: OutgoingMail): Promise<void>
}

/** The provider did not take the e-mail; only the HTTP status is kept (never the recipient or the text). */
export class MailSendError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
  ) {
    super(`${provider} refused the e-mail with HTTP ${status}`)
    this.name = 'MailSendError'
  }

  /**
   * Whether sending this very e-mail again can never work: the provider refused it as malformed (400) or invalid
   * (422, e.g. a recipient address it will not take). Rate limits (429), outages (5xx) and our own configuration
   * (401, 403: a wrong key or an unverified sender, fixed by an operator) are worth retrying.
   */
  get permanent(): boolean {
    return this.status === 400 || this.status === 422
  }
}

/**
 * The mail secrets: `wrangler secret put MAIL_API_KEY` (a Resend API key) and `MAIL_FROM` (a sender on a domain
 * verified with Resend, e.g. `Nordvolt <orders@mail.example.com>`). Both or neither.
 */
export interface MailSecrets {
  MAIL_API_KEY?: string
  MAIL_FROM?: string
}

const MailConfig = z.object({
  MAIL_API_KEY: z.string().trim().min(8),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>]+<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/, 'an e-mail address, optionally with a name: Name <a@b.c>'),
})

export const RESEND_ENDPOINT = 'https://api.resend.com/emails'

/**
 * Resend's e-mail API (one JSON POST per e-mail). The outbox row's id goes as the `Idempotency-Key`, so a retry
 * after a lost answer does not send the e-mail twice. Only what the e-mail needs is sent: sender, recipient,
 * subject, text and, when there are any, the HTML part and the attachments (base64, with their content type).
 *
 * @example
 * await resendTransport({ apiKey, from: 'Nordvolt <orders@mail.example.com>' }).send(mail)
 */
export function resendTransport(
  config: { apiKey: string; from: string },
  fetcher: typeof fetch = fetch,
): MailTransport {
  return {
    name: 'resend',
    async send(mail) {
      const response = await fetcher(RESEND_ENDPOINT, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': mail.idempotencyKey,
        },
        body: JSON.stringify({
          from: config.from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((file) => ({
                  filename: file.filename,
                  content: base64(file.content),
                  content_type: file.contentType,
                })),
              }
            : {}),
        }),
      })
      // Read the body so the connection is released; its content is not kept (it may echo the recipient).
      await response.arrayBuffer()
      if (!response.ok) throw new MailSendError('resend', response.status)
    },
  }
}

/**
 * The configured mail provider, or null when the secrets are not set (then e-mails go to the dev mailbox).
 * Throws when only one of the two is set or the sender is malformed, so a half configuration fails loudly
 * (the outbox keeps the e-mail and retries) instead of silently writing to the dev mailbox.
 *
 * @example
 * mailTransportFor({}) // null
 */
export function mailTransportFor(secrets: MailSecrets, fetcher: typeof fetch = fetch): MailTransport | null {
  if (!secrets.MAIL_API_KEY && !secrets.MAIL_FROM) return null
  const parsed = MailConfig.safeParse(secrets)
  if (!parsed.success) throw new Error('MAIL_API_KEY and MAIL_FROM must both be set, MAIL_FROM as Name <address>')
  return resendTransport({ apiKey: parsed.data.MAIL_API_KEY, from: parsed.data.MAIL_FROM }, fetcher)
}
