import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { visitor } from '../../../test/visitor'
import type { AnalyticsQueueMessage, QueuedAnalyticsEvent } from '../../domain/analytics/events-schema'
import { CATALOGS } from '../../i18n/catalogs'
import { ANALYTICS_DEAD_LETTERS, ANALYTICS_QUEUE, queuedEvents } from '../analytics-queue'
import worker, { app } from '../index'
import { ADDRESS_EVENTS_PER_MINUTE, EVENTS_PER_MINUTE } from './events'

const today = new Date().toISOString().slice(0, 10)
const consentCookie = (analytics: boolean) => `__Host-consent=v1.${today}.a${analytics ? 1 : 0}.m0`

function event(deviceId: string, overrides: Record<string, unknown> = {}) {
  return {
    event: 'browse',
    label: 'configurator',
    country: 'NO',
    language: 'nb-NO',
    channel: 10,
    deviceId,
    platform: 'PC',
    device: 'windows',
    ...overrides,
  }
}

/** A random device id, as the analytics script makes one. */
const newDevice = () => crypto.randomUUID()

const stored = async (deviceId: string) =>
  (
    await env.DB.prepare('SELECT * FROM analytics_events WHERE device_id = ?1 ORDER BY id')
      .bind(deviceId)
      .all<Record<string, unknown>>()
  ).results

/** A visitor whose consent cookie says what they allowed. */
function withConsent(analytics: boolean) {
  const person = visitor({ language: 'de-AT' })
  const [name = '', value = ''] = consentCookie(analytics).split('=')
  person.jar.set(name, value)
  return person
}

/** The analytics queue as a spy: the messages the endpoint sent and their events, or a queue that refuses all. */
function spyQueue(refuse = false) {
  const messages: AnalyticsQueueMessage[] = []
  const sent: QueuedAnalyticsEvent[] = []
  const send = vi.fn(async (message: AnalyticsQueueMessage) => {
    if (refuse) throw new Error('Queue p5-analytics is unavailable')
    messages.push(message)
    sent.push(...message.events)
  })
  return { queue: { send, sendBatch: vi.fn() } as unknown as Queue, send, messages, sent }
}

/** Posts events to the endpoint of a worker whose analytics queue is `queue`, as a page's script does. */
async function postEvents(queue: Queue, body: unknown, analytics = true, address?: string) {
  const bindings = { ...env, ANALYTICS: queue }
  const csrf = await app.request('/api/csrf', {}, bindings)
  const csrfCookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const { token } = (await csrf.json()) as { token: string }
  return app.request(
    '/api/events',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': token,
        language: 'de-AT',
        cookie: `${csrfCookie}; ${consentCookie(analytics)}`,
        ...(address ? { 'cf-connecting-ip': address } : {}),
      },
      body: JSON.stringify(body),
    },
    bindings,
  )
}

/**
 * Waits, when the wall-clock minute ends within `seconds`, for the next one: the local rate limiter counts in
 * windows aligned to the minute, so a limit test that straddles two windows would see two budgets.
 */
async function awayFromMinuteEdge(seconds = 15): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

/** Runs the worker's queue handler on messages as the analytics queue delivers them; the acks and retries. */
async function consume(bodies: unknown[], attempts = 1, queue = ANALYTICS_QUEUE) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts, body })),
  )
  const ctx = createExecutionContext()
  await worker.queue?.(batch, env, ctx)
  return { result: await getQueueResult(batch, ctx), ids: batch.messages.map((m) => m.id) }
}

