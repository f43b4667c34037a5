import { parse } from 'hono/utils/cookie'
import { getPath } from 'hono/utils/url'
import { appVariant } from '../domain/app-shell'
import { channelOf, clientTypeOf } from '../domain/client-platform'
import { logLine } from '../domain/log'
import { CACHE_VERSION } from '../store/cache'
import { randomId } from '../store/ids'
import { ANONYMOUS_BUILDS_COOKIE } from './anonymous-builds'
import { APP_COOKIE, appShellOfRequest } from './app-shell'
import { ORDER_COOKIE } from './auth/order-access'
import { GRAY_COOKIE } from './auth/service'
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth/session'
import { CONSENT_COOKIE, consentOfRequest } from './consent'
import { BOOKMARK_COOKIE } from './d1-session'
import { type AppConfig, appConfig, ConfigError } from './env'
import { CSRF_COOKIE } from './middleware/csrf'
import { PageMemory, pageBody, type StoredPage, storedPage } from './page-memory'
import { ANONYMOUS_PAGE_POLICIES, CachePolicy, EDGE_SECONDS } from './ssr/cache-policy'
import { TRADE_IN_COOKIE } from './tradein-cookie'

/** Changes with every build, so a deployment never serves pages rendered by the code before it. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/** Response header saying whether the edge cache answered: HIT, MISS (rendered and stored) or BYPASS. */
export const EDGE_CACHE_HEADER = 'x-edge-cache'

/**
 * Anonymous HTML from the edge cache, in the Worker itself, since Workers run in front of the zone's cache: the
 * isolate's memory (`PageMemory`, a bounded LRU) first, then the Cache API (`caches.default`), shared by the
 * isolates of a data centre. It wraps the app's fetch (index.ts): a hit runs nothing of the app (no router,
 * middleware, catalogs, D1 or rendering), and sends the stored page with the headers stored with it.
 *
 * - Only a GET of a page without an Authorization header, and without a cookie that makes the page the visitor's
 *   (`COOKIES_AND_THE_CACHE`: a session, gray access, a trade-in, a recent write's bookmark), is looked up. The consent
 *   choice is part of the key (a page with the banner, or without it and with or without analytics); the
 *   anti-forgery seed, the remembered anonymous builds and cookies the app does not set change no page.
 * - Fails closed: the configuration is validated (once per env object) before a lookup; a production worker
 *   without its secrets answers nothing from the cache, and the app's config middleware refuses the request.
 * - A response is stored only when the renderer marked it `CachePolicy.anonymousPage` or, for a visitor who
 *   answered the banner, `CachePolicy.consentedPage` (an anonymous, indexable 200 page with nothing personal in
 *   it), and it sets no cookie. A consented page stays `private` towards the browser, so that no proxy on the way
 *   gives a page without the banner to a visitor who has not answered it.
 * - The key is the full URL (host, site prefix with its language, path, query) plus what else the
 *   page is rendered from: the client type and channel derived from the User-Agent, the app's shell (what the app
 *   shows of its own: its cookie, app-webview.md), the consent choice (in the app, the one it passed), the
 *   build, the configuration the page shows (configVariant) and the store's CACHE_VERSION. The referrer is left
 *   out of cacheable renders (`__from` is empty).
 * - Data changes (prices, catalog, stock) reach visitors by TTL: `EDGE_SECONDS` (the anonymous page's
 *   `s-maxage=300`), so within 5 minutes of the render, in both layers (the memory keeps the Cache API's expiry,
 *   not its own); a
 *   deployment or a CACHE_VERSION bump changes every key at once. Versioned keys per record would need every
 *   page to know each record it shows; 5 minutes is the staleness the anonymous pages were already declared to
 *   accept (orders re-price on the server).
 * - No CSP nonce in a stored page: the copy stored has its `nonce` attributes removed and a CSP whose
 *   script-src and style-src allow the page's inline scripts and styles by their SHA-256 hashes (the inline
 *   stylesheet; JSON data scripts are not run and need nothing). The visitor whose request rendered the page
 *   gets it as rendered, under their own nonce.
 * - Once-per-form values stay per response: a form's idempotency key (`ONCE_FIELDS`) is cut out of the stored
 *   HTML and every hit gets a new one, in the field and in the hydration data, so two visitors never share one.
 */
