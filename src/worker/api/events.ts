import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { AnalyticsBatch } from '../../domain/analytics/events-schema'
import { channelOf } from '../../domain/client-platform'
import { analyticsAllowed } from '../analytics'
import { enqueueEvents, queuedEvents } from '../analytics-queue'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { bodyOf, type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiError } from './errors'

/** Events one device may send per minute; a page view sends a handful (browse, scroll depths, a click). */
export const EVENTS_PER_MINUTE = 120
/** Events one address may send per minute, whatever device ids it names (EVENTS_LIMITER in wrangler.toml). */
export const ADDRESS_EVENTS_PER_MINUTE = 300

export const EVENT_ENDPOINTS = {
  recordEvents: {
    method: 'post',
    path: '/api/events',
    operationId: 'recordAnalyticsEvents',
    summary: 'The internal analytics reporter: a batch of events, only with the analytics cookie group allowed',
    tags: ['analytics'],
    body: AnalyticsBatch,
    example: {
      events: [
        {
          event: 'browse',
          label: 'configurator',
          country: 'NO',
          language: 'nb-NO',
          channel: 10,
          deviceId: '3b241101-e2bb-4255-8caf-4136c566a962',
          platform: 'PC',
          device: 'mac',
        },
      ],
    },
    responses: {
      202: { description: 'Queued; stored within seconds', schema: z.object({ queued: z.number().int() }) },
      403: { description: 'No analytics consent, or a missing or wrong anti-forgery token' },
      415: { description: 'Not JSON' },
      422: { description: 'Invalid events' },
      429: { description: 'Too many events from this device or address; try again in a minute' },
      503: { description: 'Queue unavailable: the events were dropped' },
    },
  },
} satisfies Record<string, EndpointSpec>

/**
 * Whether a batch fits a key's budget, one count per event (a Workers Rate Limiting binding counts one per call),
 * counted at the edge: the events are not in D1 yet when the next batch comes, and reading D1 for every batch would
 * put the peak's load back on the database.
 */
async function withinBudget(limiter: RateLimit, key: string, events: readonly unknown[]): Promise<boolean> {
  const outcomes = await Promise.all(events.map(() => limiter.limit({ key })))
  return outcomes.every((outcome) => outcome.success)
}

/**
 * The batch's budgets: its address's (ADDRESS_EVENTS_PER_MINUTE events, the one a client cannot choose; a request
 * that did not come through Cloudflare has no address and is not counted), then its device's (EVENTS_PER_MINUTE).
 */
async function withinBudgets(c: Context<AppEnv>, events: readonly { deviceId: string }[]): Promise<boolean> {
  const address = c.req.header('cf-connecting-ip')
  if (address && !(await withinBudget(c.env.EVENTS_LIMITER, address, events))) return false
  return withinBudget(c.env.EVENTS_DEVICE_LIMITER, events[0]?.deviceId ?? '', events)
}

export const eventsApi = new Hono<AppEnv>().post(
  routePath(EVENT_ENDPOINTS.recordEvents),
  // Consent first: without it nothing is read, validated or queued.
  async (c, next) => {
    if (!analyticsAllowed(c)) return apiError(c, 403, 'consent_required', 'analytics.error.noConsent')
    await next()
  },
  jsonBody(AnalyticsBatch),
  async (c) => {
    // The channel is the request's (the app's webview says 20 in its user agent), whatever the script wrote.
    const channel = channelOf(c.req.header('user-agent') ?? '')
    const events = bodyOf(c, AnalyticsBatch).events.map((event) => ({ ...event, channel }))
    if (!(await withinBudgets(c, events))) {
      c.header('retry-after', '60')
      return apiError(c, 429, 'rate_limited', 'analytics.error.tooMany')
    }
    // Answered at once; the queue's consumer stores them, up to 100 messages in one D1 batch (analytics-queue.ts).
    const queued = queuedEvents(events, 'client', new Date())
    if (!(await enqueueEvents(c.env.ANALYTICS, queued, c.get('requestId')))) {
      c.header('retry-after', '60')
      return apiError(c, 503, 'analytics_unavailable', 'analytics.error.unavailable')
    }
    return c.json({ queued: queued.length }, 202, { 'cache-control': CachePolicy.none })
  },
)
