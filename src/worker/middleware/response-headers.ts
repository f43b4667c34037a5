import type { Context, MiddlewareHandler } from 'hono'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
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
 * Cross-Origin-Opener-Policy: a page of ours opened by another site's window is cut off from it (no reference to
 * read or navigate). Sent on everything but the impersonal pages (`IMPERSONAL_PAGE_POLICIES`: the anonymous pages
 * and a shared build's overview), where it would make Chrome put the page in a new browsing context group, a new
 * renderer process on Android, at a cost in Lighthouse's blocking time (docs/security.md, "Requests and
 * headers"). Pages with personal data keep it, so a window opened on a public page loses its opener once it goes to
 * one.
 */
export const OPENER_POLICY = ['Cross-Origin-Opener-Policy', 'same-origin'] as const

/** The sources of a directive: ours, then those this request adds (an empty source adds nothing). */
function sourcesOf(...sources: string[]): string {
  return sources.filter(Boolean).join(' ')
}

/**
 * The headers every answer carries, with hono's middleware: the request id (`requestId`: the caller's
 * `X-Request-Id` when it is a plain token of at most 255 characters, else a new UUID) and the security headers
 * (`secureHeaders`: referrer within our own origin for the page context's `__from`, no framing, COEP off) with the
 * page's Content-Security-Policy: only our own origin, inline scripts and styles by this response's nonce, the tag
 * manager where it loads, nothing framed, forms posted to ourselves. Then the opener policy, which secureHeaders
 * cannot decide by the answer's cache policy (`OPENER_POLICY`), and `Vary: Accept-Encoding` where the body is
 * compressed on the way out.
 */
export function responseHeaders(sources: PolicySources): MiddlewareHandler<AppEnv>[] {
  return [
    requestId(),
    secureHeaders({
      referrerPolicy: 'strict-origin-when-cross-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: ['self'], usb: [] },
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [(c) => sourcesOf("'self'", cspNonce(c), sources.tagManager(c, 'script'))],
        styleSrc: [(c) => sourcesOf("'self'", cspNonce(c))],
        imgSrc: [(c) => sourcesOf("'self'", 'data:', sources.tagManager(c, 'img'))],
        connectSrc: [(c) => sourcesOf("'self'", sources.tagManager(c, 'connect'), sources.errorReporting(c))],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
    openerPolicy,
  ]
}

/** Bodies the runtime compresses for a visitor who accepts it (text, JSON, XML, SVG). */
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml|javascript|manifest\+json)|image\/svg\+xml)/

/**
 * The opener policy on every answer but an impersonal page's (decided by its cache policy, once it is made), and
 * `Vary: Accept-Encoding` on a compressible answer: the runtime gzips or brotli-compresses it on the way out when the
 * request accepts that (workerd adds Content-Encoding, not Vary), so a shared cache on the way must keep the
 * encodings apart (RFC 9110 §12.5.5). The edge cache's own key never carries Accept-Encoding (edge-cache.ts).
 */
const openerPolicy: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const headers = c.res.headers
  if (!IMPERSONAL_PAGE_POLICIES.has(headers.get('cache-control') ?? '')) headers.set(...OPENER_POLICY)
  const vary = headers.get('vary') ?? ''
  if (COMPRESSIBLE.test(headers.get('content-type') ?? '') && !/accept-encoding|\*/i.test(vary)) {
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  }
}