export function withEdgeCache(fetch: WorkerFetch, memory: PageMemory = edgePages): WorkerFetch {
  return (request, env, ctx) => {
    if (!lookedUp(request)) return fetch(request, env, ctx)
    const cache = defaultCache()
    if (!cache) return fetch(request, env, ctx)
    let key: string
    try {
      key = cacheKey(request, appConfig(env), consentVariant(request))
    } catch (error) {
      // The app's config middleware answers (a 503, logged) for a worker that is not configured.
      if (error instanceof ConfigError) return fetch(request, env, ctx)
      throw error
    }
    const now = Date.now()
    const page = memory.get(key, now)
    if (page) return hit(page, request)
    // Another isolate's page from the Cache API, or the app's render, stored when it may be.
    return (async () => {
      // A Cache API that fails costs the visitor a render, not their page.
      const stored = await fromCacheApi(cache, key, now, memory).catch((error: unknown) => {
        console.error(logLine('error', 'edge cache: lookup failed, rendering the page', { error }))
        return null
      })
      if (stored) return hit(stored, request)
      renderedForTheEdge.add(request)
      const res = await fetch(request, env, ctx)
      if (!storable(res)) {
        res.headers.set(EDGE_CACHE_HEADER, 'BYPASS')
        return res
      }
      const requestId = res.headers.get('x-request-id')
      const store = prepare(res.clone(), now)
        .then((prepared) => {
          memory.set(key, prepared)
          return cache.put(key, cacheApiCopy(prepared))
        })
        // The visitor has their page either way; the next request renders it again.
        .catch((error: unknown) => console.error(logLine('error', 'edge cache: page not stored', { requestId, error })))
      try {
        ctx.waitUntil(store)
      } catch {
        await store
      }
      res.headers.set(EDGE_CACHE_HEADER, 'MISS')
      return res
    })()
  }
}

/** A Worker's fetch handler. */
export type WorkerFetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>

/** Requests the edge cache will store the page of, if it is anonymous: rendered with nothing of the request's. */
const renderedForTheEdge = new WeakSet<Request>()

/** Whether this request's page may be stored for everyone: render nothing request-specific (render.tsx). */
export function forTheEdge(request: Request): boolean {
  return renderedForTheEdge.has(request)
}

/** The isolate's stored pages (page-memory.ts). */
export const edgePages = new PageMemory()

/** workerd's CacheStorage has `default` (the zone's cache); the DOM typings in tsconfig do not. */
function defaultCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}

/**
 * A stored page as this response: its own request id, and fresh once-per-form values; or 304 Not Modified, with the
 * same headers and no body, to a browser that already holds this very page (its ETag in If-None-Match).
 */
function hit(page: StoredPage, request: Request): Response {
  const headers = new Headers(page.headers as [string, string][])
  headers.set('x-request-id', requestIdOf(request))
  headers.set(EDGE_CACHE_HEADER, 'HIT')
  const tag = headers.get('etag')
  if (tag && noneMatch(request.headers.get('if-none-match'), tag)) return new Response(null, { status: 304, headers })
  return new Response(
    pageBody(page, () => randomId()),
    { status: 200, headers },
  )
}

/** The caller's request id when it is a sane one (as Hono's requestId() takes it), or a new one. */
function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id')
  return given && given.length <= 255 && !/[^\w\-=]/.test(given) ? given : crypto.randomUUID()
}

/**
 * Headers of the Cache API's copy that are ours: the once-per-form values, the expiry, and the page's own
 * cache-control (the copy's own says `public`, since the Cache API keeps nothing `private`).
 */
const ONCE_HEADER = 'x-edge-once'
const EXPIRES_HEADER = 'x-edge-expires'
const POLICY_HEADER = 'x-edge-policy'
/**
 * Headers written per response, never stored: ours, and what the Cache API says about its copy (its age, date and
 * status, and the stored body's length, which a hit's fresh once-per-form values need not keep).
 */
const PER_RESPONSE = [
  'content-security-policy',
  'x-request-id',
  EDGE_CACHE_HEADER,
  ONCE_HEADER,
  EXPIRES_HEADER,
  POLICY_HEADER,
  'age',
  'cf-cache-status',
  'content-length',
  'date',
]

