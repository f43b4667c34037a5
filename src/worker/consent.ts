import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import { type Consent, parseConsent } from '../domain/analytics/consent'
import type { AppEnv } from './types'

/**
 * The consent cookie: `v1.2026-11-22.a1.m0` (version, day, analytics, marketing). A necessary
 * cookie, host-only and Secure; HttpOnly, because only the server decides what a page loads.
 */
export const CONSENT_COOKIE = '__Host-consent'

/** The page of the consent settings, and where the banner's and the page's forms post. */
export const CONSENT_PATH = '/cookie-settings'

/** The visitor's recorded consent, or null when they have not chosen (or chose under an older version). */
export function readConsent(c: Context<AppEnv>): Consent | null {
  return parseConsent(getCookie(c, CONSENT_COOKIE))
}

/** The consent form: a button names the choice; checkboxes only count with `save`. */
export const ConsentForm = z.object({
  choice: z.enum(['acceptAll', 'rejectAll', 'save']),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  return: z.string().max(2048).optional(),
})

/**
 * Whether a form post comes from one of our own pages. The consent form is not protected by the
 * anti-forgery token: the banner is on every page, and a token would set a cookie on every first
 * visit and make every page uncacheable. Instead the browser's own headers decide: every current
 * browser sends `Sec-Fetch-Site` or `Origin` with a form post, and another site cannot forge
 * them. A post with neither is refused; so is one from elsewhere.
 */
export function isSameOriginPost(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite !== undefined) return fetchSite === 'same-origin'
  const origin = c.req.header('origin')
  if (origin === undefined) return false
  const own = [new URL(c.req.url).origin, c.get('config').OFFICIAL_URL?.replace(/\/$/, '')]
  return own.includes(origin)
}
