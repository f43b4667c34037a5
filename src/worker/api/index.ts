import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { SITES } from '../../i18n/sites'
import { issueCsrfToken } from '../middleware/csrf'
import type { AppEnv } from '../types'
import { apiError, apiMessage } from './errors'

/** A crash in the browser, reported by the client error boundary. Nothing personal is sent. */
export const ClientErrorReport = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  /** The page's path, cut to 200 characters (SPEC §8). */
  url: z.string().max(200),
})

/**
 * JSON endpoints. Validation failures answer 422 with field-level messages in the request's
 * language, in the shape of `ApiErrorBody`.
 */
export const api = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: true }))
  .get('/csrf', async (c) => c.json({ token: await issueCsrfToken(c) }, 200, { 'cache-control': 'private, no-store' }))
  .get('/v1/sites', (c) =>
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
    '/client-errors',
    zValidator('json', ClientErrorReport, (result, c) => {
      if (result.success) return
      const message = apiMessage(c, 'api.error.invalidField')
      return apiError(
        c,
        422,
        'validation',
        'api.error.validation',
        result.error.issues.map((issue) => ({ path: issue.path.join('.'), message })),
      )
    }),
    (c) => {
      const report = c.req.valid('json')
      console.warn(`[${c.get('requestId')}] client error at ${report.url}: ${report.message}`)
      return c.body(null, 204)
    },
  )
  .all('*', (c) => apiError(c, 404, 'not_found', 'api.error.notFound'))
