import { Hono } from 'hono'
import { z } from 'zod'
import { AnalyticsBatch } from '../../domain/analytics/events-schema'
import { analyticsAllowed } from '../analytics'
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
      202: { description: 'Stored', schema: z.object({ stored: z.number().int() }) },
      403: { description: 'No analytics consent, or a missing or wrong anti-forgery token' },
      415: { description: 'Not JSON' },
      422: { description: 'Invalid events' },
      429: { description: 'Too many events from this device or address; try again in a minute' },
    },
  },
} satisfies Record<string, EndpointSpec>

export const eventsApi = new Hono<AppEnv>().post(
  routePath(EVENT_ENDPOINTS.recordEvents),
  // Per client as well as per device: a script inventing device ids is still one address.
  limitPerClient('EVENTS_LIMITER', 'analytics.error.tooMany'),
  // Consent first: without it nothing is read, validated or stored.
  async (c, next) => {
    if (!analyticsAllowed(c)) return apiError(c, 403, 'consent_required', 'analytics.error.noConsent')
    await next()
  },
  jsonBody(AnalyticsBatch),
  async (c) => {
    const { events } = bodyOf(c, AnalyticsBatch)
    const store = c.get('store').analytics
    const now = new Date()
    const devices = new Set(events.map((e) => e.deviceId))
    for (const device of devices) {
      const recent = await store.countSince(device, new Date(now.getTime() - 60_000))
      if (recent + events.length > EVENTS_PER_MINUTE) {
        return apiError(c, 429, 'rate_limited', 'analytics.error.tooMany')
      }
    }
    await store.record(events, 'client', now)
    return c.json({ stored: events.length }, 202, { 'cache-control': CachePolicy.none })
  },
)
