import type { Context } from 'hono'
import tagManagerData from '../../data/analytics/tag-manager.json'
import { allows } from '../domain/analytics/consent'
import { type AnalyticsEventName, type AnalyticsLabel, DEVICE_ID_PATTERN } from '../domain/analytics/events'
import { channelOf, deviceOf, platformOf } from '../domain/client-platform'
import { type CountryCode, type Site, siteForPath } from '../i18n/sites'
import { ROUTES } from '../routes'
import { enqueueEvents, queuedEvents } from './analytics-queue'
import { readConsent } from './consent'
import type { AppEnv } from './types'

/** The tag manager's origin: the only third party a page may load, and only with consent. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'
/** Where the tag manager's analytics tags send their hits. */
const TAG_HIT_ORIGINS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

const CONTAINERS: Partial<Record<string, string | null>> = tagManagerData.containers

/** The tag-manager container of a country (data/analytics/tag-manager.json); null where there is none. */
export function tagManagerId(country: CountryCode): string | null {
  return CONTAINERS[country] ?? null
}

/** Whether the visitor allowed the analytics cookie group. */
export function analyticsAllowed(c: Context<AppEnv>): boolean {
  return allows(readConsent(c), 'analytics')
}

/** Route patterns of labelled pages as regular expressions: '/test-drive/:carCode?' → /^\/test-drive(?:\/[^/]+)?$/. */
const LABELLED_PATHS = ROUTES.filter((route) => route.label !== null).map(
  (route) =>
    new RegExp(
      `^${route.path
        .split('/')
        .filter(Boolean)
        .map((part) => (part.endsWith('?') ? '(?:/[^/]+)?' : part.startsWith(':') ? '/[^/]+' : `/${part}`))
        .join('')}/?$`,
    ),
)

/** Whether a path within a site is a page with an analytics label (where the analytics script may load). */
export function isLabelledPage(rest: string): boolean {
  return LABELLED_PATHS.some((pattern) => pattern.test(rest))
}

/**
 * Whether this request's page may load the tag manager: a labelled page, analytics consent, and a
 * container for its country.
 */
export function loadsTagManager(c: Context): boolean {
  // Asked three times per response (one per CSP directive): decided once per request, kept with its variables.
  const ctx = c as Context<AppEnv>
  let loads = ctx.get('loadsTagManager')
  if (loads === undefined) {
    loads = decideTagManager(c)
    ctx.set('loadsTagManager', loads)
  }
  return loads
}

function decideTagManager(c: Context): boolean {
  if (c.req.method !== 'GET' || c.req.path.startsWith('/api/')) return false
  // Cheapest first: most visitors have not consented, and then no page pattern needs testing.
  if (!analyticsAllowed(c as Context<AppEnv>)) return false
  const { site, rest } = siteForPath(c.req.path)
  return tagManagerId(site.countryCode) !== null && isLabelledPage(rest)
}

/** CSP sources added for the tag manager, per directive, on the pages that load it (else none). */
export function tagManagerSources(directive: 'script' | 'connect' | 'img'): (c: Context) => string {
  return (c) => {
    if (!loadsTagManager(c)) return ''
    return directive === 'script' ? TAG_MANAGER_ORIGIN : [TAG_MANAGER_ORIGIN, ...TAG_HIT_ORIGINS].join(' ')
  }
}

/**
 * Records an event the server saw itself (a form submitted without JavaScript), when the visitor's
 * consent allows analytics: it goes to the analytics queue like the script's events. The device id
 * comes from the form when the analytics script added it. A queue that refuses it costs the event,
 * never what the visitor did (enqueueEvents logs a warning).
 */
export async function recordServerEvent(
  c: Context<AppEnv>,
  site: Site,
  label: AnalyticsLabel,
  event: AnalyticsEventName,
  deviceId: string | undefined,
): Promise<void> {
  if (!analyticsAllowed(c)) return
  const userAgent = c.req.header('user-agent') ?? ''
  const received = {
    event,
    label,
    country: site.countryCode,
    language: site.locale,
    channel: channelOf(userAgent),
    deviceId: deviceId && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : null,
    platform: platformOf(userAgent),
    device: deviceOf(userAgent),
  }
  await enqueueEvents(c.env.ANALYTICS, queuedEvents([received], 'server', new Date()), c.get('requestId'))
}
