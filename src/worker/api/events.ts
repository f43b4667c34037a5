import { Hono } from 'hono'
import { z } from 'zod'
import { AnalyticsBatch } from '../../domain/analytics/events-schema'
import { channelOf } from '../../domain/client-platform'
import { analyticsAllowed } from '../analytics'
import { enqueueEvents, queuedEvents } from '../analytics-queue'
import { limitPerClient } from '../middleware/rate-limit'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { bodyOf, type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiError } from './errors'

/** Events one device may send per minute; a page view sends a handful (browse, scroll depths, a click). */
export const EVENTS_PER_MINUTE = 120

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
 * Whether a batch fits its devices' budget of EVENTS_PER_MINUTE (the EVENTS_DEVICE_LIMITER binding, one count per
 * event), counted at the edge: the events are not in D1 yet when the next batch comes, and reading D1 for every batch
 * would put the peak's load back on the database.
 */
async function withinDeviceBudget(limiter: RateLimit, events: readonly { deviceId: string }[]): Promise<boolean> {
  const outcomes = await Promise.all(events.map((e) => limiter.limit({ key: e.deviceId })))
  return outcomes.every((outcome) => outcome.success)
}

export const eventsApi = new Hono<AppEnv>().post(
  routePath(EVENT_ENDPOINTS.recordEvents),
  // Per client as well as per device: a script inventing device ids is still one address.
  limitPerClient('EVENTS_LIMITER', 'analytics.error.tooMany'),
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
    if (!(await withinDeviceBudget(c.env.EVENTS_DEVICE_LIMITER, events))) {
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
