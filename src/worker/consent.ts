import type { Context } from 'hono'
import { parse } from 'hono/utils/cookie'
import { z } from 'zod'
import { type Consent, parseConsent } from '../domain/analytics/consent'
import type { AppEnv } from './types'

/**
 * The consent cookie: `v1.2026-11-22.a1.m0` (version, day, analytics, marketing). A necessary
 * cookie, host-only and Secure; HttpOnly, because only the server decides what a page loads.
 */
export const CONSENT_COOKIE = '__Host-consent'

/** The visitor's recorded consent, or null when they have not chosen (or chose under an older version). */
export function readConsent(c: Context<AppEnv>): Consent | null {
  return consentOf(c.req.raw.headers.get('cookie'))
}

/** The same, from a request's Cookie header (the edge cache reads it before the app runs). */
export function consentOf(cookieHeader: string | null): Consent | null {
  return cookieHeader ? parseConsent(parse(cookieHeader, CONSENT_COOKIE)[CONSENT_COOKIE]) : null
}

/** The consent form: a button names the choice; checkboxes only count with `save`. */
export const ConsentForm = z.object({
  choice: z.enum(['acceptAll', 'rejectAll', 'save']),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  return: z.string().max(2048).optional(),
})
