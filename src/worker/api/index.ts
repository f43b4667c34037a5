import { Hono } from 'hono'
import { z } from 'zod'
import { logLine } from '../../domain/log'
import { SITES } from '../../i18n/sites'
import { reportError } from '../error-reporting'
import { issueCsrfToken } from '../middleware/csrf'
import { limitPerClient } from '../middleware/rate-limit'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { APP_ENDPOINTS, appApi } from './app'
import { CATALOG_ENDPOINTS, catalogApi } from './catalog'
import { bodyOf, type EndpointSpec, jsonBody, openApiDocument, routePath } from './endpoint'
import { apiError } from './errors'
import { EVENT_ENDPOINTS, eventsApi } from './events'
import { FINANCE_ENDPOINTS, financeApi } from './finance'
import { SESSION_ENDPOINTS, sessionApi } from './session'
import { TEST_DRIVE_ENDPOINTS, testDriveApi } from './testdrive'
import { TRADE_IN_ENDPOINTS, tradeInApi } from './tradein'

/** A crash in the browser, reported by the client error boundary. Nothing personal is sent. */
export const ClientErrorReport = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  /** The page's path, cut to 200 characters (SPEC §8). */
  url: z.string().max(200),
})

const SiteSummary = z.object({
  prefix: z.string(),
  countryCode: z.string(),
  locale: z.string(),
  languageCode: z.string(),
  currency: z.string(),
  canOrder: z.boolean(),
})

/** Every JSON endpoint, declared once (see EndpointSpec). */
export const ENDPOINTS = {
  health: {
    method: 'get',
    path: '/api/health',
    operationId: 'health',
    summary: 'Liveness check',
    tags: ['platform'],
    responses: { 200: { description: 'The worker answers', schema: z.object({ ok: z.literal(true) }) } },
  },
  csrf: {
    method: 'get',
    path: '/api/csrf',
    operationId: 'antiForgeryToken',
    summary: 'The anti-forgery token for state-changing calls; sets its HttpOnly seed cookie',
    tags: ['platform'],
    responses: { 200: { description: 'The token', schema: z.object({ token: z.string() }) } },
  },
  sites: {
    method: 'get',
    path: '/api/v1/sites',
    operationId: 'listSites',
    summary: 'The storefront’s sites: prefix, country, locale, currency',
    tags: ['sites'],
    responses: { 200: { description: 'Every site', schema: z.array(SiteSummary) } },
  },
  clientErrors: {
    method: 'post',
    path: '/api/client-errors',
    operationId: 'reportClientError',
    summary: 'Report a crash in the browser',
    tags: ['platform'],
    body: ClientErrorReport,
    example: { message: 'TypeError: x is undefined', url: '/no/configurator/p5' },
    responses: {
      204: { description: 'Recorded' },
      403: { description: 'Missing or wrong anti-forgery token' },
      415: { description: 'Not JSON' },
      422: { description: 'Invalid report' },
      429: { description: 'Too many reports from this address; try again in a minute' },
    },
  },
  openapi: {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This document',
    tags: ['platform'],
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  },
  ...SESSION_ENDPOINTS,
  ...CATALOG_ENDPOINTS,
  ...FINANCE_ENDPOINTS,
  ...TEST_DRIVE_ENDPOINTS,
  ...TRADE_IN_ENDPOINTS,
  ...EVENT_ENDPOINTS,
  ...APP_ENDPOINTS,
} satisfies Record<string, EndpointSpec>

const document = openApiDocument(Object.values(ENDPOINTS))

/**
 * JSON endpoints. Validation failures answer 422 with field-level messages in the request's
 * language, in the shape of `ApiErrorBody`.
 */
export const api = new Hono<AppEnv>()
  .get(routePath(ENDPOINTS.health), (c) => c.json({ ok: true as const }))
  .get(routePath(ENDPOINTS.csrf), async (c) =>
    c.json({ token: await issueCsrfToken(c) }, 200, { 'cache-control': CachePolicy.none }),
  )
  .get(routePath(ENDPOINTS.sites), (c) =>
    c.json(
      SITES.map((s) => ({
        prefix: s.prefix,
        countryCode: s.countryCode,
        locale: s.locale,
        languageCode: s.languageCode,
        currency: s.currency,
        canOrder: s.canOrder,
      })),
    ),
  )
  .post(
    routePath(ENDPOINTS.clientErrors),
    limitPerClient('CLIENT_ERRORS_LIMITER', 'api.error.rateLimited'),
    jsonBody(ClientErrorReport),
    (c) => {
      const report = bodyOf(c, ClientErrorReport)
      console.warn(
        logLine('warn', 'client error', { requestId: c.get('requestId'), url: report.url, message: report.message }),
      )
      // To the error reporter too (production with a DSN): a crash the page's error boundary caught.
      reportError(Object.assign(new Error(report.message), { name: 'ClientCrash', stack: report.stack }), {
        source: 'browser',
        url: report.url,
      })
      return c.body(null, 204)
    },
  )
  .get(routePath(ENDPOINTS.openapi), (c) => c.json(document))
  .route('/', sessionApi)
  .route('/', catalogApi)
  .route('/', financeApi)
  .route('/', testDriveApi)
  .route('/', tradeInApi)
  .route('/', eventsApi)
  .route('/', appApi)
  .all('*', (c) => apiError(c, 404, 'not_found', 'api.error.notFound'))
