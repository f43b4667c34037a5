import type { Context, MiddlewareHandler } from 'hono'
import { IMPERSONAL_PAGE_POLICIES } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { cspNonce } from './nonce'

/**
 * What the page's Content-Security-Policy needs of a request: the sources that vary per response. Each is a
 * function of the request's context; an empty string adds nothing to its directive.
 */
export interface PolicySources {
  /** The tag manager's origins, per directive, on the pages that load it (analytics.ts). */
  tagManager: (c: Context<AppEnv>, directive: 'script' | 'connect' | 'img') => string
  /** The error reporter's origin for the browser SDK, when reporting is on. */
  errorReporting: (c: Context<AppEnv>) => string
}

/**
 * The headers every response carries that do not depend on the request: the same set and values as hono's
 * secureHeaders with the options this storefront used (referrer within our own origin for the page context's
 * `__from`, no framing, COEP off), written out once instead of assembled on every request; all but the opener
 * policy (OPENER_POLICY), which impersonal pages go without.
 */
export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(self), usb=()'],
]

/**
 * Cross-Origin-Opener-Policy: a page of ours opened by another site's window is cut off from it (no reference to
 * read or navigate). Sent on everything but the anonymous pages (`ANONYMOUS_PAGE_POLICIES`: home, configurator,
 * marketing, legal, quick delivery, test drive, with nothing of the visitor's in them): there it makes Chrome put
 * the page in a new browsing context group, which on Android (sites sending it are isolated) means a new renderer
 * process on arrival from another site. Measured with Lighthouse mobile on 2026-11-28, the same terms page served
 * with and without the header alone: total blocking time 459–534 ms against 58–126 ms, performance 86–89 against
 * 99–100. Pages with personal data (orders, account, sign-in, forms with entries) keep it, so a window opened on a
 * public page loses its opener as soon as it navigates to one of them.
 * A saved build's overview (a route marked `shareable`, rendered for a visitor with nothing personal, so under
 * `CachePolicy.sharedBuild`) goes without it too: its address is made to be passed on, it shows a car and prices
 * only, and it is reached from the configurator, which has no policy, so the header made that step a browsing
 * context group switch for everyone (Lighthouse mobile on 2026-11-28, three runs each: 94–95 with it, 97–99
 * without). Which policies go without it: `IMPERSONAL_PAGE_POLICIES`.
 */
export const OPENER_POLICY = ['Cross-Origin-Opener-Policy', 'same-origin'] as const

/** A directive's sources, without the empty ones of a request that adds nothing. */
function directive(name: string, ...sources: string[]): string {
  return [name, ...sources.filter(Boolean)].join(' ')
}

/**
 * The page's policy for one request: only our own origin, inline scripts and styles by this response's nonce, the
 * tag manager where it loads, nothing framed, forms posted to ourselves.
 */
export function contentSecurityPolicy(c: Context<AppEnv>, nonce: string, sources: PolicySources): string {
  return [
    "default-src 'self'",
    directive('script-src', "'self'", nonce, sources.tagManager(c, 'script')),
    directive('style-src', "'self'", nonce),
    directive('img-src', "'self'", 'data:', sources.tagManager(c, 'img')),
    directive('connect-src', "'self'", sources.tagManager(c, 'connect'), sources.errorReporting(c)),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const REQUEST_ID = /^[\w\-=]{1,255}$/

/**
 * One middleware for what every answer carries: the request id (the caller's `X-Request-Id` when it is a plain
 * token of at most 255 characters, else a new UUID, as hono's requestId), and, once the answer is made, the
 * security headers and the Content-Security-Policy with this response's nonce. One step of the chain instead of
 * two, and no per-request assembly of values that never change.
 */
export function responseHeaders(sources: PolicySources): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id')
    const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID()
    c.set('requestId', id)
    c.header('X-Request-Id', id)
    // The nonce is made before the page renders (the renderer reads it), the policy after.
    const nonce = cspNonce(c)
    await next()
    const headers = c.res.headers
    for (const [name, value] of STATIC_SECURITY_HEADERS) headers.set(name, value)
    if (!IMPERSONAL_PAGE_POLICIES.has(headers.get('cache-control') ?? '')) headers.set(...OPENER_POLICY)
    headers.set('Content-Security-Policy', contentSecurityPolicy(c, nonce, sources))
    headers.delete('X-Powered-By')
  }
}
