// Only the parts of the SDK the reporter uses, so the lazily loaded chunk stays small (a dynamic
// import of the whole package would keep every integration).
export { browserTracingIntegration, captureException, init, withStreamedSpan } from '@sentry/browser'
