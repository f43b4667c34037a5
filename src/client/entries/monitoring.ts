/**
 * The browser's error reporter (Sentry). The server adds this small module only in production with
 * a SENTRY_DSN (src/worker/error-reporting.ts), and only to pages that ship JavaScript. It fetches
 * the SDK with a dynamic import once the page is idle, so no page pays for it on first load;
 * errors thrown before then are kept and reported after. Every report is scrubbed of personal data
 * (src/domain/error-report.ts).
 *
 * The SDK is `@sentry/browser`, the core of Sentry's React SDK: `@sentry/react` itself imports
 * React, which would split React out of the pages' hydration chunk and add to every hydrated page's
 * first load. Crashes caught by the page's error boundary reach Sentry through the server
 * (`POST /api/client-errors`).
 */
import { DEFAULT_TRACES_SAMPLE_RATE, scrubReport, scrubSpan } from '../../domain/error-report'

const script = document.querySelector<HTMLScriptElement>('script[data-sentry-dsn]')
const dsn = script?.dataset.sentryDsn

if (dsn) {
  const early: unknown[] = []
  const onError = (event: ErrorEvent) => early.push(event.error ?? event.message)
  const onRejection = (event: PromiseRejectionEvent) => early.push(event.reason)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)

  const load = async () => {
    const Sentry = await import('../sentry')
    Sentry.init({
      dsn,
      environment: script?.dataset.sentryEnvironment,
      tracesSampleRate: Number(script?.dataset.sentryTracesSampleRate ?? DEFAULT_TRACES_SAMPLE_RATE),
      integrations: [Sentry.browserTracingIntegration()],
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        stackFrameVariables: false,
      },
      beforeSend: (event) => scrubReport(event),
      // Spans are streamed; each passes beforeSendSpan (beforeSendTransaction would not see them).
      traceLifecycle: 'stream',
      beforeSendSpan: Sentry.withStreamedSpan((span) => scrubSpan(span)),
      beforeBreadcrumb: (crumb) => scrubReport(crumb),
    })
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    for (const error of early) Sentry.captureException(error)
  }
  const start = () => {
    load().catch(() => {
      // The reporter failed to load (offline, blocked): the page works on without it.
    })
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(start)
  else setTimeout(start, 1)
}
