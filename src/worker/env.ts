import { z } from 'zod'

const DEV_SECRET = 'development-only-secret-never-used-in-production'
/** The gray-release code outside production (README). */
export const DEV_GRAY_CODE = 'preview-2026'

const EnvSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    /** The storefront's public origin, e.g. https://www.example.com; defaults to the request's. */
    OFFICIAL_URL: z.url().optional(),
    /** Signs anti-forgery tokens (and later sessions). `wrangler secret put APP_SECRET`. */
    APP_SECRET: z.string().min(32).optional(),
    /** The code of the gray release (/grayLogin). `wrangler secret put GRAY_ACCESS_CODE`. */
    GRAY_ACCESS_CODE: z.string().min(8).optional(),
    /**
     * Where errors are reported (Sentry), in production only; without it nothing is reported.
     * `wrangler secret put SENTRY_DSN`. The browser gets it too (a DSN is public by design).
     */
    SENTRY_DSN: z.url().optional(),
  })
  .transform((env, ctx) => {
    if (env.ENVIRONMENT === 'production' && (!env.APP_SECRET || !env.GRAY_ACCESS_CODE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET and GRAY_ACCESS_CODE are required in production',
      })
      return z.NEVER
    }
    return { ...env, APP_SECRET: env.APP_SECRET ?? DEV_SECRET, GRAY_ACCESS_CODE: env.GRAY_ACCESS_CODE ?? DEV_GRAY_CODE }
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
