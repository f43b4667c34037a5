import type { Locale } from '../i18n/sites'

/** The car an e-mail shows: an absolute PNG address, its size in the e-mail and its text alternative. */
export interface MailPicture {
  src: string
  width: number
  height: number
  alt: string
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Addresses in escaped text as links (an order's link, a confirmation link). */
const linked = (html: string) =>
  html.replace(/https?:\/\/[^\s<"]+/g, (url) => `<a href="${url}" style="color:#0b5cad">${url}</a>`)

/**
 * The HTML part of an e-mail about a car: the car as ordered (a hosted PNG, since mail clients do not show SVG and
 * many block data: images), then the same text as the text part, paragraph by paragraph, escaped. Inline styles
 * and a 600 px column: what mail clients render. The wordmark is text on the brand's colour, linked to the site's
 * home page, so it shows with pictures blocked too. Loaded on demand by the queue consumer (notifications.ts).
 */
export function mailHtml(locale: Locale, subject: string, text: string, picture: MailPicture, home: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${linked(escapeHtml(block)).replace(/\n/g, '<br>')}</p>`)
    .join('')
  const img = `<img src="${escapeHtml(picture.src)}" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(picture.alt)}" style="display:block;width:100%;max-width:${picture.width}px;height:auto;border:0;margin:0 0 24px;background:#e7eaed">`
  const wordmark = `<a href="${escapeHtml(home)}" style="display:block;margin:0 0 24px;padding:14px 20px;background:#0b1f2a;color:#ffffff;font-weight:700;font-size:18px;letter-spacing:3px;text-decoration:none">&#9650;&nbsp;NORDVOLT</a>`
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px 12px;background:#f5f6f7;color:#0b1f2a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"><div style="max-width:600px;margin:0 auto">${wordmark}${img}${paragraphs}</div></body></html>`
}
