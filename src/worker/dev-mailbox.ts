// The dev mailbox's pages, loaded on demand (never in production): none of it joins the Worker's main module.
import { createMimeMessage } from 'mimetext/browser'
import { base64 } from '../lib/base64'
import type { MailboxEntry, MailboxMessage } from '../store/notifications'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Links to the files an e-mail was sent with. */
const files = (m: MailboxEntry) =>
  m.attachments.length
    ? `<ul>${m.attachments.map((name, index) => `<li><a href="/dev/mailbox/${encodeURIComponent(m.id)}/${index}">${escapeHtml(name)}</a></li>`).join('')}</ul>`
    : ''

/** The e-mails the storefront "sent", as an HTML page; those with an HTML part link to it. */
export function mailboxPage(mails: readonly MailboxEntry[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${escapeHtml(m.recipient)} · ${escapeHtml(m.deliveredAt)}</small></p><p>${m.hasHtml ? `<a href="/dev/mailbox/${encodeURIComponent(m.id)}">HTML</a> · ` : ''}<a href="/dev/mailbox/${encodeURIComponent(m.id)}/message.eml">.eml</a></p>${files(m)}<p>${escapeHtml(m.body)}</p></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><main><h1>Dev mailbox</h1><p>Every e-mail the storefront sent outside production, newest first; none left this machine. Payments go to the local stand-in for Stripe: <a href="/dev/stripe">/dev/stripe</a>.</p>${items}</main></body></html>`
}

const utf8 = (text: string) => new TextEncoder().encode(text)

/** Bytes as base64 in lines of 76 characters, as MIME wants them (RFC 2045, 6.8). */
const lines = (bytes: Uint8Array) => base64(bytes).replace(/.{76}(?=.)/g, '$&\r\n')

/**
 * One e-mail as a MIME message (RFC 5322), as a mail client receives it: the text and HTML parts as alternatives, the
 * files as attachments. Opened in a mail client, it shows what a customer's would; a mail parser reads its structure.
 */
export function mailboxEml(mail: MailboxMessage): string {
  const message = createMimeMessage()
  message.setSender({ name: 'Nordvolt', addr: 'no-reply@dev-mailbox.invalid' })
  message.setRecipient(mail.recipient)
  message.setSubject(mail.subject)
  message.setHeader('Date', new Date(mail.deliveredAt).toUTCString())
  message.addMessage({ contentType: 'text/plain', encoding: 'base64', data: lines(utf8(mail.body)) })
  if (mail.html) message.addMessage({ contentType: 'text/html', encoding: 'base64', data: lines(utf8(mail.html)) })
  for (const file of mail.attachments)
    message.addAttachment({
      filename: file.filename,
      contentType: file.contentType.split(';')[0] ?? file.contentType,
      data: lines(file.content),
    })
  return message.asRaw()
}
