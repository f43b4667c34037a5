// The dev mailbox's pages, loaded on demand (never in production): none of it joins the Worker's main module.
import type { MailboxEntry } from '../store/notifications'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The e-mails the storefront "sent", as an HTML page; those with an HTML part link to it. */
export function mailboxPage(mails: readonly MailboxEntry[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${escapeHtml(m.recipient)} · ${escapeHtml(m.deliveredAt)}</small></p>${m.hasHtml ? `<p><a href="/dev/mailbox/${encodeURIComponent(m.id)}">HTML</a></p>` : ''}<p>${escapeHtml(m.body)}</p></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><main><h1>Dev mailbox</h1><p>Every e-mail the storefront sent outside production, newest first; none left this machine. Payments go to the local stand-in for Stripe: <a href="/dev/stripe">/dev/stripe</a>.</p>${items}</main></body></html>`
}
