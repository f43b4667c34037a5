import { z } from 'zod'

/** Signs tokens in development and tests only; production refuses to run without its own `APP_SECRET`. */
const DEV_SECRET = 'development-only-secret-never-used-in-production'
/** The gray-release code in development and tests only (docs/runbooks/secret-rotation.md); production needs `GRAY_ACCESS_CODE`. */
export const DEV_GRAY_CODE = 'preview-2026'

/** The Worker secrets and settings production cannot run without (docs/runbooks/deploy.md). */
export const REQUIRED_SECRETS = [
  'APP_SECRET',
  'GRAY_ACCESS_CODE',
  'OFFICIAL_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const

/**
 * The storefront's origin outside production when none is configured: `npm run serve` passes its own
 * (`http://localhost:$PORT`); never the request's Host.
 */
export const DEV_OFFICIAL_URL = 'http://localhost:8787'

/** The bindings of wrangler.toml: without one the worker is misconfigured, in every environment. */
export const REQUIRED_BINDINGS = [
  'DB',
  'KV',
  'NOTIFY',
  'ANALYTICS',
  'EVENTS_LIMITER',
  'EVENTS_DEVICE_LIMITER',
  'CLIENT_ERRORS_LIMITER',
  'CAR_PNG_LIMITER',
] as const

/** The bindings the env lacks (a binding is an object; a missing one is undefined or a plain var). */
function missingBindings(env: Env): string[] {
  const given = env as unknown as Record<string, unknown>
  return REQUIRED_BINDINGS.filter((name) => typeof given[name] !== 'object' || given[name] === null)
}

const EnvSchema = z
  .object({
    // Production unless local configuration says otherwise (`.dev.vars`, `--var ENVIRONMENT:development`): a
    // deployment never inherits development behaviour from a default.
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('production'),
    /**
     * The storefront's public origin, e.g. https://www.example.com: every absolute URL (canonical links, sitemaps,
     * e-mail links, share links) is built from it, never from the request's Host. Required in production, over HTTPS.
     */
    OFFICIAL_URL: z.url().optional(),
    /** Signs anti-forgery tokens, sessions and the gray-release cookie. `wrangler secret put APP_SECRET`. */
    APP_SECRET: z.string().min(32).optional(),
    /** The code of the gray release (/grayLogin). `wrangler secret put GRAY_ACCESS_CODE`. */
    GRAY_ACCESS_CODE: z.string().min(8).optional(),
    /**
     * Where errors are reported (Sentry), in production only; without it nothing is reported.
     * `wrangler secret put SENTRY_DSN`. The browser gets it too (a DSN is public by design).
     */
    SENTRY_DSN: z.url().optional(),
    /**
     * Stripe's secret API key (`sk_live_…`, or a restricted `rk_live_…`; `sk_test_…` for a sandbox). Required in
     * production; elsewhere the local stand-in answers without it. `wrangler secret put STRIPE_SECRET_KEY`.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(live|test)_\w{8,}$/)
      .optional(),
    /** The signing secret of the storefront's webhook endpoint at Stripe (`whsec_…`). `wrangler secret put STRIPE_WEBHOOK_SECRET`. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/)
      .optional(),
    /** Another Stripe API base outside production (a Stripe mock server); production always uses api.stripe.com. */
    STRIPE_API_URL: z.url().optional(),
    /** Share of requests traced for error reporting, 0–1 (default 0.05). */
    SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  })
  .transform((env, ctx) => {
    const official = (url: string) => url.replace(/\/$/, '')
    if (env.ENVIRONMENT === 'production') {
      for (const name of REQUIRED_SECRETS) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required in production` })
      }
      if (env.OFFICIAL_URL && !env.OFFICIAL_URL.startsWith('https://'))
        ctx.addIssue({ code: 'custom', path: ['OFFICIAL_URL'], message: 'OFFICIAL_URL must be https in production' })
      if (
        !env.APP_SECRET ||
        !env.GRAY_ACCESS_CODE ||
        !env.OFFICIAL_URL ||
        !env.STRIPE_SECRET_KEY ||
        !env.STRIPE_WEBHOOK_SECRET
      )
        return z.NEVER
      return {
        ...env,
        APP_SECRET: env.APP_SECRET,
        GRAY_ACCESS_CODE: env.GRAY_ACCESS_CODE,
        OFFICIAL_URL: official(env.OFFICIAL_URL),
        STRIPE_API_URL: undefined,
      }
    }
    return {
      ...env,
      APP_SECRET: env.APP_SECRET ?? DEV_SECRET,
      GRAY_ACCESS_CODE: env.GRAY_ACCESS_CODE ?? DEV_GRAY_CODE,
      OFFICIAL_URL: official(env.OFFICIAL_URL ?? DEV_OFFICIAL_URL),
    }
  })

export type AppConfig = z.output<typeof EnvSchema>

/** The worker's configuration is unusable (a binding is missing, or a production secret is missing or malformed). */
export class ConfigError extends Error {
  /** The names of the settings at fault; never their values. */
  readonly settings: string[]
  constructor(settings: string[]) {
    super(`The worker is misconfigured: ${settings.join(', ')} missing or invalid`)
    this.name = 'ConfigError'
    this.settings = settings
  }
}

const parsed = new WeakMap<object, AppConfig>()

/**
 * The validated configuration of the worker, parsed once per env object. Throws a `ConfigError` when a binding of
 * wrangler.toml is missing or a setting is invalid.
 */
export function appConfig(env: Env): AppConfig {
  let config = parsed.get(env)
  if (!config) {
    const result = EnvSchema.safeParse(env)
    const missing = missingBindings(env)
    if (!result.success || missing.length > 0) {
      const settings = result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? 'ENVIRONMENT'))
      throw new ConfigError([...new Set([...missing, ...settings])])
    }
    config = result.data
    parsed.set(env, config)
  }
  return config
}
