import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { parse } from 'hono/utils/cookie'
import { CONSENT_MAX_AGE_DAYS, type Consent, consentCookieValue, parseConsent } from '../domain/analytics/consent'
import { CachePolicy } from './ssr/cache-policy'
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

/**
 * Records the visitor's choice in the consent cookie. Turning analytics off also clears the device id the analytics
 * script kept in local storage (`Clear-Site-Data: "storage"`); the answer carries the new choice, so no cache keeps it.
 */
export function rememberConsent(c: Context<AppEnv>, consent: Consent): void {
  setCookie(c, CONSENT_COOKIE, consentCookieValue(consent), {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60,
  })
  if (!consent.analytics) c.header('clear-site-data', '"storage"')
  c.header('cache-control', CachePolicy.none)
}
