/**
 * A calculated finance offer and its validity. SPEC §4: a customised finance option can expire; the
 * buyer then calculates again (SPEC §8 "Finance Option Has Expired").
 */
import type { FinanceKind } from './products'

/**
 * Message keys of the expiry notice (SPEC §8 "Finance Option Has Expired").
 *
 * @example
 * OFFER_EXPIRED_KEYS.message // 'finance.offerExpired.message'
 */
export const OFFER_EXPIRED_KEYS = {
  title: 'finance.offerExpired.title',
  message: 'finance.offerExpired.message',
  retry: 'finance.offerExpired.retry',
} as const

/**
 * A quote with its creation and expiry instants (ISO 8601, UTC).
 *
 * @example
 * const offer: FinanceOffer<LoanQuote> = createOffer('loan', quote, new Date(), 30)
 */
export interface FinanceOffer<Quote> {
  kind: FinanceKind
  quote: Quote
  createdAt: string
  expiresAt: string
}

/**
 * Wraps a quote into an offer that expires `validityDays` × 24 h after `createdAt`.
 *
 * @example
 * createOffer('loan', quote, new Date('2025-06-01T10:00:00Z'), 30).expiresAt // '2025-07-01T10:00:00.000Z'
 */
export function createOffer<Quote>(
  kind: FinanceKind,
  quote: Quote,
  createdAt: Date,
  validityDays: number,
): FinanceOffer<Quote> {
  if (!Number.isInteger(validityDays) || validityDays < 1) throw new RangeError('an offer is valid for whole days ≥ 1')
  const start = createdAt.getTime()
  if (!Number.isFinite(start)) throw new RangeError('createdAt is not a valid date')
  return {
    kind,
    quote,
    createdAt: new Date(start).toISOString(),
    expiresAt: new Date(start + validityDays * 86_400_000).toISOString(),
  }
}

/**
 * Whether an offer can no longer be accepted: from its expiry instant on (the instant itself counts as
 * expired). An offer with an unreadable expiry is treated as expired.
 *
 * @example
 * isExpired({ createdAt: '2025-06-01T10:00:00Z', expiresAt: '2025-07-01T10:00:00Z' }, new Date('2025-07-01T10:00:00Z')) // true
 */
export function isExpired(offer: { createdAt: string; expiresAt: string }, now: Date): boolean {
  const expires = Date.parse(offer.expiresAt)
  if (!Number.isFinite(expires)) return true
  return now.getTime() >= expires
}
