// The dev mailbox's pages, loaded on demand (never in production): it imports nothing, so none of it joins the
// Worker's main module.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The newest 50 e-mails the storefront "sent", as an HTML page; those with an HTML part link to it. */
export async function mailboxPage(db: D1Database): Promise<string> {
  const { results } = await db
    .prepare(
      'SELECT id, recipient, subject, body, html IS NOT NULL AS hasHtml, delivered_at AS deliveredAt FROM mailbox ORDER BY delivered_at DESC LIMIT 50',
    )
    .all<{ id: string; recipient: string; subject: string; body: string; hasHtml: number; deliveredAt: string }>()
  const items = results
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${escapeHtml(m.recipient)} · ${escapeHtml(m.deliveredAt)}</small></p>${m.hasHtml ? `<p><a href="/dev/mailbox/${encodeURIComponent(m.id)}">HTML</a></p>` : ''}<p>${escapeHtml(m.body)}</p></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><main><h1>Dev mailbox</h1><p>Every e-mail the storefront sent outside production, newest first; none left this machine. Payments go to the local stand-in for Stripe: <a href="/dev/stripe">/dev/stripe</a>.</p>${items}</main></body></html>`
}

/** One e-mail's HTML part as it was sent, or null when it has none. */
export async function mailboxHtml(db: D1Database, id: string): Promise<string | null> {
  const mail = await db
    .prepare('SELECT html FROM mailbox WHERE id = ?1 AND html IS NOT NULL')
    .bind(id)
    .first<{ html: string }>()
  return mail?.html ?? null
}
