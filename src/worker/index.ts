import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { APP_SIGN_IN_PATH } from '../domain/app-bridge'
import { loadIntlData } from '../i18n/intl-data'
import { SITES } from '../i18n/sites'
import { tagManagerSources } from './analytics'
import { handleAnalyticsBatch } from './analytics-consumer'
import { ANALYTICS_DEAD_LETTERS, ANALYTICS_QUEUE } from './analytics-queue'
import { api } from './api'
import { authSdk } from './api/session'
import { handleAppSignIn } from './app-sign-in'
import { carImage } from './car-image'
import { withEdgeCache } from './edge-cache'
import { appConfig } from './env'
import { errorReportingConfig, withErrorReporting } from './error-reporting'
import { errorAnswer } from './errors'
import { limitBodies } from './middleware/body-limit'
import { readCatalogs } from './middleware/catalogs'
import { loadConfig } from './middleware/config'
import { csrfProtection, forgedForm } from './middleware/csrf'
import { icelandicData } from './middleware/icelandic-data'
import { responseHeaders } from './middleware/response-headers'
import { isSameOriginPost } from './middleware/same-origin'
import { openStore } from './middleware/store'
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
// What every request needs before routing, in this order: the validated configuration (a 503 without its secrets),
// the message catalogs, the request's store on a D1 session, and Icelandic number and date data where it is needed.
app.use(loadConfig(), readCatalogs(), openStore(), icelandicData())
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
app.get('/dev/mailbox/:id/message.eml', async (c) => {
  if (c.get('config').ENVIRONMENT === 'production') throw new HTTPException(404)
  const mail = await c.get('store').mailbox.message(c.req.param('id'))
  if (!mail) throw new HTTPException(404)
  const { mailboxEml } = await import('./dev-mailbox')
  return c.body(mailboxEml(mail), 200, {
    'content-type': 'message/rfc822',
    'content-disposition': `attachment; filename="${mail.id}.eml"`,
    'cache-control': CachePolicy.none,
  })
})
app.get('/dev/mailbox/:id/:index{[0-9]{1,2}}', async (c) => {
  if (c.get('config').ENVIRONMENT === 'production') throw new HTTPException(404)
  const mail = await c.get('store').mailbox.message(c.req.param('id'))
  const file = mail?.attachments[Number(c.req.param('index'))]
  if (!file) throw new HTTPException(404)
  return c.body(new Uint8Array(file.content), 200, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': CachePolicy.none,
  })
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
