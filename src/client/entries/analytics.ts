/**
 * The analytics script (SPEC §7). The server adds it only with the analytics cookie group allowed,
 * and only on pages with an analytics label; it is its own small module, never part of a page's
 * first-load bundle. Events go to the tag manager's data layer (and the country's container loads,
 * where there is one) and, batched, to the internal reporter `POST /api/events`.
 */
import {
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsLabel,
  browseEventOf,
  MAX_EVENTS_PER_BATCH,
  type ScrollDepth,
  scrollDepthsReached,
  submitEventOf,
} from '../../domain/analytics/events'
import { deviceOf, platformOf } from '../../domain/client-platform'
import type { CountryCode, Locale } from '../../i18n/sites'
import { ensureDeviceId } from '../device'

/** What the server leaves in `#__analytics` (AnalyticsPageConfig in src/worker/ssr/render.tsx). */
interface PageConfig {
  label: AnalyticsLabel
  country: CountryCode
  language: Locale
  languageCode: string
  channel: 10 | 20
  tagManager: string | null
  marketing: boolean
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/** How long events wait to be sent together. */
const BATCH_DELAY_MS = 2000
const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js'

function loadTagManager(container: string, marketing: boolean, dataLayer: unknown[], nonce: string): void {
  // Google's consent mode: what the visitor allowed, before any tag runs.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag commands must be pushed as the arguments object
    dataLayer.push(arguments)
  }
  const marketingState = marketing ? 'granted' : 'denied'
  gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: marketingState,
    ad_user_data: marketingState,
    ad_personalization: marketingState,
  })
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.nonce = nonce
  script.src = `${TAG_MANAGER_URL}?id=${encodeURIComponent(container)}`
  document.head.appendChild(script)
}

type Track = (event: AnalyticsEventName, extra?: { depth?: ScrollDepth }, report?: boolean) => void

function start(config: PageConfig, nonce: string): void {
  const userAgent = navigator.userAgent
  const deviceId = ensureDeviceId()
  const base = {
    label: config.label,
    country: config.country,
    language: config.language,
    channel: config.channel,
    deviceId,
    platform: platformOf(userAgent),
    device: deviceOf(userAgent),
  }
  window.dataLayer ??= []
  const dataLayer = window.dataLayer
  if (config.tagManager) loadTagManager(config.tagManager, config.marketing, dataLayer, nonce)
  const { track, flush } = reporter(config, dataLayer, base)
  track(browseEventOf(config.label))
  watchScrollDepth(track)
  watchPage(config, deviceId, track, flush)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
}

/** Events to the data layer at once and, batched, to the internal reporter `POST /api/events`. */
function reporter(
  config: PageConfig,
  dataLayer: unknown[],
  base: Omit<AnalyticsEvent, 'event' | 'depth'>,
): { track: Track; flush: () => void } {
  let queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  // Fetched at once, so a batch sent as the page is left (a next-step link) goes out before it unloads.
  const token = fetch('/api/csrf', { credentials: 'same-origin' })
    .then((res) => res.json() as Promise<{ token: string }>)
    .then((body) => body.token)
  token.catch(() => {
    // Without a token no batch goes out; the data layer still has every event.
  })

  async function post(events: AnalyticsEvent[]): Promise<void> {
    await fetch('/api/events', {
      method: 'POST',
      credentials: 'same-origin',
      // The page may be leaving (a next-step link): keepalive lets the request finish.
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        country: config.country,
        language: config.languageCode,
        'x-csrf-token': await token,
      },
      body: JSON.stringify({ events }),
    })
  }

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_EVENTS_PER_BATCH)
      queue = queue.slice(MAX_EVENTS_PER_BATCH)
      post(batch).catch(() => {
        // Analytics is best effort: a lost batch never bothers the visitor.
      })
    }
  }

  /** To the data layer at once; to the reporter in the next batch (submissions: the server records them). */
  function track(event: AnalyticsEventName, extra: { depth?: ScrollDepth } = {}, report = true): void {
    const full: AnalyticsEvent = { event, ...base, ...extra }
    dataLayer.push(full)
    if (!report) return
    queue.push(full)
    if (queue.length >= MAX_EVENTS_PER_BATCH) flush()
    else timer ??= setTimeout(flush, BATCH_DELAY_MS)
  }
  return { track, flush }
}

/** Each scroll depth once per page view, checked once per frame while the visitor scrolls. */
function watchScrollDepth(track: Track): void {
  const sent = new Set<ScrollDepth>()
  let scrollPending = false
  window.addEventListener(
    'scroll',
    () => {
      if (scrollPending) return
      scrollPending = true
      requestAnimationFrame(() => {
        scrollPending = false
        const root = document.documentElement
        for (const depth of scrollDepthsReached(window.scrollY, window.innerHeight, root.scrollHeight, sent)) {
          sent.add(depth)
          track('scroll', { depth })
        }
      })
    },
    { passive: true },
  )
}

/** The events of this kind of page: the configurator's first use, the overview's next step, a form's submission. */
function watchPage(config: PageConfig, deviceId: string, track: Track, flush: () => void): void {
  if (config.label === 'configurator') {
    const engage = (event: Event) => {
      if (!(event.target instanceof Node) || !document.getElementById('main')?.contains(event.target)) return
      for (const type of ['pointerdown', 'keydown', 'change'] as const) document.removeEventListener(type, engage, true)
      track('configurator_start_engagement')
    }
    for (const type of ['pointerdown', 'keydown', 'change'] as const) document.addEventListener(type, engage, true)
  }

  if (config.label === 'configuration_overview') {
    document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('.next-steps a')) {
        track('overview_next_step')
        flush()
      }
    })
  }

  const submitEvent = submitEventOf(config.label)
  if (submitEvent) {
    document.addEventListener('submit', () => track(submitEvent, {}, false), true)
    // The server records the submission once it succeeds; the device id goes with the form.
    document.addEventListener('formdata', (event) => event.formData.set('_deviceId', deviceId), true)
  }
}

const element = document.getElementById('__analytics')
if (element?.textContent) start(JSON.parse(element.textContent) as PageConfig, element.nonce ?? '')
