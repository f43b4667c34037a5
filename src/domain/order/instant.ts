/** Instants of the order domain: UTC ISO strings as `Date.prototype.toISOString` writes them. */

/**
 * An instant as `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC); such strings sort in time order.
 *
 * @example
 * const at: IsoInstant = '2026-03-01T09:30:00.000Z'
 */
export type IsoInstant = string

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/**
 * Whether a string is an instant exactly as `toISOString` writes it (so it is canonical and sorts by time).
 *
 * @example
 * isIsoInstant('2026-03-01T09:30:00.000Z') // true
 * isIsoInstant('2026-03-01T10:30:00+01:00') // false
 */
export function isIsoInstant(value: string): value is IsoInstant {
  if (!INSTANT.test(value)) return false
  const ms = Date.parse(value)
  return Number.isFinite(ms) && new Date(ms).toISOString() === value
}

/**
 * Throws a RangeError unless the value is an instant as `toISOString` writes it; for times the caller supplies.
 *
 * @example
 * assertInstant('2026-03-01T09:30:00.000Z') // returns nothing
 */
export function assertInstant(value: string, what = 'time'): asserts value is IsoInstant {
  if (!isIsoInstant(value))
    throw new RangeError(`${what} must be an ISO instant like 2026-03-01T09:30:00.000Z, got ${value}`)
}
