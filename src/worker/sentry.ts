// Sentry's SDK, imported on demand by error-reporting.ts only when a production worker has a
// DSN: a worker without one (development, tests, a deployment without error reporting) never loads it. It
// imports nothing of the app's, so the bundler keeps the app's modules out of this chunk and this chunk out of
// the main module.
import { type CloudflareOptions, captureException, withSentry, withStreamedSpan } from '@sentry/cloudflare'

export { captureException }

/**
 * The handler wrapped by the SDK, with the options of each env. The options' `beforeSendSpan` is marked for
 * streamed spans (the SDK's default lifecycle), which is how the SDK knows to call it for every span.
 */
export function reportingHandler<Message>(
  options: (env: Env) => CloudflareOptions | undefined,
  handler: ExportedHandler<Env, Message>,
): ExportedHandler<Env, Message> {
  return withSentry((env: Env) => {
    const chosen = options(env)
    const scrub = chosen?.beforeSendSpan
    return chosen && scrub ? { ...chosen, beforeSendSpan: withStreamedSpan(scrub) } : chosen
  }, handler)
}
