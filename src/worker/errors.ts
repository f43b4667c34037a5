import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { logLine } from '../domain/log'
import { PricedCarError } from '../domain/pricing/priced-car'
import { catalog } from '../i18n/catalog-store'
import { intlFor, type MessageKey } from '../i18n/intl'
import { type Site, siteForPath } from '../i18n/sites'
import { type PageError, pageErrorFor } from '../routes/route'
import { UnreadableRecordError } from '../store'
import type { AppError, ErrorType } from '../ui/ErrorPage'
import { ApiProblem, apiError, pricedCarProblem } from './api/errors'
import { ConfigError } from './env'
import { reportError } from './error-reporting'
import { CachePolicy } from './ssr/cache-policy'
import { renderError } from './ssr/render'
import type { AppEnv } from './types'

interface ClientError {
  /** The error page a visitor gets. */
  type: ErrorType
  /** The API's `error.code` and the message key of its `error.message`. */
  code: string
  key: MessageKey
}

/** What each client-error status shows: a page of its own and an API code; any other 4xx is a bad request. */
const CLIENT_ERRORS: Partial<Record<number, ClientError>> = {
  400: { type: 'badRequest', code: 'bad_request', key: 'api.error.badRequest' },
  401: { type: 'forbidden', code: 'unauthorized', key: 'api.error.forbidden' },
  403: { type: 'forbidden', code: 'forbidden', key: 'api.error.forbidden' },
  404: { type: 'notFound', code: 'not_found', key: 'api.error.notFound' },
  409: { type: 'conflict', code: 'conflict', key: 'api.error.conflict' },
  410: { type: 'gone', code: 'gone', key: 'api.error.gone' },
  413: { type: 'tooLarge', code: 'payload_too_large', key: 'api.error.tooLarge' },
  429: { type: 'tooManyRequests', code: 'rate_limited', key: 'api.error.rateLimited' },
}

/** The page and API code of a client-error status (400–499). */
function clientErrorOf(status: number): ClientError {
  return CLIENT_ERRORS[status] ?? (CLIENT_ERRORS[400] as ClientError)
}

// The JSON endpoints: the API and the auth SDK of SPEC §7.
const isApi = (c: Context) => c.req.path.startsWith('/api/') || c.req.path.startsWith('/webAuthSdk/')

/** A production worker without its secrets serves nothing (docs/runbooks/deploy.md): a 503 that no cache keeps. */
function unconfigured(c: Context<AppEnv>, error: ConfigError): Response {
  console.error(`[${c.get('requestId')}] refusing to serve: ${error.message}`)
  return c.text('503 Service Unavailable: the storefront is not configured.', 503, {
    'cache-control': CachePolicy.noStore,
    'retry-after': '300',
  })
}

/**
 * A refusal answered in plain text rather than with a page: a picture's rate limit, where rendering a page would
 * cost what the limit saves.
 *
 * @example
 * throw new PlainRefusal(429, '429 Too Many Requests: try again in a minute.', 60)
 */
export class PlainRefusal extends Error {
  constructor(
    readonly status: 429,
    readonly text: string,
    readonly retryAfter: number,
  ) {
    super(text)
    this.name = 'PlainRefusal'
  }
}

function plainRefusal(c: Context<AppEnv>, refusal: PlainRefusal): Response {
  return c.text(refusal.text, refusal.status, {
    'retry-after': String(refusal.retryAfter),
    'cache-control': CachePolicy.none,
  })
}

/** A PageError's page: its type, in the site's language, with its own title and message where it names them. */
function pageOf(site: Site, error: PageError): AppError {
  const { title, message } = error.text
  if (!title && !message) return { type: error.type }
  const intl = intlFor(site.locale, catalog(site.locale))
  return {
    type: error.type,
    ...(title ? { title: intl.formatMessage({ id: title }) } : {}),
    ...(message ? { message: intl.formatMessage({ id: message }) } : {}),
  }
}

/** The API's answer to a thrown problem, with its `Retry-After` when it names one. */
function problemAnswer(c: Context<AppEnv>, problem: ApiProblem): Response {
  if (problem.retryAfter !== undefined) c.header('retry-after', String(problem.retryAfter))
  return apiError(c, problem.status, problem.code, problem.key, problem.fields)
}

/**
 * The one place that turns a thrown error into an answer (`app.onError` and `app.notFound`): its status, and the
 * error page in the site's language or, under `/api/` (and for every `ApiProblem`), the JSON error shape in the
 * caller's.
 * - `ConfigError` (production without its secrets): a plain 503, logged, kept by no cache.
 * - `ApiProblem` (a handler's or middleware's refusal with a code of its own): its status, code and fields.
 * - `PlainRefusal` (a picture over its rate limit): its status as plain text.
 * - `PageError` (a loader's or action's): its page and status, not reported (a missing record is no fault).
 * - `PricedCarError`: "this configurator does not exist" (404) on a page, 422 per field from the API.
 * - `UnreadableRecordError` (a record read by its id whose row fails its schema): "this record cannot be shown" (500).
 * - `HTTPException` below 500: its status, with that status's page (400, 403, 404, 409, 410, 429…).
 * - anything else: logged and reported, then the 500 page without internals.
 *
 * @example
 * app.onError(errorAnswer)
 * // in a loader or handler:
 * throw new HTTPException(409)
 */
export function errorAnswer(error: unknown, c: Context<AppEnv>): Response | Promise<Response> {
  if (error instanceof ConfigError) return unconfigured(c, error)
  if (error instanceof ApiProblem) return problemAnswer(c, error)
  if (error instanceof PlainRefusal) return plainRefusal(c, error)
  const site = siteForPath(c.req.path).site
  if (error instanceof PricedCarError && isApi(c)) return pricedCarProblem(c, error.problem, c.get('site')?.locale)
  // A record whose row fails its schema: reported by the store when it was read; the visitor is told it cannot be
  // shown (not that it does not exist).
  if (error instanceof UnreadableRecordError) {
    if (isApi(c)) return apiError(c, 500, 'internal', 'api.error.internal')
    return renderError(c, site, { type: 'unreadableRecord' }, 500)
  }
  const page = pageErrorFor(error)
  if (page) {
    if (!isApi(c)) return renderError(c, site, pageOf(site, page), page.status, page.signIn)
    if (page.status >= 500) return apiError(c, 500, 'internal', 'api.error.internal')
    const { code, key } = clientErrorOf(page.status)
    return apiError(c, page.status as ContentfulStatusCode, code, key)
  }
  if (error instanceof HTTPException && error.status < 500) {
    const { type, code, key } = clientErrorOf(error.status)
    const retryAfter = error.status === 429 ? error.getResponse().headers.get('retry-after') : null
    if (retryAfter) c.header('retry-after', retryAfter)
    if (isApi(c)) return apiError(c, error.status, code, key)
    return renderError(c, site, { type }, error.status)
  }
  console.error(logLine('error', 'unhandled', { requestId: c.get('requestId'), error }))
  reportError(error)
  if (isApi(c)) return apiError(c, 500, 'internal', 'api.error.internal')
  return renderError(c, site, { type: 'unexpected' }, 500)
}
