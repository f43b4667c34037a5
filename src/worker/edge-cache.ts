import type { Context, MiddlewareHandler } from 'hono'
import { channelOf, clientTypeOf } from '../domain/client-platform'
import { CACHE_VERSION } from '../store/cache'
import { randomId } from '../store/ids'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** Changes with every build, so a deployment never serves pages rendered by the code before it. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/** Response header saying whether the edge cache answered: HIT, MISS (rendered and stored) or BYPASS. */
export const EDGE_CACHE_HEADER = 'x-edge-cache'

/**
 * Anonymous HTML from the edge cache (the Cache API, `caches.default`), in the Worker itself, since
 * Workers run in front of the zone's cache.
 *
 * - Only a GET without any cookie or Authorization header is looked up: a session, a consent choice,
 *   a trade-in or an anti-forgery seed all travel in cookies, and such a visitor always gets a page
 *   rendered for them.
 * - A response is stored only when the renderer marked it `CachePolicy.anonymousPage` (an anonymous,
 *   indexable 200 page with nothing personal in it) and it sets no cookie.
 * - The key is the full URL (host, site prefix with its language, path, query) plus what else the
 *   page is rendered from: the client type and channel derived from the User-Agent, the build, the
 *   configuration the page shows (configVariant) and the store's CACHE_VERSION. The referrer is left out of cacheable renders (`__from` is empty).
 * - Data changes (prices, catalog, stock) reach visitors by TTL: the renderer's `s-maxage=300`, so
 *   within 5 minutes; a deployment or a CACHE_VERSION bump changes every key at once. Versioned keys
 *   per record would need every page to know each record it shows; 5 minutes is the staleness the
 *   anonymous pages were already declared to accept (orders re-price on the server).
 * - A hit gets a fresh CSP nonce: secureHeaders (before this middleware) made one for this response
 *   and writes it into the header; the stored HTML's `nonce` attributes are rewritten to it.
 * - A hit gets fresh once-per-form values too: a form's idempotency key (`ONCE_FIELDS`) is unique per
 *   response, in the hidden field and in the hydration data, so two visitors never share one.
 */
export function edgeCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!lookedUp(c)) return next()
    // workerd's CacheStorage has `default` (the zone's cache); the DOM typings in tsconfig do not.
    const cache = typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
    if (!cache) return next()
    const key = cacheKey(c)
    c.set('edgeCacheable', true)
    const hit = await cache.match(key)
    if (hit) {
      const fresh = personalise(hit, c.get('secureHeadersNonce') ?? '')
      const headers = new Headers(fresh.headers)
      headers.set(EDGE_CACHE_HEADER, 'HIT')
      // This request's id (requestId() set it on the response it expected, which a hit replaces).
      headers.set('x-request-id', c.get('requestId'))
      return new Response(fresh.body, { status: fresh.status, headers })
    }
    await next()
    if (storable(c.res)) {
      const stored = c.res.clone()
      const headers = new Headers(stored.headers)
      // Per-response headers: secureHeaders and requestId write their own on every answer.
      headers.delete('content-security-policy')
      headers.delete('x-request-id')
      headers.delete(EDGE_CACHE_HEADER)
      const put = cache.put(key, new Response(stored.body, { status: stored.status, headers }))
      try {
        c.executionCtx.waitUntil(put)
      } catch {
        await put
      }
      c.res.headers.set(EDGE_CACHE_HEADER, 'MISS')
    } else {
      c.res.headers.set(EDGE_CACHE_HEADER, 'BYPASS')
    }
  }
}

/** Hidden form fields whose value must be unique per response (a retry of one form, not of a stranger's). */
export const ONCE_FIELDS = ['idempotencyKey'] as const

/**
 * A stored page made this response's own: this response's CSP nonce, and a new value for each once-per-form
 * field, in the field (before the hydration data in the document) and in the hydration data (`#__ctx`).
 */
function personalise(stored: Response, nonce: string): Response {
  const replaced = new Map<string, string>()
  let payload = ''
  let rewriter = new HTMLRewriter().on('[nonce]', {
    element(element) {
      element.setAttribute('nonce', nonce)
    },
  })
  for (const name of ONCE_FIELDS) {
    rewriter = rewriter.on(`input[name="${name}"]`, {
      element(element) {
        const old = element.getAttribute('value')
        if (!old) return
        const value = replaced.get(old) ?? randomId()
        replaced.set(old, value)
        element.setAttribute('value', value)
      },
    })
  }
  rewriter = rewriter.on('script#__ctx', {
    text(chunk) {
      payload += chunk.text
      if (!chunk.lastInTextNode) {
        chunk.remove()
        return
      }
      for (const [old, value] of replaced) payload = payload.replaceAll(JSON.stringify(old), JSON.stringify(value))
      chunk.replace(payload, { html: true })
      payload = ''
    },
  })
  return rewriter.transform(stored)
}

/** Whether a request may be answered from the cache: an anonymous GET of a page. */
function lookedUp(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET') return false
  if (c.req.header('cookie') || c.req.header('authorization')) return false
  const path = c.req.path
  return !path.startsWith('/api/') && !path.startsWith('/dev/') && !path.startsWith('/webAuthSdk')
}

/** Whether a rendered response may be stored for everyone. */
export function storable(res: Response): boolean {
  return (
    res.status === 200 &&
    res.headers.get('cache-control') === CachePolicy.anonymousPage &&
    !res.headers.has('set-cookie') &&
    (res.headers.get('content-type') ?? '').startsWith('text/html')
  )
}

const configHashes = new WeakMap<object, string>()

/**
 * What of the deployment's configuration a page shows (environment, official origin, error reporting in the
 * page), as a short FNV-1a hash: a changed secret or variable never serves pages rendered with the old one.
 */
function configVariant(c: Context<AppEnv>): string {
  const config = c.get('config')
  let hash = configHashes.get(config)
  if (!hash) {
    const text = [config.ENVIRONMENT, config.OFFICIAL_URL, config.SENTRY_DSN, config.SENTRY_TRACES_SAMPLE_RATE].join(
      '|',
    )
    let h = 0x811c9dc5
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
    hash = (h >>> 0).toString(36)
    configHashes.set(config, hash)
  }
  return hash
}

/** The cache key: the full request URL plus everything else a cacheable page is rendered from. */
export function cacheKey(c: Context<AppEnv>): Request {
  const url = new URL(c.req.url)
  const userAgent = c.req.header('user-agent') ?? ''
  const variant = [
    CACHE_VERSION,
    BUILD_ID,
    configVariant(c),
    clientTypeOf(userAgent, c.req.header('sec-ch-ua-mobile') ?? null),
    channelOf(userAgent),
  ].join('.')
  url.searchParams.append('__edge', variant)
  return new Request(url.toString(), { method: 'GET' })
}
