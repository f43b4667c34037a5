// No zod here: the browser's analytics script imports this module. Schemas live in events-schema.ts.
import type { CountryCode, Locale } from '../catalog/markets'
import type { ClientPlatform, Device } from '../client-platform'

/** Page labels reported to analytics (SPEC §2); each route names one or none. */
export const ANALYTICS_LABELS = [
  'configurator',
  'configuration_overview',
  'order_personal_info_submission',
  'select_payment',
  'order_success',
  'book_a_test_drive',
  'book_a_test_drive_successful',
  'blind_order_incentive',
  'order_term',
  'order_detail',
  'cancelation_request_submission_successful',
  // Ours: SPEC §2 names no label for the quick-delivery list.
  'quick_delivery',
] as const
export type AnalyticsLabel = (typeof ANALYTICS_LABELS)[number]

/** The events of SPEC §7, sent only when the analytics cookie group is allowed. */
export const ANALYTICS_EVENTS = [
  'configurator_start_engagement',
  'scroll',
  'browse',
  'overview_next_step',
  'overview_browse',
  'order_form_browse',
  'order_form_submit',
  'test_drive_browse',
  'test_drive_submit',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number]

/** How far down a page a `scroll` event reports, in percent; each is sent once per page view. */
export const SCROLL_DEPTHS = [25, 50, 75, 100] as const
export type ScrollDepth = (typeof SCROLL_DEPTHS)[number]

/** One event as the tag manager's data layer and the internal reporter receive it. */
export interface AnalyticsEvent {
  event: AnalyticsEventName
  label: AnalyticsLabel
  country: CountryCode
  language: Locale
  channel: 10 | 20
  deviceId: string
  platform: ClientPlatform
  device: Device
  /** Scroll depth in percent, for `scroll` only. */
  depth?: ScrollDepth
}

/** Most events per batch to the reporter; a page sends at most a handful. */
export const MAX_EVENTS_PER_BATCH = 20

/**
 * The browsing event of a page: the overview, the order form and the test drive have their own
 * (SPEC §7); every other labelled page reports plain `browse`.
 */
export function browseEventOf(label: AnalyticsLabel): AnalyticsEventName {
  if (label === 'configuration_overview') return 'overview_browse'
  if (label === 'order_personal_info_submission') return 'order_form_browse'
  if (label === 'book_a_test_drive') return 'test_drive_browse'
  return 'browse'
}

/** The submission event of a page's form, or null for pages whose forms are not tracked. */
export function submitEventOf(label: AnalyticsLabel): AnalyticsEventName | null {
  if (label === 'order_personal_info_submission') return 'order_form_submit'
  if (label === 'book_a_test_drive') return 'test_drive_submit'
  return null
}

/**
 * The scroll depths newly reached, given how far the visitor has scrolled and what was sent.
 *
 * @example
 * scrollDepthsReached(1500, 800, 2000, new Set([25])) // [50, 75, 100]: (1500 + 800) / 2000 ≥ 100 %
 */
export function scrollDepthsReached(
  scrollTop: number,
  viewportHeight: number,
  documentHeight: number,
  sent: ReadonlySet<ScrollDepth>,
): ScrollDepth[] {
  if (documentHeight <= 0) return []
  const seen = Math.min(100, ((scrollTop + viewportHeight) / documentHeight) * 100)
  return SCROLL_DEPTHS.filter((depth) => seen >= depth && !sent.has(depth))
}

/** A device id: a random UUID (v4), never derived from the visitor. */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
