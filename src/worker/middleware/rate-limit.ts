import type { MiddlewareHandler } from 'hono'
import type { MessageKey } from '../../i18n/intl'
import { ApiProblem } from '../api/errors'
import type { AppEnv } from '../types'

/**
 * Refuses (429, in the caller's language) a client that went over the budget of a Workers Rate Limiting binding:
 * one of the `[[ratelimits]]` of wrangler.toml, counted per Cloudflare location. The client is Cloudflare's
 * `CF-Connecting-IP`; a request without it never came through Cloudflare (local tools, tests) and has no client to
 * count, so it passes, as it does when the binding is missing.
 *
 * @example
 * app.post('/api/client-errors', limitPerClient('CLIENT_ERRORS_LIMITER', 'api.error.rateLimited'), handler)
 */
export function limitPerClient(binding: 'CLIENT_ERRORS_LIMITER', message: MessageKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const client = c.req.header('cf-connecting-ip')
    const limiter = c.env[binding] as RateLimit | undefined
    if (client && limiter && !(await limiter.limit({ key: client })).success)
      throw new ApiProblem(429, 'rate_limited', message, undefined, 60)
    await next()
  }
}
