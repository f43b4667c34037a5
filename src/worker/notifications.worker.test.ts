import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { bookSwedishTestDrive, productionEnv } from '../../test/fixtures'
import { CATALOGS } from '../i18n/catalogs'
import { app } from './index'
import { deliverNotification, handleNotificationBatch, type NotificationMessage, sweepOutbox } from './notifications'

const bookOnce = (email: string) => bookSwedishTestDrive(email)

function fakeBatch(ids: string[]) {
  const messages = ids.map((id, attempts) => ({
    id,
    body: { id },
    attempts,
    timestamp: new Date(),
    ack: vi.fn(),
    retry: vi.fn(),
  }))
  return { batch: { queue: 'p5-notifications', messages } as unknown as MessageBatch<NotificationMessage>, messages }
}

describe('confirmation e-mails', () => {
  it('renders the booking confirmation in the customer’s language with the store and time, once', async () => {
    const id = await bookOnce('selma@example.com')
    expect(await deliverNotification(env, id)).toBe('sent')
    expect(await deliverNotification(env, id)).toBe('sent')
    const { results } = await env.DB.prepare('SELECT subject, body FROM mailbox WHERE recipient = ?1')
      .bind('selma@example.com')
      .all<{ subject: string; body: string }>()
    expect(results).toHaveLength(1)
    expect(results[0]?.subject).toBe(CATALOGS['sv-SE']['mail.testDriveBooked.subject'])
    expect(results[0]?.body).toContain('Selma Lagerlöf')
    expect(results[0]?.body).toContain('Nordvolt Göteborg')
    // The slot in full: weekday, date with its year, and time.
    expect(results[0]?.body).toMatch(
      /Nordvolt Göteborg (?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag) \d{1,2} [a-zå-ö]+ \d{4} kl\. \d\d:\d\d\./,
    )
  })

  it('acknowledges delivered messages and retries failed ones, never dropping them', async () => {
    const good = await bookOnce('nils@example.com')
    const broken = crypto.randomUUID()
    await env.DB.prepare(
      `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at) VALUES (?1, 'testDriveBooked', 'sv-SE', 'x@example.com', 'not json', ?2)`,
    )
      .bind(broken, new Date().toISOString())
      .run()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { batch, messages } = fakeBatch([good, broken])
    await handleNotificationBatch(batch, env)
    expect(messages[0]?.ack).toHaveBeenCalled()
    expect(messages[1]?.retry).toHaveBeenCalled()
    expect(messages[1]?.ack).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalled()
    const row = await env.DB.prepare('SELECT status, attempts FROM notifications WHERE id = ?1').bind(broken).first()
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('puts anything still pending after five minutes back on the queue', async () => {
    const old = crypto.randomUUID()
    await env.DB.prepare(
      `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at) VALUES (?1, 'quoteRequested', 'da-DK', 'k@example.com', '{"name":"Karen"}', '2020-01-01T00:00:00Z')`,
    )
      .bind(old)
      .run()
    const sendBatch = vi.fn(async () => {})
    const count = await sweepOutbox({ ...env, NOTIFY: { send: vi.fn(), sendBatch } as unknown as Queue })
    expect(count).toBeGreaterThan(0)
    expect(sendBatch).toHaveBeenCalledWith(expect.arrayContaining([{ body: { id: old } }]))
  })
})

describe('the dev mailbox', () => {
  it('shows delivered e-mails outside production and nothing in production', async () => {
    const id = await bookOnce('greta.mailbox@example.com')
    await deliverNotification(env, id)
    const html = await (await app.request('/dev/mailbox', {}, env)).text()
    expect(html).toContain('greta.mailbox@example.com')
    const production = productionEnv()
    expect((await app.request('/dev/mailbox', {}, production)).status).toBe(404)
  })
})

describe('the mail provider', () => {
  const SECRETS = { MAIL_API_KEY: 're_test_0123456789', MAIL_FROM: 'Nordvolt <orders@mail.example.com>' }

  it('sends through the provider when configured, once, and keeps nothing in the dev mailbox', async () => {
    const id = await bookOnce('astrid.provider@example.com')
    const fetcher = vi.fn<typeof fetch>(async () => new Response('{"id":"re_1"}', { status: 200 }))
    expect(await deliverNotification({ ...env, ...SECRETS }, id, new Date(), fetcher)).toBe('sent')
    expect(await deliverNotification({ ...env, ...SECRETS }, id, new Date(), fetcher)).toBe('sent')
    expect(fetcher).toHaveBeenCalledTimes(1)
    const [url, init] = fetcher.mock.calls[0] ?? []
    expect(url).toBe('https://api.resend.com/emails')
    const body = JSON.parse(String(init?.body)) as { to: string[]; subject: string; text: string }
    expect(body.to).toEqual(['astrid.provider@example.com'])
    expect(body.subject).toBe(CATALOGS['sv-SE']['mail.testDriveBooked.subject'])
    expect(body.text).toContain('Nordvolt Göteborg')
    expect(new Headers(init?.headers).get('idempotency-key')).toBe(id)
    const kept = await env.DB.prepare('SELECT COUNT(*) AS n FROM mailbox WHERE notification_id = ?1').bind(id).first()
    expect(kept).toMatchObject({ n: 0 })
  })

  it('keeps the e-mail pending and lets the queue retry while the provider fails', async () => {
    const id = await bookOnce('bertil.provider@example.com')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = vi.fn<typeof fetch>(async () => new Response('overloaded', { status: 503 }))
    const { batch, messages } = fakeBatch([id])
    await handleNotificationBatch(batch, { ...env, ...SECRETS }, failing)
    expect(messages[0]?.retry).toHaveBeenCalled()
    expect(messages[0]?.ack).not.toHaveBeenCalled()
    expect(String(warn.mock.calls[0])).not.toContain('bertil.provider@example.com')
    expect(
      await env.DB.prepare('SELECT status, attempts FROM notifications WHERE id = ?1').bind(id).first(),
    ).toMatchObject({ status: 'pending', attempts: 1 })
    const working = vi.fn<typeof fetch>(async () => new Response('{"id":"re_2"}', { status: 200 }))
    await handleNotificationBatch(fakeBatch([id]).batch, { ...env, ...SECRETS }, working)
    expect(working).toHaveBeenCalledTimes(1)
    expect(await env.DB.prepare('SELECT status FROM notifications WHERE id = ?1').bind(id).first()).toMatchObject({
      status: 'sent',
    })
  })
})

describe('an e-mail that cannot be delivered', () => {
  const SECRETS = { MAIL_API_KEY: 're_test_0123456789', MAIL_FROM: 'Nordvolt <orders@mail.example.com>' }

  it('stops being retried when the provider refuses it as invalid, and says so without the recipient', async () => {
    const id = await bookOnce('not-deliverable.provider@example.com')
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const refusing = vi.fn<typeof fetch>(async () => new Response('{"name":"validation_error"}', { status: 422 }))
    const { batch, messages } = fakeBatch([id])
    await handleNotificationBatch(batch, { ...env, ...SECRETS }, refusing)
    expect(messages[0]?.ack).toHaveBeenCalled()
    expect(messages[0]?.retry).not.toHaveBeenCalled()
    expect(String(error.mock.calls[0])).toContain(id)
    expect(String(error.mock.calls[0])).not.toContain('not-deliverable.provider@example.com')
    expect(await env.DB.prepare('SELECT status FROM notifications WHERE id = ?1').bind(id).first()).toMatchObject({
      status: 'failed',
    })
    // Neither the queue nor the sweep sends it again.
    expect(await deliverNotification({ ...env, ...SECRETS }, id, new Date(), refusing)).toBe('failed')
    expect(refusing).toHaveBeenCalledTimes(1)
  })

  it('keeps retrying while our own key or sender is wrong, which an operator can fix', async () => {
    const id = await bookOnce('wrong-key.provider@example.com')
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unauthorised = vi.fn<typeof fetch>(async () => new Response('{}', { status: 401 }))
    const { batch, messages } = fakeBatch([id])
    await handleNotificationBatch(batch, { ...env, ...SECRETS }, unauthorised)
    expect(messages[0]?.retry).toHaveBeenCalled()
    expect(await env.DB.prepare('SELECT status FROM notifications WHERE id = ?1').bind(id).first()).toMatchObject({
      status: 'pending',
    })
  })

  it('is given up by the sweep after twenty attempts, and no longer queued', async () => {
    const id = crypto.randomUUID()
    await env.DB.prepare(
      `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at, attempts)
       VALUES (?1, 'quoteRequested', 'da-DK', 'k@example.com', '{"name":"Karen"}', '2020-01-01T00:00:00Z', 20)`,
    )
      .bind(id)
      .run()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const sendBatch = vi.fn(async () => {})
    await sweepOutbox({ ...env, NOTIFY: { send: vi.fn(), sendBatch } as unknown as Queue })
    expect(JSON.stringify(sendBatch.mock.calls)).not.toContain(id)
    expect(await env.DB.prepare('SELECT status FROM notifications WHERE id = ?1').bind(id).first()).toMatchObject({
      status: 'failed',
    })
    expect(String(error.mock.calls.flat())).toContain(id)
  })
})