/** A page from the Cache API (another isolate rendered it), kept in this isolate's memory too. */
async function fromCacheApi(cache: Cache, key: string, now: number, memory: PageMemory): Promise<StoredPage | null> {
  const res = await cache.match(key)
  if (!res) return null
  const expires = Number(res.headers.get(EXPIRES_HEADER))
  const csp = res.headers.get('content-security-policy')
  if (!(expires > now) || !csp) {
    await res.body?.cancel()
    return null
  }
  const once = (res.headers.get(ONCE_HEADER) ?? '').split(' ').filter(Boolean)
  const policy = res.headers.get(POLICY_HEADER) ?? CachePolicy.anonymousPage
  const headers = [
    ...storedHeaders(res.headers).map(([name, value]) => [name, name === 'cache-control' ? policy : value] as const),
    ['content-security-policy', csp] as const,
  ]
  const page = storedPage(await res.text(), once, headers, expires)
  memory.set(key, page)
  return page
}

/** The Cache API's copy of a stored page: its HTML as rendered, the once-per-form values and expiry in headers. */
function cacheApiCopy(page: StoredPage): Response {
  const headers = new Headers(page.headers as [string, string][])
  headers.set(ONCE_HEADER, page.onceValues.join(' '))
  headers.set(EXPIRES_HEADER, String(page.expires))
  headers.set(POLICY_HEADER, headers.get('cache-control') ?? '')
  headers.set('cache-control', CachePolicy.anonymousPage)
  return new Response(
    pageBody(page, (value) => value),
    { status: 200, headers },
  )
}

function storedHeaders(headers: Headers): (readonly [string, string])[] {
  return [...headers].filter(([name]) => !PER_RESPONSE.includes(name.toLowerCase()))
}

/**
 * What each cookie the app sets means for a page from the cache. `personal`: the page shows something of this
 * visitor's, or must read their own writes, so it is rendered for them and never stored. `keyed`: the page
 * differs by it, and the key says how (`consentVariant`; the app's shell cookie in `cacheKey`). `unread`: no page reads it (the anti-forgery seed is
 * checked on writes only, the anonymous builds at sign-in only). A cookie the app does not set is never read
 * either. `edge-cache-cookies.test.ts` fails when a cookie the app sets is missing here.
 */
export const COOKIES_AND_THE_CACHE: Readonly<Record<string, 'personal' | 'keyed' | 'unread'>> = {
  [ACCESS_COOKIE]: 'personal',
  [REFRESH_COOKIE]: 'personal',
  [GRAY_COOKIE]: 'personal',
  [TRADE_IN_COOKIE]: 'personal',
  [ORDER_COOKIE]: 'personal',
  [BOOKMARK_COOKIE]: 'personal',
  [CONSENT_COOKIE]: 'keyed',
  [APP_COOKIE]: 'keyed',
  [CSRF_COOKIE]: 'unread',
  [ANONYMOUS_BUILDS_COOKIE]: 'unread',
}
const PERSONAL_COOKIES = Object.keys(COOKIES_AND_THE_CACHE).filter((name) => COOKIES_AND_THE_CACHE[name] === 'personal')

/** Whether the request carries a cookie that makes its page the visitor's own (never stored, never public). */
export function carriesPersonalCookie(request: Request): boolean {
  const header = request.headers.get('cookie')
  if (!header) return false
  const cookies = parse(header)
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined)
}

/** Whether a request may be answered from the cache: an anonymous GET of a page. */
function lookedUp(request: Request): boolean {
  if (request.method !== 'GET' || request.headers.has('authorization')) return false
  const path = getPath(request)
  if (path.startsWith('/api/') || path.startsWith('/dev/') || path.startsWith('/webAuthSdk')) return false
  return !carriesPersonalCookie(request)
}

/**
 * The consent choice a page is rendered for, as the key has it: `c-` with the banner (no choice, or one made under
 * an older wording), else whether analytics and marketing are allowed. The day of the choice is left out: no
 * cacheable page shows it (the cookie settings page, which does, is not indexable).
 */
function consentVariant(request: Request): string {
  const consent = consentOfRequest(request)
  return consent ? `a${consent.analytics ? 1 : 0}m${consent.marketing ? 1 : 0}` : 'c-'
}

/** Whether a rendered response may be stored for everyone with the same key. */
export function storable(res: Response): boolean {
  return (
    res.status === 200 &&
    ANONYMOUS_PAGE_POLICIES.has(res.headers.get('cache-control') ?? '') &&
    !res.headers.has('set-cookie') &&
    (res.headers.get('content-type') ?? '').startsWith('text/html')
  )
}

/**
 * What of the deployment's configuration a page shows (environment, official origin, error reporting in the
 * page), as a short FNV-1a hash: a changed secret or variable never serves pages rendered with the old one.
 */
