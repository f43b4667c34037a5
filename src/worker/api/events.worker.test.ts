import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { visitor } from '../../../test/visitor'
import { CATALOGS } from '../../i18n/catalogs'
import { EVENTS_PER_MINUTE } from './events'

const today = new Date().toISOString().slice(0, 10)

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
  person.jar.set('__Host-consent', `v1.${today}.a${analytics ? 1 : 0}.m0`)
  return person
}

describe('POST /api/events', () => {
  it('refuses and stores nothing without analytics consent, in the caller’s language', async () => {
    const device = newDevice()
    for (const person of [visitor({ language: 'de-AT' }), withConsent(false)]) {
      const res = await person.api('/api/events', { events: [event(device)] })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({
        error: { code: 'consent_required', message: CATALOGS['de-AT']['analytics.error.noConsent'] },
      })
    }
    expect(await stored(device)).toEqual([])
  })

  it('stores a batch with the page label, country, language, channel, device and platform', async () => {
    const device = newDevice()
    const res = await withConsent(true).api('/api/events', {
      events: [event(device), event(device, { event: 'scroll', depth: 50, platform: 'H5', device: 'android' })],
    })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ stored: 2 })
    const rows = await stored(device)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      source: 'client',
      event: 'browse',
      label: 'configurator',
      country_code: 'NO',
      language: 'nb-NO',
      channel: 10,
      platform: 'PC',
      device: 'windows',
      depth: null,
    })
    expect(rows[1]).toMatchObject({ event: 'scroll', depth: 50, platform: 'H5', device: 'android' })
  })

  it('refuses invalid events with field-level errors and stores none of the batch', async () => {
    const device = newDevice()
    const res = await withConsent(true).api('/api/events', {
      events: [event(device), event(device, { event: 'mouse_move' }), event(device, { email: 'ada@example.com' })],
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { fields: { path: string }[] } }
    expect(body.error.fields.map((f) => f.path)).toEqual(expect.arrayContaining(['events.1.event', 'events.2.email']))
    expect(await stored(device)).toEqual([])
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

  it(`limits a device to ${EVENTS_PER_MINUTE} events a minute`, async () => {
    const device = newDevice()
    const person = withConsent(true)
    const batch = { events: Array.from({ length: 20 }, () => event(device)) }
    for (let i = 0; i < EVENTS_PER_MINUTE / 20; i++) expect((await person.api('/api/events', batch)).status).toBe(202)
    const refused = await person.api('/api/events', batch)
    expect(refused.status).toBe(429)
    expect(await stored(device)).toHaveLength(EVENTS_PER_MINUTE)
  })
})
