import type { Context } from 'hono'
import { parse } from 'hono/utils/cookie'
import { z } from 'zod'
import { CONSENT_VERSION, type Consent, parseConsent } from '../domain/analytics/consent'
import { appShellOfRequest } from './app-shell'
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

/** The consent form: a button names the choice; checkboxes only count with `save`. */
export const ConsentForm = z.object({
  choice: z.enum(['acceptAll', 'rejectAll', 'save']),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  return: z.string().max(2048).optional(),
})
