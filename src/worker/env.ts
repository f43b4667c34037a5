import { z } from 'zod'

const DEV_SECRET = 'development-only-secret-never-used-in-production'

const EnvSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    /** The storefront's public origin, e.g. https://www.example.com; defaults to the request's. */
    OFFICIAL_URL: z.url().optional(),
    /** Signs anti-forgery tokens (and later sessions). `wrangler secret put APP_SECRET`. */
    APP_SECRET: z.string().min(32).optional(),
  })
  .transform((env, ctx) => {
    if (env.ENVIRONMENT === 'production' && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET is required in production' })
      return z.NEVER
    }
    return { ...env, APP_SECRET: env.APP_SECRET ?? DEV_SECRET }
  })

export type AppConfig = z.output<typeof EnvSchema>

const parsed = new WeakMap<object, AppConfig>()

/** The validated configuration of the worker, parsed once per env object. Throws when invalid. */
export function appConfig(env: Env): AppConfig {
  let config = parsed.get(env)
  if (!config) {
    config = EnvSchema.parse(env)
    parsed.set(env, config)
  }
  return config
}
