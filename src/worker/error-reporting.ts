import type { CloudflareOptions } from '@sentry/cloudflare'
import { DEFAULT_TRACES_SAMPLE_RATE, scrubReport, scrubSpan } from '../domain/error-report'
import { type AppConfig, appConfig } from './env'

/** The SDK, once a worker with a DSN has loaded it (src/worker/sentry.ts); until then nothing is reported. */
let sentry: typeof import('./sentry') | undefined

async function loadSentry(): Promise<typeof import('./sentry')> {
  sentry ??= await import('./sentry')
  return sentry
}

/**
 * Error reporting (Sentry), on the server and in the browser: only in production and only when
 * `SENTRY_DSN` is set; traces sampled at `SENTRY_TRACES_SAMPLE_RATE` (default 5 %); every event scrubbed of personal
 * data by `scrubReport` and every span by `scrubSpan` (no cookies, headers, bodies, query strings, user or IP; URL
 * cut to 200).
 */
export function errorReportingConfig(
  config: AppConfig,
): { dsn: string; environment: string; tracesSampleRate: number } | null {
  return config.ENVIRONMENT === 'production' && config.SENTRY_DSN
    ? {
        dsn: config.SENTRY_DSN,
        environment: config.ENVIRONMENT,
        tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE ?? DEFAULT_TRACES_SAMPLE_RATE,
      }
    : null
}

/** Sentry's data collection with everything personal off (the same for the browser SDK). */
export const PRIVATE_DATA_COLLECTION: NonNullable<CloudflareOptions['dataCollection']> = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  stackFrameVariables: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
}

/** The Sentry options for an env, or undefined when nothing is reported there. */
export function sentryOptions(env: Env, overrides: Partial<CloudflareOptions> = {}): CloudflareOptions | undefined {
  let config: AppConfig
  try {
    config = appConfig(env)
  } catch {
    // A misconfigured worker fails on its first request anyway, with the reason in the log.
    return undefined
  }
  const reporting = errorReportingConfig(config)
  if (!reporting) return undefined
  return {
    dsn: reporting.dsn,
    environment: reporting.environment,
    tracesSampleRate: reporting.tracesSampleRate,
    // Collect nothing about the visitor in the first place; scrubReport and scrubSpan remove what slips through.
    dataCollection: PRIVATE_DATA_COLLECTION,
    beforeSend: (event) => scrubReport(event),
    // The SDK streams spans (its default): each one, the request's root span included, passes `beforeSendSpan`
    // (marked for streamed spans by src/worker/sentry.ts); `beforeSendTransaction` is never called for them.
    traceLifecycle: 'stream',
    beforeSendSpan: (span) => scrubSpan(span),
    beforeBreadcrumb: (crumb) => scrubReport(crumb),
    ...overrides,
  }
}

/**
 * The worker's handler, reporting errors when `sentryOptions` gives options for the env: the SDK is imported
 * then (once per isolate) and wraps the handler. Otherwise the handler runs untouched, so development, tests and
 * a deployment without a DSN neither load nor pay for the SDK, and the Worker's main module does not carry it.
 */
export function withErrorReporting<Message>(
  handler: ExportedHandler<Env, Message> & Required<Pick<ExportedHandler<Env, Message>, 'fetch'>>,
  overrides: Partial<CloudflareOptions> = {},
): ExportedHandler<Env, Message> & Required<Pick<ExportedHandler<Env, Message>, 'fetch'>> {
  let reported: ExportedHandler<Env, Message> | undefined
  const pick = async (env: Env): Promise<ExportedHandler<Env, Message>> => {
    if (!sentryOptions(env)) return handler
    const sdk = await loadSentry()
    reported ??= sdk.reportingHandler((env: Env) => sentryOptions(env, overrides), { ...handler })
    return reported
  }
  return {
    fetch: async (request, env, ctx) =>
      ((await pick(env)).fetch as NonNullable<typeof handler.fetch>)(request, env, ctx),
    ...(handler.queue
      ? {
          queue: async (batch, env, ctx) =>
            ((await pick(env)).queue as NonNullable<typeof handler.queue>)(batch, env, ctx),
        }
      : {}),
    ...(handler.scheduled
      ? {
          scheduled: async (controller, env, ctx) =>
            ((await pick(env)).scheduled as NonNullable<typeof handler.scheduled>)(controller, env, ctx),
        }
      : {}),
  }
}

/** Reports an error the app handled itself (its error page was shown); a no-op when reporting is off. */
export function reportError(error: unknown, context?: Record<string, string>): void {
  sentry?.captureException(error, context ? { tags: context } : undefined)
}
