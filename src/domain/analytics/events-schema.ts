import { z } from 'zod'
import { COUNTRY_CODES, LOCALES } from '../catalog/markets'
import { ANALYTICS_EVENTS, ANALYTICS_LABELS, DEVICE_ID_PATTERN, MAX_EVENTS_PER_BATCH, SCROLL_DEPTHS } from './events'

/** One event from the browser; unknown fields are refused, so nothing personal slips in. */
export const AnalyticsEventInput = z.strictObject({
  event: z.enum(ANALYTICS_EVENTS),
  label: z.enum(ANALYTICS_LABELS),
  country: z.enum(COUNTRY_CODES),
  language: z.enum(LOCALES),
  channel: z.union([z.literal(10), z.literal(20)]),
  deviceId: z.string().regex(DEVICE_ID_PATTERN),
  platform: z.enum(['PC', 'H5', 'Android app', 'iOS app']),
  device: z.enum(['windows', 'mac', 'iphone', 'ipad', 'android', 'others']),
  depth: z
    .union(
      SCROLL_DEPTHS.map((d) => z.literal(d)) as [
        z.ZodLiteral<25>,
        z.ZodLiteral<50>,
        z.ZodLiteral<75>,
        z.ZodLiteral<100>,
      ],
    )
    .optional(),
})

/**
 * A batch of events, as the analytics script sends them: at most MAX_EVENTS_PER_BATCH, all of one device (a page has
 * one device id; a batch that names several was not sent by a page).
 */
export const AnalyticsBatch = z.strictObject({
  events: z
    .array(AnalyticsEventInput)
    .min(1)
    .max(MAX_EVENTS_PER_BATCH)
    .refine((events) => events.every((e) => e.deviceId === events[0]?.deviceId), {
      error: 'invalid',
      path: [0, 'deviceId'],
    }),
})
export type AnalyticsBatch = z.output<typeof AnalyticsBatch>

/**
 * An event on the analytics queue, as the edge sends it after checking consent and validating it: its id (made at
 * the edge, so a redelivery is stored once), when it was received, and who saw it ('client': the analytics script;
 * 'server': a form submitted without JavaScript, whose device id may be unknown). The consumer parses every message
 * again: a message that is not one of these is dropped, never stored.
 */
export const QueuedAnalyticsEvent = AnalyticsEventInput.extend({
  id: z.uuid(),
  receivedAt: z.iso.datetime(),
  source: z.enum(['client', 'server']),
  deviceId: z.string().regex(DEVICE_ID_PATTERN).nullable(),
})
export type QueuedAnalyticsEvent = z.output<typeof QueuedAnalyticsEvent>

/** One message on the analytics queue: the events of one request (a page's batch, or the server's one event). */
export const AnalyticsQueueMessage = z.strictObject({
  events: z.array(QueuedAnalyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH),
})
export type AnalyticsQueueMessage = z.output<typeof AnalyticsQueueMessage>
