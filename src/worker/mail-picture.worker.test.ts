import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { describe, expect, it, vi } from 'vitest'
import { bookSwedishTestDrive, expectCarPng, productionEnv, SWEDISH_ORDER_FORM } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { app } from './index'
import { deliverNotification } from './notifications'

const OFFICIAL = 'https://www.nordvolt.example'
const FJORD_BLUE = { version: 'long-range', paint: 'fjord-blue', wheels: 'sport-19', interior: 'vegan-leather-sand' }

/** A signed-in Swede orders a long-range P5 in Fjord Blue on sport wheels; the order's outbox row. */
async function orderFjordBlue(email: string) {
  const person = visitor()
  await person.signUp('/se', { name: 'Anna Berg', email, password: 'correct horse battery' })
  const saved = await person.postForm('/se/configurator/p5', {
    configuration: new URLSearchParams(FJORD_BLUE).toString(),
  })
  const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
  const placed = await person.postForm(`/se/configurator/info-submission/${configurationId}`, {
    ...SWEDISH_ORDER_FORM,
    email,
  })
  expect(placed.status).toBe(303)
  const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
  const row = await env.DB.prepare(
    `SELECT id FROM notifications WHERE kind = 'orderPlaced' AND json_extract(payload, '$.orderId') = ?1`,
  )
    .bind(orderId)
    .first<{ id: string }>()
  return row?.id ?? ''
}

async function mailbox(id: string) {
  return env.DB.prepare('SELECT id, subject, body, html FROM mailbox WHERE notification_id = ?1')
    .bind(id)
    .first<{ id: string; subject: string; body: string; html: string | null }>()
}

/** The attributes of the e-mail's one picture. */
function picture(html: string) {
  const tag = /<img [^>]*>/.exec(html)?.[0] ?? ''
  return Object.fromEntries(
    [...tag.matchAll(/ ([a-z]+)="([^"]*)"/g)].map(([, name, value]) => [name, decode(value ?? '')]),
  )
}

