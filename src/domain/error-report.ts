/**
 * What an error report may say about a visitor: nothing personal. Both Sentry SDKs (worker and
 * browser) pass every event through `scrubReport` in `beforeSend`: cookies, headers, request
 * bodies, query strings, the user (and their IP address) are removed; the URL is cut to 200
 * characters (SPEC §8); e-mail addresses and phone numbers left in messages are masked.
 */

/** Longest URL a report carries (SPEC §8). */
export const MAX_REPORTED_URL = 200

const EMAIL = /[^\s@/?&=:;,"'<>()]+@[^\s@/?&=:;,"'<>()]+\.[a-z]{2,}/gi
// Seven or more digits with the usual separators: a phone number (or a card number) in free text.
const PHONE = /\+?\d[\d ().-]{5,}\d/g

/** The URL without query or fragment, at most 200 characters. */
export function reportedUrl(url: string): string {
  const bare = url.split(/[?#]/, 1)[0] ?? ''
  return bare.slice(0, MAX_REPORTED_URL)
}

/** Free text with e-mail addresses and phone numbers masked. */
export function maskPersonal(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[number]')
}

type Json = Record<string, unknown>
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null

/** Span and breadcrumb attributes that can carry a visitor's data. */
const PERSONAL_ATTRIBUTE =
  /^(http\.request\.header|http\.response\.header|url\.query|http\.query|client\.address|client\.ip|user_agent|user\.|http\.request\.body|cookie|net\.peer|network\.peer)/i
const URL_ATTRIBUTE = /^(url|url\.full|http\.url|http\.target|url\.path|to|from)$/

function scrubAttributes(data: Json): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(data)) {
    if (PERSONAL_ATTRIBUTE.test(key)) continue
    const scrub = (text: string) => (URL_ATTRIBUTE.test(key) ? reportedUrl(text) : maskPersonal(text))
    if (typeof value === 'string') out[key] = scrub(value)
    // Streamed spans type each attribute: { value, type }.
    else if (isRecord(value) && typeof value.value === 'string') out[key] = { ...value, value: scrub(value.value) }
    else out[key] = value
  }
  return out
}

/**
 * A span without personal data, for the SDKs' `beforeSendSpan` (the hook Sentry applies to every span it sends,
 * root and child, in transactions and on their own; `beforeSendTransaction` does not see them all). Attributes that
 * can carry a visitor's data are dropped, URLs lose their query and are cut to 200 characters, and e-mail addresses
 * and phone numbers in the name are masked. A span cannot be dropped here, only changed.
 *
 * @example
 * scrubSpan({ description: 'GET /no/order/x?email=a@b.example', data: { 'url.query': 'email=a@b.example' } })
 * // { description: 'GET /no/order/x', data: {} }
 */
export function scrubSpan<Span extends object>(span: Span): Span {
  const copy = { ...(span as Json) }
  // A span's name: `description` in transactions, `name` in streamed spans; its attributes: `data` or `attributes`.
  for (const key of ['description', 'name']) {
    const text = copy[key]
    if (typeof text === 'string') {
      copy[key] = maskPersonal(text.replace(/\S*[?#]\S*/g, (word) => reportedUrl(word)).slice(0, MAX_REPORTED_URL))
    }
  }
  for (const key of ['data', 'attributes']) {
    const attributes = copy[key]
    if (isRecord(attributes)) copy[key] = scrubAttributes(attributes)
  }
  return copy as Span
}

/** Share of traces sent when the environment does not say (`SENTRY_TRACES_SAMPLE_RATE`): low, traces are costly. */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.05

/**
 * The event without personal data, for `beforeSend` and `beforeSendTransaction`. Returns a copy
 * of the same shape; never throws on an unexpected shape.
 */
export function scrubReport<Event extends object>(event: Event): Event {
  const copy = { ...(event as Json) }
  if (isRecord(copy.request)) {
    const request = copy.request
    copy.request = {
      ...(typeof request.method === 'string' ? { method: request.method } : {}),
      ...(typeof request.url === 'string' ? { url: reportedUrl(request.url) } : {}),
    }
  }
  delete copy.user
  if (typeof copy.message === 'string') copy.message = maskPersonal(copy.message)
  if (typeof copy.transaction === 'string') copy.transaction = reportedUrl(copy.transaction)
  if (isRecord(copy.exception) && Array.isArray(copy.exception.values)) {
    copy.exception = {
      ...copy.exception,
      values: copy.exception.values.map((value: unknown) =>
        isRecord(value) && typeof value.value === 'string' ? { ...value, value: maskPersonal(value.value) } : value,
      ),
    }
  }
  if (Array.isArray(copy.breadcrumbs)) {
    copy.breadcrumbs = copy.breadcrumbs.map((crumb: unknown) => {
      if (!isRecord(crumb)) return crumb
      const next: Json = { ...crumb }
      if (typeof next.message === 'string') next.message = maskPersonal(next.message)
      if (isRecord(next.data)) next.data = scrubAttributes(next.data)
      return next
    })
  }
  if (isRecord(copy.contexts)) {
    const contexts: Json = { ...copy.contexts }
    if (isRecord(contexts.trace) && isRecord(contexts.trace.data)) {
      contexts.trace = { ...contexts.trace, data: scrubAttributes(contexts.trace.data) }
    }
    delete contexts.cloud_resource_user
    copy.contexts = contexts
  }
  if (Array.isArray(copy.spans)) {
    copy.spans = copy.spans.map((span: unknown) => (isRecord(span) ? scrubSpan(span) : span))
  }
  if (isRecord(copy.extra)) copy.extra = scrubAttributes(copy.extra)
  if (isRecord(copy.tags)) copy.tags = scrubAttributes(copy.tags)
  return copy as Event
}