function configVariant(config: AppConfig): string {
  const text = [config.ENVIRONMENT, config.OFFICIAL_URL, config.SENTRY_DSN, config.SENTRY_TRACES_SAMPLE_RATE].join('|')
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}

/** The cache key: the full request URL plus everything else a cacheable page is rendered from. */
export function cacheKey(request: Request, config: AppConfig, consent = 'c-'): string {
  const userAgent = request.headers.get('user-agent') ?? ''
  const variant = [
    consent,
    CACHE_VERSION,
    BUILD_ID,
    configVariant(config),
    clientTypeOf(userAgent, request.headers.get('sec-ch-ua-mobile')),
    channelOf(userAgent),
    appVariant(appShellOfRequest(request)),
  ].join('.')
  return `${request.url}${request.url.includes('?') ? '&' : '?'}__edge=${variant}`
}

/** Hidden form fields whose value must be unique per response (a retry of one form, not of a stranger's). */
export const ONCE_FIELDS = ['idempotencyKey'] as const

/**
 * The copy of a rendered page to store (once per render, in the background): `nonce` attributes removed, the CSP's
 * nonce replaced by the SHA-256 hashes of the inline scripts and styles it has, the once-per-form values found,
 * and its expiry (rendered at + EDGE_SECONDS).
 */
async function prepare(rendered: Response, renderedAt: number): Promise<StoredPage> {
  const inline = { script: [] as string[], style: [] as string[] }
  const once: string[] = []
  let open: { kind: 'script' | 'style'; index: number } | null = null
  const collect = (kind: 'script' | 'style') => ({
    element(element: Element) {
      open = kind === 'style' || runsInline(element) ? { kind, index: inline[kind].push('') - 1 } : null
    },
    text(chunk: Text) {
      if (!open || open.kind !== kind) return
      inline[kind][open.index] += chunk.text
      if (chunk.lastInTextNode) open = null
    },
  })
  let rewriter = new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.removeAttribute('nonce')
      },
    })
    .on('script', collect('script'))
    .on('style', collect('style'))
  for (const name of ONCE_FIELDS) {
    rewriter = rewriter.on(`input[name="${name}"]`, {
      element(element) {
        const value = element.getAttribute('value')
        if (value) once.push(value)
      },
    })
  }
  const html = await rewriter.transform(rendered).text()
  const csp = hashedPolicy(rendered.headers.get('content-security-policy') ?? '', {
    'script-src': await Promise.all(inline.script.map(hashSource)),
    'style-src': await Promise.all(inline.style.map(hashSource)),
  })
  const headers = [...storedHeaders(rendered.headers), ['content-security-policy', csp] as const]
  // A page with once-per-form values differs in every response (and a browser's old copy would replay an old key):
  // no validator. Any other stored page is the same bytes on every hit, so a revisit can be answered 304.
  if (once.length === 0) headers.push(['etag', await entityTag(html)])
  return storedPage(html, once, headers, renderedAt + EDGE_SECONDS * 1000)
}

/** A weak validator of a stored page's HTML: the first 96 bits of its SHA-256, base64url. */
async function entityTag(html: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(html)))
  const tag = btoa(String.fromCharCode(...digest.slice(0, 12)))
  return `W/"${tag.replaceAll('+', '-').replaceAll('/', '_')}"`
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function noneMatch(header: string | null, tag: string): boolean {
  if (!header) return false
  const bare = (each: string) => each.trim().replace(/^W\//, '')
  return header.split(',').some((each) => each.trim() === '*' || bare(each) === bare(tag))
}

/** An inline script the browser runs (a JSON or JSON-LD data block is not run, and CSP does not apply to it). */
function runsInline(script: Element): boolean {
  if (script.hasAttribute('src')) return false
  const type = (script.getAttribute('type') ?? '').trim().toLowerCase()
  return type === '' || type === 'module' || type.includes('javascript') || type.includes('ecmascript')
}

async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return `'sha256-${btoa(binary)}'`
}

/** The policy with each directive's nonce replaced by the given hashes (a directive left empty allows nothing). */
export function hashedPolicy(policy: string, hashes: Record<string, readonly string[]>): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      const added = hashes[name]
      if (!added) return directive.trim()
      const kept = sources.filter((source) => !source.startsWith("'nonce-"))
      const all = [...kept, ...added]
      return [name, ...(all.length ? all : ["'none'"])].join(' ')
    })
    .join('; ')
}
