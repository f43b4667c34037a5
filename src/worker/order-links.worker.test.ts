import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { customerWithBuild, placedOrderId } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { renderNotification } from './notification-mail'

const de = CATALOGS['de-DE']

/** A private cash order on the German site (no account menu), as the form posts it without JavaScript. */
const GERMAN_ORDER_FORM = {
  kind: 'order',
  firstName: 'Lena',
  lastName: 'Schmidt',
  zip: '10115',
  city: 'Berlin',
  street: 'Invalidenstraße 1',
  phone: '030 1234567',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
  orderAgreement: 'yes',
}

async function germanOrder(email: string) {
  const { person, configurationId } = await customerWithBuild('/de')
  const res = await person.postForm(`/de/configurator/info-submission/${configurationId}`, {
    ...GERMAN_ORDER_FORM,
    email,
  })
  expect(res.status).toBe(303)
  const id = placedOrderId(res)
  const row = await env.DB.prepare('SELECT number FROM orders WHERE id = ?1').bind(id).first<{ number: string }>()
  return { person, id, number: row?.number ?? '' }
}

/** The latest e-mail of a kind to an address, as the customer reads it. */
async function latestMail(recipient: string, kind: string) {
  const row = await env.DB.prepare(
    'SELECT * FROM notifications WHERE recipient = ?1 AND kind = ?2 ORDER BY rowid DESC LIMIT 1',
  )
    .bind(recipient, kind)
    .first<Parameters<typeof renderNotification>[1]>()
  return row ? renderNotification(env, row) : null
}

const linkIn = (text: string) => /https?:\/\/\S+\/de\/order\/link\/[\w-]{43}/.exec(text)?.[0] ?? ''

describe('order links', () => {
  it('lead from the order e-mail into that one order, once, in a browser that never signed in', async () => {
    const { id, number } = await germanOrder('lena.link@example.de')
    const mail = await latestMail('lena.link@example.de', 'orderPlaced')
    const link = linkIn(mail?.body ?? '')
    expect(link).not.toBe('')
    expect(mail?.html).toContain(`href="${link}"`)
    const path = new URL(link).pathname
    const stranger = visitor()
    // Without the link, the order is not there for another browser.
    expect((await stranger.request(`/de/order/${id}`)).status).not.toBe(200)
    // Opening the link uses up nothing (a mail scanner follows links); its button does.
    const opened = decode(await (await stranger.request(path)).text())
    expect(opened).toContain(de['orderLink.heading'].replace('{number}', number))
    const token = path.split('/').at(-1) ?? ''
    const used = await stranger.postForm(path, { token })
    expect(used.status).toBe(303)
    expect(used.headers.get('location')).toBe(`/de/order/${id}`)
    const page = decode(await (await stranger.request(`/de/order/${id}`)).text())
    expect(page).toContain(number)
    // Once used, the link is spent: another browser gets "this link no longer works".
    const late = visitor()
    const again = await late.postForm(path, { token })
    expect(again.status).toBe(410)
    expect(decode(await again.text())).toContain(de['orderLink.invalid.heading'])
    expect((await late.request(`/de/order/${id}`)).status).not.toBe(200)
  }, 30_000)

  it('let a browser into its own order only, not another order', async () => {
    const first = await germanOrder('lena.one@example.de')
    const second = await germanOrder('lena.two@example.de')
    const path = new URL(linkIn((await latestMail('lena.one@example.de', 'orderPlaced'))?.body ?? '')).pathname
    const holder = visitor()
    await holder.postForm(path, { token: path.split('/').at(-1) ?? '' })
    expect((await holder.request(`/de/order/${first.id}`)).status).toBe(200)
    expect((await holder.request(`/de/order/${second.id}`)).status).not.toBe(200)
  }, 30_000)
})

describe('find my order', () => {
  it('answers the same whether or not the number and address belong together, and mails only their owner', async () => {
    const { number } = await germanOrder('lena.find@example.de')
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'orderLink'").first<{
      n: number
    }>()
    const asks = [
      { number, email: 'lena.find@example.de' },
      { number, email: 'someone.else@example.de' },
      { number: 'NV-DE-000000', email: 'lena.find@example.de' },
    ]
    const answers: string[] = []
    for (const ask of asks) {
      const res = await visitor().postForm('/de/find-my-order', ask)
      expect(res.status).toBe(200)
      answers.push(decode(await res.text()).match(/role="(?:status|alert)"[^>]*>([^<]*)/)?.[1] ?? '')
    }
    expect(answers).toEqual([de['findOrder.sent'], de['findOrder.sent'], de['findOrder.sent']])
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'orderLink'").first<{
      n: number
    }>()
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1)
    const mail = await latestMail('lena.find@example.de', 'orderLink')
    expect(mail?.subject).toBe(de['mail.orderLink.subject'].replace('{number}', number))
    expect(linkIn(mail?.body ?? '')).not.toBe('')
  })

  it('says field by field what is wrong, in the site language, and sends nothing', async () => {
    const res = await visitor().postForm('/de/find-my-order', { number: 'hello', email: 'not-an-address' })
    expect(res.status).toBe(422)
    const page = decode(await res.text())
    expect(page).toContain('aria-invalid="true"')
    expect(page).not.toContain(de['findOrder.sent'])
  })

  it('is linked from the footer of every site', async () => {
    for (const prefix of ['/de', '/se', '/is', '/th']) {
      const home = decode(await (await visitor().request(prefix)).text())
      expect(home).toContain(`href="${prefix}/find-my-order"`)
    }
  })
})
