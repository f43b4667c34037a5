import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { APP_SIGN_IN_PATH } from '../domain/app-bridge'
import { logLine } from '../domain/log'
import { CatalogUnavailableError, catalogsRead, preloadCatalogs } from '../i18n/catalog-store'
import { loadIntlData } from '../i18n/intl-data'
import { SITES, siteForPath } from '../i18n/sites'
import { type BadRecord, createStore } from '../store'
import { tagManagerSources } from './analytics'
import { handleAnalyticsBatch } from './analytics-consumer'
import { ANALYTICS_DEAD_LETTERS, ANALYTICS_QUEUE } from './analytics-queue'
import { api } from './api'
import { requestLocale } from './api/errors'
import { authSdk } from './api/session'
import { handleAppSignIn } from './app-sign-in'
import { carImage } from './car-image'
import { openD1Session } from './d1-session'
import { withEdgeCache } from './edge-cache'
import { appConfig } from './env'
import { errorReportingConfig, reportError, withErrorReporting } from './error-reporting'
import { errorAnswer } from './errors'
import { limitBodies } from './middleware/body-limit'
import { csrfProtection, forgedForm } from './middleware/csrf'
import { responseHeaders } from './middleware/response-headers'
import { isSameOriginPost } from './middleware/same-origin'
import { handleNotificationBatch, type NotificationMessage, sweepOutbox } from './notifications'
import { HANDOVER_CALENDAR_PATH, handleHandoverCalendar } from './order-calendar'
import { handleOrderConfirmationPdf, ORDER_CONFIRMATION_PDF_PATH } from './order-document'
import { matchPage } from './pages'
import { standIn } from './payment-stand-in'
import { handleStripeWebhook } from './payments/context'
import { reconcileScheduled } from './payments/scheduled'
import { STAND_IN_PATH, WEBHOOK_PATH } from './payments/settings'
import { notifyPriceChanges } from './price-changes'
import { protectOrderPrices } from './price-protection'
import { handlePrivacyExport, PRIVACY_EXPORT_PATH } from './privacy-export'
import { seo } from './seo'
import { CachePolicy } from './ssr/cache-policy'
import { handleAction, renderRoute } from './ssr/render'
import type { AppEnv } from './types'

/** A stored row that fails its schema: logged and reported with its table and id, never its content. */
function reportBadRecord(record: BadRecord, requestId: string): void {
  console.error(logLine('error', 'record fails its schema', { requestId, table: record.table, id: record.id }))
  reportError(Object.assign(new Error(`${record.table} ${record.id} fails its schema`), { name: 'BadRecord' }))
}

const app = new Hono<AppEnv>({ strict: false })

/** The error reporter's origin, for the browser SDK, when reporting is on (CSP connect-src). */
function errorReportingSource(c: Context): string {
  try {
    // The config parsed for this request (appConfig parses once per env object).
    const ctx = c as Context<AppEnv>
    const reporting = errorReportingConfig(ctx.get('config') ?? appConfig(ctx.env))
    return reporting ? new URL(reporting.dsn).origin : ''
  } catch {
    return ''
  }
}

/** `ctx.waitUntil` when the runtime gave one (it does in workerd; not in `app.request` tests). */
function backgroundTask(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx
    return (promise) => ctx.waitUntil(promise)
  } catch {
    return undefined
  }
}

