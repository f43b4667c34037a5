import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { app } from './index'
import { deliverNotification, handleNotificationBatch, type NotificationMessage, sweepOutbox } from './notifications'

async function bookOnce(email: string) {
  const slots = (await (await visitor().request('/api/v1/stores/se-goteborg-avenyn/slots?site=/se')).json()) as {
    slots: { start: string }[]
  }
  const res = await visitor().postForm('/se/test-drive/p5', {
    storeId: 'se-goteborg-avenyn',
    modelCode: 'p5',
    slotStart: slots.slots[3]?.start ?? '',
    name: 'Selma Lagerlöf',
    email,
    phone: '070 123 45 67',
    privacyAccepted: 'yes',
  })
  expect(res.status).toBe(303)
  const row = await env.DB.prepare('SELECT id FROM notifications WHERE recipient = ?1')
    .bind(email)
    .first<{ id: string }>()
  return row?.id ?? ''
}

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
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      APP_SECRET: 'x'.repeat(40),
      GRAY_ACCESS_CODE: 'gray-code-123',
    } as unknown as Env
    expect((await app.request('/dev/mailbox', {}, production)).status).toBe(404)
  })
})
