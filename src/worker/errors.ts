import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { logLine } from '../domain/log'
import { PricedCarError } from '../domain/pricing/priced-car'
import type { MessageKey } from '../i18n/intl'
import { siteForPath } from '../i18n/sites'
import { pageErrorFor } from '../routes/route'
import { UnreadableRecordError } from '../store'
import type { ErrorType } from '../ui/ErrorPage'
import { apiError, pricedCarProblem } from './api/errors'
import { reportError } from './error-reporting'
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

/**
 * The one place that turns a thrown error into an answer (`app.onError` and `app.notFound`): its status, and the
 * error page in the site's language or, under `/api/`, the JSON error shape in the caller's.
 * - `PageError` (a loader's or action's): its page and status, not reported (a missing record is no fault).
 * - `PricedCarError`: "this configurator does not exist" (404) on a page, 422 per field from the API.
 * - `HTTPException` below 500: its status, with that status's page (400, 403, 404, 409, 410, 429…).
 * - anything else: logged and reported, then the 500 page without internals.
 *
 * @example
 * app.onError(errorAnswer)
 * // in a loader or handler:
 * throw new HTTPException(409)
 */
export function errorAnswer(error: unknown, c: Context<AppEnv>): Response | Promise<Response> {
  const site = siteForPath(c.req.path).site
  if (error instanceof PricedCarError && isApi(c)) return pricedCarProblem(c, error.problem)
  // A record whose row fails its schema: reported by the store when it was read; the visitor is told it cannot be
  // shown (not that it does not exist).
  if (error instanceof UnreadableRecordError) {
    if (isApi(c)) return apiError(c, 500, 'internal', 'api.error.internal')
    return renderError(c, site, { type: 'unreadableRecord' }, 500)
  }
  const page = pageErrorFor(error)
  if (page) {
    if (!isApi(c)) return renderError(c, site, { type: page.type }, page.status)
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