describe('e-mails about a car', () => {
  it('show the car as ordered, as a PNG on the official origin named in the customer’s language, beside the text', async () => {
    const id = await orderFjordBlue(uniqueEmail('anna'))
    expect(await deliverNotification({ ...env, OFFICIAL_URL: `${OFFICIAL}/` }, id)).toBe('sent')
    const mail = await mailbox(id)
    // The text part is kept as it was: no markup in it.
    expect(mail?.body).not.toMatch(/<[a-z]/)
    const html = mail?.html ?? ''
    expect(html).toMatch(/^<!doctype html><html lang="sv-SE">/)
    const img = picture(html)
    expectCarPng(img.src ?? '', OFFICIAL, FJORD_BLUE, '1200x600')
    const src = new URL(img.src ?? '')
    expect(img).toMatchObject({ width: '600', height: '300' })
    expect(img.alt).toContain('Fjordblå')
    // The text's first paragraph is in the HTML too, escaped.
    const first = (mail?.body ?? '').split('\n\n')[0] ?? ''
    expect(decode(html)).toContain(first.split('\n')[0])

    const png = await visitor().request(`${src.pathname}${src.search}`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
  }, 60_000)

  it('go to the mail provider with both parts and the order confirmation attached', async () => {
    const id = await orderFjordBlue(uniqueEmail('berit'))
    const fetcher = vi.fn<typeof fetch>(async () => new Response('{"id":"re_1"}', { status: 200 }))
    const secrets = { MAIL_API_KEY: 're_test_0123456789', MAIL_FROM: 'Nordvolt <orders@mail.example.com>' }
    expect(await deliverNotification({ ...env, ...secrets, OFFICIAL_URL: OFFICIAL }, id, new Date(), fetcher)).toBe(
      'sent',
    )
    const body = JSON.parse(String(fetcher.mock.calls[0]?.[1]?.body)) as {
      text: string
      html: string
      attachments: { filename: string; content: string; content_type: string }[]
    }
    expect(body.text).toBeTruthy()
    expect(picture(body.html).src).toMatch(new RegExp(`^${OFFICIAL}/car/p5/front\\.png\\?.*paint=fjord-blue`))
    expect(body.attachments).toHaveLength(1)
    expect(body.attachments[0]?.filename).toMatch(/^order-confirmation-[\w-]+\.pdf$/)
    expect(body.attachments[0]?.content_type).toBe('application/pdf')
    expect(atob(body.attachments[0]?.content ?? '').startsWith('%PDF-')).toBe(true)
  })

  it('show a test drive’s model as it comes; e-mails about no car stay text only', async () => {
    const testDrive = { id: await bookSwedishTestDrive(uniqueEmail('selma'), 5) }
    await deliverNotification({ ...env, OFFICIAL_URL: OFFICIAL }, testDrive?.id ?? '')
    expect(picture((await mailbox(testDrive?.id ?? ''))?.html ?? '').src).toMatch(
      new RegExp(`^${OFFICIAL}/car/p5/front\\.png\\?version=`),
    )

    const other = visitor()
    await other.signUp('/se', { name: 'Sven', email: uniqueEmail('sven'), password: 'correct horse battery' })
    const confirm = await env.DB.prepare(
      `SELECT id FROM notifications WHERE kind = 'confirmEmail' ORDER BY created_at DESC LIMIT 1`,
    ).first<{ id: string }>()
    await deliverNotification({ ...env, OFFICIAL_URL: OFFICIAL }, confirm?.id ?? '')
    expect((await mailbox(confirm?.id ?? ''))?.html).toBeNull()
  })

  it('open from the dev mailbox as a mail client shows them, with the picture from the site itself', async () => {
    const id = await orderFjordBlue(uniqueEmail('cecilia'))
    // A local run: no mail provider; the picture on the local run's own official origin.
    expect(await deliverNotification(env, id)).toBe('sent')
    const mail = await mailbox(id)
    expect(picture(mail?.html ?? '').src.startsWith('http://local.test/car/p5/front.png?')).toBe(true)
    const list = await (await app.request('/dev/mailbox', {}, env)).text()
    expect(list).toContain(`href="/dev/mailbox/${mail?.id}"`)
    const res = await app.request(`/dev/mailbox/${mail?.id}`, {}, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'")
    expect(await res.text()).toBe(mail?.html)
    // The order confirmation it was sent with downloads from the list.
    expect(list).toMatch(new RegExp(`href="/dev/mailbox/${mail?.id}/0">order-confirmation-[\\w-]+\\.pdf<`))
    const pdf = await app.request(`/dev/mailbox/${mail?.id}/0`, {}, env)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect((await app.request(`/dev/mailbox/${mail?.id}/1`, {}, env)).status).toBe(404)
    // As a mail client receives it: a mail parser finds the two parts as sent and the PDF attached.
    const eml = await app.request(`/dev/mailbox/${mail?.id}/message.eml`, {}, env)
    expect(eml.headers.get('content-type')).toBe('message/rfc822')
    const raw = await eml.text()
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true)
    const parsed = await PostalMime.parse(raw)
    expect(parsed.subject).toBe(mail?.subject)
    expect(parsed.text?.trim()).toBe(mail?.body)
    expect(parsed.html).toBe(mail?.html)
    expect(parsed.attachments.map((file) => [file.mimeType, file.disposition])).toEqual([
      ['application/pdf', 'attachment'],
    ])
    const attached = parsed.attachments[0]?.content
    expect(new TextDecoder().decode(typeof attached === 'string' ? undefined : attached?.slice(0, 5))).toBe('%PDF-')
    const production = productionEnv()
    expect((await app.request(`/dev/mailbox/${mail?.id}`, {}, production)).status).toBe(404)
    expect((await app.request(`/dev/mailbox/${mail?.id}/0`, {}, production)).status).toBe(404)
  })
})