describe('POST /api/events', () => {
  it('refuses without analytics consent, in the caller’s language, and queues nothing', async () => {
    const { queue, send } = spyQueue()
    const device = newDevice()
    const refused = await postEvents(queue, { events: [event(device)] }, false)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      error: { code: 'consent_required', message: CATALOGS['de-AT']['analytics.error.noConsent'] },
    })
    const noCookie = await visitor({ language: 'de-AT' }).api('/api/events', { events: [event(device)] })
    expect(noCookie.status).toBe(403)
    expect(send).not.toHaveBeenCalled()
    expect(await stored(device)).toEqual([])
  })

  it('answers 202 at once and queues the batch as one message, each event with its own id', async () => {
    const { queue, send, sent } = spyQueue()
    const device = newDevice()
    const res = await postEvents(queue, {
      events: [event(device), event(device, { event: 'scroll', depth: 50, platform: 'H5', device: 'android' })],
    })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ queued: 2 })
    expect(send).toHaveBeenCalledTimes(1)
    expect(sent).toMatchObject([
      { source: 'client', event: 'browse', deviceId: device, country: 'NO' },
      { source: 'client', event: 'scroll', depth: 50, platform: 'H5', device: 'android' },
    ])
    expect(new Set(sent.map((e) => e.id)).size).toBe(2)
    expect(await stored(device)).toEqual([])
  })

  it('stores a posted event once, through the local queue and its consumer', async () => {
    const device = newDevice()
    const res = await withConsent(true).api('/api/events', { events: [event(device, { label: 'order_detail' })] })
    expect(res.status).toBe(202)
    await vi.waitFor(async () => expect(await stored(device)).toHaveLength(1), { timeout: 20_000, interval: 250 })
    expect((await stored(device))[0]).toMatchObject({
      source: 'client',
      event: 'browse',
      label: 'order_detail',
      country_code: 'NO',
      language: 'nb-NO',
      channel: 10,
      platform: 'PC',
      device: 'windows',
      depth: null,
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  }, 30_000)

  it('stores a redelivered batch once, acknowledging every message both times', async () => {
    const { queue, messages, sent } = spyQueue()
    const device = newDevice()
    const events = Array.from({ length: 30 }, (_, i) => event(device, i % 2 ? { event: 'scroll', depth: 25 } : {}))
    expect((await postEvents(queue, { events: events.slice(0, 20) })).status).toBe(202)
    expect((await postEvents(queue, { events: events.slice(20) })).status).toBe(202)
    for (const attempt of [1, 2]) {
      const { result, ids } = await consume(messages, attempt)
      expect(result.explicitAcks.sort()).toEqual([...ids].sort())
      expect(result.retryMessages).toEqual([])
    }
    const rows = await stored(device)
    expect(rows).toHaveLength(30)
    expect(rows.map((r) => r.event_id).sort()).toEqual(sent.map((e) => e.id).sort())
  })

  it('stores the messages of the dead-letter queue as analytics when they are replayed, once', async () => {
    const { queue, messages, sent } = spyQueue()
    const device = newDevice()
    expect((await postEvents(queue, { events: [event(device), event(device)] })).status).toBe(202)
    for (const attempt of [1, 2]) {
      const { result, ids } = await consume(messages, attempt, ANALYTICS_DEAD_LETTERS)
      expect(result.explicitAcks.sort()).toEqual([...ids].sort())
    }
    expect((await stored(device)).map((r) => r.event_id).sort()).toEqual(sent.map((e) => e.id).sort())
  })

  it('acknowledges the good messages of a batch and drops a bad one with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { queue, messages } = spyQueue()
    const device = newDevice()
    for (const _ of [1, 2]) expect((await postEvents(queue, { events: [event(device)] })).status).toBe(202)
    const bad = { events: [{ ...messages[0]?.events[0], id: crypto.randomUUID(), email: 'ada@example.com' }] }
    const { result, ids } = await consume([messages[0], bad, messages[1]])
    expect(result.explicitAcks.sort()).toEqual([...ids].sort())
    expect(result.retryMessages).toEqual([])
    expect(await stored(device)).toHaveLength(2)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`dropped: not events.*"messageId":"${ids[1]}"`)))
  })

  it('stores the rest of a batch one by one when one message fails in D1, and retries only that one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { queue, messages, sent } = spyQueue()
    const device = newDevice()
    for (const _ of [1, 2, 3]) expect((await postEvents(queue, { events: [event(device)] })).status).toBe(202)
    // An id already taken by an older row (before migration 0027) that a D1 trigger refuses: stands for any event
    // the database rejects although it is well formed.
    const poisoned = sent[1]?.id ?? ''
    await env.DB.prepare(
      `CREATE TRIGGER IF NOT EXISTS refuse_poisoned BEFORE INSERT ON analytics_events
       WHEN NEW.event_id = '${poisoned}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    ).run()
    const { result, ids } = await consume(messages, 2)
    await env.DB.prepare('DROP TRIGGER IF EXISTS refuse_poisoned').run()
    expect(result.explicitAcks.sort()).toEqual([ids[0], ids[2]].sort())
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([ids[1]])
    expect((await stored(device)).map((r) => r.event_id)).toEqual([sent[0]?.id, sent[2]?.id])
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`not stored, retrying.*"messageId":"${ids[1]}".*"error"`)),
    )
  })

  it('drops the events with a warning and answers 503 when the queue refuses them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { queue } = spyQueue(true)
    const device = newDevice()
    const res = await postEvents(queue, { events: [event(device)] })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(await res.json()).toMatchObject({
      error: { code: 'analytics_unavailable', message: CATALOGS['de-AT']['analytics.error.unavailable'] },
    })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/queue unavailable, events dropped.*"events":1,"error"/))
    expect(await stored(device)).toEqual([])
  })

  it('refuses invalid events with field-level errors and queues none of the batch', async () => {
    const { queue, send } = spyQueue()
    const device = newDevice()
    const res = await postEvents(queue, {
      events: [event(device), event(device, { event: 'mouse_move' }), event(device, { email: 'ada@example.com' })],
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { fields: { path: string }[] } }
    expect(body.error.fields.map((f) => f.path)).toEqual(expect.arrayContaining(['events.1.event', 'events.2.email']))
    expect(send).not.toHaveBeenCalled()
  })

  it('refuses a batch without the anti-forgery token', async () => {
    const person = withConsent(true)
    const res = await person.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [event(newDevice())] }),
    })
    expect(res.status).toBe(403)
  })

  it('stores the largest batch the queue delivers, 100 messages of 20 events, in one run', async () => {
    const device = newDevice()
    const received = new Date()
    const messages = Array.from({ length: 100 }, () => ({
      events: queuedEvents(
        Array.from(
          { length: 20 },
          () => ({ ...event(device), deviceId: device }) as Parameters<typeof queuedEvents>[0][0],
        ),
        'client',
        received,
      ),
    }))
    const { result, ids } = await consume(messages)
    expect(result.explicitAcks).toHaveLength(ids.length)
    expect(await stored(device)).toHaveLength(2000)
  })

  it(`limits a device to ${EVENTS_PER_MINUTE} events a minute, counted at the edge`, async () => {
    await awayFromMinuteEdge()
    const { queue, sent } = spyQueue()
    const device = newDevice()
    const batch = { events: Array.from({ length: 20 }, () => event(device)) }
    for (let i = 0; i < EVENTS_PER_MINUTE / 20; i++) expect((await postEvents(queue, batch)).status).toBe(202)
    const refused = await postEvents(queue, batch)
    expect(refused.status).toBe(429)
    expect(sent).toHaveLength(EVENTS_PER_MINUTE)
    // Another device is not held back by this one.
    expect((await postEvents(queue, { events: [event(newDevice())] })).status).toBe(202)
  }, 30_000)

  it(`limits an address to ${ADDRESS_EVENTS_PER_MINUTE} events a minute, whatever device ids it invents`, async () => {
    await awayFromMinuteEdge()
    const { queue, sent } = spyQueue()
    const address = '203.0.113.77'
    const statuses: number[] = []
    // 20 requests of 20 events, each request under a new device id: 400 events from one address.
    for (let i = 0; i < 20; i++) {
      const device = newDevice()
      const batch = { events: Array.from({ length: 20 }, () => event(device)) }
      statuses.push((await postEvents(queue, batch, true, address)).status)
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(ADDRESS_EVENTS_PER_MINUTE / 20)
    expect(statuses.slice(ADDRESS_EVENTS_PER_MINUTE / 20).every((s) => s === 429)).toBe(true)
    expect(sent).toHaveLength(ADDRESS_EVENTS_PER_MINUTE)
    // Another address is not held back by this one.
    expect((await postEvents(queue, { events: [event(newDevice())] }, true, '203.0.113.78')).status).toBe(202)
  }, 30_000)

  it('refuses a batch that names more than one device, and one of more than 20 events', async () => {
    const { queue, send } = spyQueue()
    const mixed = await postEvents(queue, { events: [event(newDevice()), event(newDevice())] })
    expect(mixed.status).toBe(422)
    const device = newDevice()
    const long = await postEvents(queue, { events: Array.from({ length: 21 }, () => event(device)) })
    expect(long.status).toBe(422)
    expect(send).not.toHaveBeenCalled()
  })
})
