/**
 * Cookie consent: which cookie groups a visitor allows, kept in one cookie with the version of the
 * consent text and the date it was given. Necessary cookies need no consent; analytics and
 * marketing are off until the visitor turns them on.
 */

/** Raised when the groups or their wording change: an older cookie asks the visitor again. */
export const CONSENT_VERSION = 1
/** How long a choice is remembered before the banner asks again (assumption: 180 days). */
export const CONSENT_MAX_AGE_DAYS = 180

export type ConsentGroup = 'necessary' | 'analytics' | 'marketing'

export interface Consent {
  version: number
  /** The day the choice was made, YYYY-MM-DD (UTC). */
  date: string
  analytics: boolean
  marketing: boolean
}

/** What the banner and the settings page post. */
export type ConsentChoice =
  | { kind: 'acceptAll' }
  | { kind: 'rejectAll' }
  | { kind: 'save'; analytics: boolean; marketing: boolean }

const COOKIE_PATTERN = /^v(\d{1,4})\.(\d{4}-\d{2}-\d{2})\.a([01])\.m([01])$/

/**
 * The cookie value of a consent: `v1.2026-11-22.a1.m0`.
 *
 * @example
 * consentCookieValue({ version: 1, date: '2026-11-22', analytics: true, marketing: false }) // 'v1.2026-11-22.a1.m0'
 */
export function consentCookieValue(consent: Consent): string {
  return `v${consent.version}.${consent.date}.a${consent.analytics ? 1 : 0}.m${consent.marketing ? 1 : 0}`
}

/** The consent in a cookie value; null when absent, malformed or of an older version (ask again). */
export function parseConsent(value: string | undefined): Consent | null {
  const match = value ? COOKIE_PATTERN.exec(value) : null
  if (!match) return null
  const version = Number(match[1])
  if (version !== CONSENT_VERSION) return null
  const date = match[2] ?? ''
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null
  return { version, date, analytics: match[3] === '1', marketing: match[4] === '1' }
}

/** The consent a choice gives today. */
export function consentFrom(choice: ConsentChoice, now: Date): Consent {
  const date = now.toISOString().slice(0, 10)
  const base = { version: CONSENT_VERSION, date }
  if (choice.kind === 'acceptAll') return { ...base, analytics: true, marketing: true }
  if (choice.kind === 'rejectAll') return { ...base, analytics: false, marketing: false }
  return { ...base, analytics: choice.analytics, marketing: choice.marketing }
}

/** Whether a group is allowed: necessary always; the others only with a recorded consent. */
export function allows(consent: Consent | null, group: ConsentGroup): boolean {
  if (group === 'necessary') return true
  return consent?.[group] === true
}