// An e-mail's HTML part in the dev mailbox (below) gets what a mail client allows, inline styles and pictures and no
// script, instead of the pages' policy; registered before responseHeaders so that its header is the last word.
app.use('/dev/mailbox/:id', async (c, next) => {
  await next()
  if (c.res.ok)
    c.res.headers.set(
      'content-security-policy',
      "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'",
    )
})
// The request id, the security headers and the page's Content-Security-Policy (its nonce; the tag manager only on
// pages that load it: analytics consent, and a container for the country).
app.use(
  ...responseHeaders({
    tagManager: (c, directive) => tagManagerSources(directive)(c),
    errorReporting: errorReportingSource,
  }),
)
// What every request needs before routing, in one middleware (one step of Hono's chain instead of five: each costs
// its share of every request's CPU):
// - The configuration, validated (appConfig, parsed once per env object); without its secrets, a 503.
// - The message catalogs live in KV, not in the bundle: the site's (and the API caller's), read before anything
//   that writes text (i18n/catalog-store.ts). A locale KV cannot give is served in English; when KV gives no
//   catalog at all, in the English shipped with the Worker (a chunk loaded only then). Such a degraded answer is
//   never stored: not by the edge cache (withEdgeCache, outside, stores only the anonymous-page policy) nor by browsers.
//   Once read (almost every request), nothing is awaited.
// - D1 through the Sessions API: read replicas, and a customer's own writes always visible to them (d1-session.ts).
// - The request's store.
// - Icelandic numbers and dates: the runtime has no data for them; load it (once per isolate) before anything
//   Icelandic is formatted: the Icelandic site's pages, and the API, which answers in any site's language.
app.use(async (c, next) => {
  // Fails closed: a production worker without its secrets serves nothing, rather than falling back to values from
  // the source code (docs/runbooks/deploy.md).
  // A ConfigError is answered by errorAnswer: a 503, logged.
  c.set('config', appConfig(c.env))
  const path = c.req.path
  const locale = siteForPath(path).site.locale
  // The API caller's language only where an answer may be the API's: a page's GET is in its site's language.
  const apiLike = path.startsWith('/api/') || path.startsWith('/webAuthSdk') || c.req.method !== 'GET'
  const locales = apiLike ? [locale, requestLocale(c)] : [locale]
  let degraded = false
  if (!catalogsRead(locales)) {
    const preloaded = await preloadCatalogs(c.env, locales)
    degraded = preloaded.degraded
    if (preloaded.shipped) {
      const outage = new CatalogUnavailableError(locale)
      console.error(
        logLine('error', `${outage.message}: serving the English shipped with the Worker`, {
          requestId: c.get('requestId'),
        }),
      )
      reportError(outage)
    }
  }
  const d1 = openD1Session(c)
  c.set(
    'store',
    createStore(
      { DB: d1.db, KV: c.env.KV },
      {
        waitUntil: backgroundTask(c),
        recentWrite: d1.recentWrite,
        onBadRecord: (record) => reportBadRecord(record, c.get('requestId')),
      },
    ),
  )
  if (path === '/is' || path.startsWith('/is/') || path.startsWith('/api/')) await loadIntlData('is-IS')
  await next()
  d1.finish?.()
  if (degraded) c.res.headers.set('cache-control', CachePolicy.noStore)
})
// Every body, a page form's and the API's, is refused above 64 KB before anything reads it.
app.use(limitBodies())
// Forms of pages, the cookie-consent form included, are checked by the browser's origin headers, not by a token:
// a token needs a cookie set by the page's GET, which would keep the page out of every cache and out of the
// back/forward cache (docs/forgery.md, middleware/same-origin.ts). Before the token check, which is the API's.
// The app's webview exchanges a sign-in code: checked by the origin headers too (app-sign-in.ts), and the code.
for (const site of SITES) app.post(`${site.prefix}${APP_SIGN_IN_PATH}`, (c) => handleAppSignIn(c, site))
// The one dispatch of a page's form: its route's action.
app.post('*', (c, next) => {
  const page = matchPage('POST', c.req.path)
  if (!page) return next()
  if (!isSameOriginPost(c)) throw forgedForm(page.route.refusedPost)
  return handleAction(c, page)
})
// The payment provider's events are signed by the provider (verified in the handler), not by a visitor's token; the
// payment stand-in (outside production only) is the provider's surface, with its own keys.
app.post(WEBHOOK_PATH, handleStripeWebhook)
app.route(STAND_IN_PATH, standIn)
app.use(csrfProtection())

app.route('/api', api)
app.route('/webAuthSdk', authSdk)
app.route('/', seo)
app.route('/', carImage)

// Every error, and every address nothing answered, is decided in one place (errors.ts).
app.notFound((c) => errorAnswer(new HTTPException(404), c))
app.onError(errorAnswer)

// The dev mailbox: every e-mail the storefront "sent", readable outside production; an e-mail's HTML part (the car
// as a picture) opens on its own, as a mail client shows it.
app.get('/dev/mailbox', async (c) => {
  if (c.get('config').ENVIRONMENT === 'production') throw new HTTPException(404)
  const { mailboxPage } = await import('./dev-mailbox')
  return c.html(mailboxPage(await c.get('store').mailbox.newest(50)), 200, { 'cache-control': CachePolicy.none })
})
app.get('/dev/mailbox/:id', async (c) => {
  if (c.get('config').ENVIRONMENT === 'production') throw new HTTPException(404)
  const html = await c.get('store').mailbox.html(c.req.param('id'))
  if (html === null) throw new HTTPException(404)
  return c.html(html, 200, { 'cache-control': CachePolicy.none })
})

for (const site of SITES) app.get(`${site.prefix}${PRIVACY_EXPORT_PATH}`, (c) => handlePrivacyExport(c, site))
for (const site of SITES) app.get(`${site.prefix}${HANDOVER_CALENDAR_PATH}`, (c) => handleHandoverCalendar(c, site))
for (const site of SITES)
  app.get(`${site.prefix}${ORDER_CONFIRMATION_PDF_PATH}`, (c) => handleOrderConfirmationPdf(c, site))

// Pages last: anything not answered above is a page of some site, or the not-found page (a page's form was
// dispatched before the token check).
app.get('*', (c) => {
  const page = matchPage('GET', c.req.path)
  if (!page) throw new HTTPException(404)
  return renderRoute(c, page)
})

export { app }

/**
 * The worker's fetch: anonymous pages from the edge cache, in front of the app, so that a hit runs no router or
 * middleware and renders nothing (edge-cache.ts).
 */
export const serve = withEdgeCache(app.fetch)

/**
 * The worker: pages and API, the consumers of the notification and analytics queues, and the outbox
 * sweep; errors go to Sentry in production when SENTRY_DSN is set (src/worker/error-reporting.ts).
 */
export default withErrorReporting<unknown>({
  fetch: serve,
  queue: async (batch: MessageBatch<unknown>, env: Env) => {
    // Each consumer parses its own messages: analytics events again with zod; notifications name an outbox row.
    if (batch.queue === ANALYTICS_QUEUE || batch.queue === ANALYTICS_DEAD_LETTERS)
      return handleAnalyticsBatch(batch, env)
    // E-mails are written in each customer's language, Icelandic included.
    await loadIntlData('is-IS')
    return handleNotificationBatch(batch as MessageBatch<NotificationMessage>, env)
  },
  scheduled: async (_controller: ScheduledController, env: Env, ctx: ExecutionContext) => {
    ctx.waitUntil(sweepOutbox(env))
    ctx.waitUntil(notifyPriceChanges(env))
    ctx.waitUntil(protectOrderPrices(env))
    ctx.waitUntil(reconcileScheduled(env))
  },
})
