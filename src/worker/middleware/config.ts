import type { MiddlewareHandler } from 'hono'
import { appConfig } from '../env'
import type { AppEnv } from '../types'

/**
 * The configuration, validated once per env object. Fails closed: a production worker without its secrets serves
 * nothing; the ConfigError is answered by errorAnswer as a 503, logged (docs/runbooks/deploy.md).
 */
export function loadConfig(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    c.set('config', appConfig(c.env))
    return next()
  }
}
