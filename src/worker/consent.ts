import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { parse } from 'hono/utils/cookie'
import {
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  type Consent,
  consentCookieValue,
  parseConsent,
} from '../domain/analytics/consent'
import { appShellOfRequest } from './app-shell'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/**
 * The consent cookie: `v1.2026-11-22.a1.m0` (version, day, analytics, marketing). A necessary
 * cookie, host-only and Secure; HttpOnly, because only the server decides what a page loads.
 */
export const CONSENT_COOKIE = '__Host-consent'

/**
 * The visitor's recorded consent, or null when they have not chosen (or chose under an older version). In the app that
 * asks for consent itself, the choice it passed (docs/features/app-webview.md), dated today, or null until its visitor
 * chose there; the site's own cookie is not read.
 */
export function readConsent(c: Context<AppEnv>): Consent | null {
  return consentOfRequest(c.req.raw)
}

/** The same for a request (the edge cache reads it before the app runs). */
export function consentOfRequest(request: Request, now = new Date()): Consent | null {
  const app = appShellOfRequest(request)
  if (app?.consentByApp)
    return app.choice ? { version: CONSENT_VERSION, date: now.toISOString().slice(0, 10), ...app.choice } : null
  return consentOf(request.headers.get('cookie'))
}

/** Whether the page must not show its cookie banner: the app asks for consent itself. */
export function consentAskedByApp(c: Context<AppEnv>): boolean {
  return appShellOfRequest(c.req.raw)?.consentByApp === true
}

/** The consent in a request's Cookie header. */
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
