import { describe, expect, it, vi } from 'vitest'
import { MailSendError, mailTransportFor, RESEND_ENDPOINT, resendTransport } from './mail'

const MAIL = { to: 'anne@example.com', subject: 'Your order', text: 'Hello Anne', idempotencyKey: 'notif-123' }

function fakeFetch(status: number, body = '{"id":"re_1"}') {
  return vi.fn<typeof fetch>(async () => new Response(body, { status }))
}

describe('the Resend transport', () => {
  it('posts one JSON e-mail with the key, the sender and the outbox id as idempotency key', async () => {
    const fetcher = fakeFetch(200)
    await resendTransport({ apiKey: 're_test_key', from: 'Nordvolt <orders@mail.example.com>' }, fetcher).send(MAIL)
    expect(fetcher).toHaveBeenCalledTimes(1)
    const [url, init] = fetcher.mock.calls[0] ?? []
    expect(url).toBe(RESEND_ENDPOINT)
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({
      authorization: 'Bearer re_test_key',
      'content-type': 'application/json',
      'idempotency-key': 'notif-123',
    })
    expect(JSON.parse(String(init?.body))).toEqual({
      from: 'Nordvolt <orders@mail.example.com>',
      to: ['anne@example.com'],
      subject: 'Your order',
      text: 'Hello Anne',
    })
  })

  it('sends attachments as Resend takes them: file name, base64 content and content type', async () => {
    const fetcher = fakeFetch(200)
    const pdf = new Uint8Array(70_000).map((_, i) => (i * 7) % 256)
    const ics = new TextEncoder().encode('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')
    await resendTransport({ apiKey: 're_test_key', from: 'a@b.io' }, fetcher).send({
      ...MAIL,
      attachments: [
        { filename: 'order-confirmation-NV-1.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'handover-NV-1.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    })
    const body = JSON.parse(String(fetcher.mock.calls[0]?.[1]?.body)) as {
      attachments: { filename: string; content: string; content_type: string }[]
    }
    expect(body.attachments.map((file) => [file.filename, file.content_type])).toEqual([
      ['order-confirmation-NV-1.pdf', 'application/pdf'],
      ['handover-NV-1.ics', 'text/calendar; charset=utf-8'],
    ])
    expect(Buffer.from(body.attachments[0]?.content ?? '', 'base64').equals(Buffer.from(pdf))).toBe(true)
    expect(Buffer.from(body.attachments[1]?.content ?? '', 'base64').toString()).toBe(
      'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    )
  })

  it('throws on a refusal or an outage, with the status but not the recipient or the answer', async () => {
    for (const status of [401, 422, 429, 500, 503]) {
      const transport = resendTransport({ apiKey: 'k'.repeat(10), from: 'a@b.io' }, fakeFetch(status, MAIL.to))
      const error = await transport.send(MAIL).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MailSendError)
      expect((error as MailSendError).status).toBe(status)
      expect(String(error)).not.toContain(MAIL.to)
    }
  })

  it('passes a network failure on, so the outbox retries', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => {
      throw new TypeError('network down')
    })
    await expect(resendTransport({ apiKey: 'k'.repeat(10), from: 'a@b.io' }, fetcher).send(MAIL)).rejects.toThrow(
      'network down',
    )
  })
})

describe('mailTransportFor', () => {
  it('uses the dev mailbox (null) without secrets and Resend with both', () => {
    expect(mailTransportFor({})).toBeNull()
    expect(mailTransportFor({ MAIL_API_KEY: '', MAIL_FROM: '' })).toBeNull()
    expect(
      mailTransportFor({ MAIL_API_KEY: 're_live_key', MAIL_FROM: 'Nordvolt <orders@mail.example.com>' })?.name,
    ).toBe('resend')
  })

  it('refuses half a configuration or a malformed sender', () => {
    expect(() => mailTransportFor({ MAIL_API_KEY: 're_live_key' })).toThrow()
    expect(() => mailTransportFor({ MAIL_FROM: 'orders@mail.example.com' })).toThrow()
    expect(() => mailTransportFor({ MAIL_API_KEY: 're_live_key', MAIL_FROM: 'not an address' })).toThrow()
  })
})
