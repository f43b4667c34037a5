import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../../test/visitor'
import { CATALOGS } from '../../i18n/catalogs'
import type { NotificationRow as OutboxRow } from '../../store/notifications'
import { renderNotification } from '../notification-mail'

const PASSWORD = 'correct horse battery'
const da = CATALOGS['da-DK']

async function mail(recipient: string, kind: string): Promise<OutboxRow | null> {
  return env.DB.prepare(
    'SELECT * FROM notifications WHERE recipient = ?1 AND kind = ?2 ORDER BY created_at DESC, rowid DESC LIMIT 1',
  )
    .bind(recipient, kind)
    .first<OutboxRow>()
}

const linkOf = (row: OutboxRow | null) => {
  const url = new URL((JSON.parse(row?.payload ?? '{}') as { link?: string }).link ?? 'http://x/')
  return `${url.pathname}${url.search}`
}
const tokenOf = (path: string) => new URL(path, 'http://local.test').searchParams.get('token') ?? ''

async function signedUp(prefix = '/dk') {
  const person = visitor()
  const email = uniqueEmail('confirm')
  expect((await person.signUp(prefix, { name: 'Karen Blixen', email, password: PASSWORD })).status).toBe(303)
  return { person, email }
}

describe('confirming the e-mail address at sign-up', () => {
  it('e-mails a link in the site’s language; opening it asks, and only the posted answer confirms', async () => {
    const { person, email } = await signedUp()
    const row = await mail(email, 'confirmEmail')
    expect(row?.locale).toBe('da-DK')
    const rendered = await renderNotification(env, row as OutboxRow)
    expect(rendered.subject).toBe(da['mail.confirmEmail.subject'])
    const link = linkOf(row)
    expect(link).toMatch(/^\/dk\/auth\/confirm-email\?token=[\w-]{43}$/)
    expect(decode(await (await person.request('/dk/user-center/profile')).text())).toContain(da['profile.unconfirmed'])
    // A mail scanner that follows the link confirms nothing.
    const page = decode(await (await visitor().request(link)).text())
    expect(page).toContain(da['confirmEmail.submit'])
    expect(decode(await (await person.request('/dk/user-center/profile')).text())).toContain(da['profile.unconfirmed'])
    const res = await visitor().postForm('/dk/auth/confirm-email', { token: tokenOf(link) }, link)
    expect(res.status).toBe(303)
    expect(decode(await (await visitor().request(res.headers.get('location') ?? '')).text())).toContain(
      da['confirmEmail.confirmed'],
    )
    expect(decode(await (await person.request('/dk/user-center/profile')).text())).not.toContain(
      da['profile.unconfirmed'],
    )
    const again = await visitor().postForm('/dk/auth/confirm-email', { token: tokenOf(link) }, '/dk/auth/reset')
    expect(again.status).toBe(400)
    expect(decode(await again.text())).toContain(da['reset.error.invalidLink'])
  })

  it('sends the link again from the profile, which voids the first one, and stops after three', async () => {
    const { person, email } = await signedUp()
    const first = linkOf(await mail(email, 'confirmEmail'))
    const res = await person.postForm('/dk/user-center/profile', { intent: 'resendConfirmation' })
    expect(res.status).toBe(303)
    const second = linkOf(await mail(email, 'confirmEmail'))
    expect(second).not.toBe(first)
    expect(decode(await (await visitor().request(first)).text())).toContain(da['reset.error.invalidLink'])
    await person.postForm('/dk/user-center/profile', { intent: 'resendConfirmation' })
    const refused = await person.postForm('/dk/user-center/profile', { intent: 'resendConfirmation' })
    expect(refused.status).toBe(429)
  })
})

describe('changing the e-mail address', () => {
  it('changes it only once the link sent to the new address is opened, and tells the old address', async () => {
    const { person, email } = await signedUp()
    const next = uniqueEmail('new')
    const res = await person.postForm('/dk/user-center/profile', { name: 'Karen Blixen', email: next, phone: '' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/dk/user-center/profile?email=sent')
    // Not yet changed.
    expect((await visitor().signIn('/dk', { email, password: PASSWORD })).status).toBe(303)
    expect((await visitor().signIn('/dk', { email: next, password: PASSWORD })).status).toBe(401)
    const notice = await mail(email, 'emailChangeNotice')
    const told = await renderNotification(env, notice as OutboxRow)
    expect(told.subject).toBe(da['mail.emailChangeNotice.subject'])
    expect(told.body).toContain(next)
    const link = linkOf(await mail(next, 'emailChangeConfirm'))
    const done = await visitor().postForm('/dk/auth/confirm-email', { token: tokenOf(link) }, link)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/dk/auth/confirm-email?done=changed')
    expect((await visitor().signIn('/dk', { email: next, password: PASSWORD })).status).toBe(303)
    expect((await visitor().signIn('/dk', { email, password: PASSWORD })).status).toBe(401)
  })

  it('does not say at the request whether the new address has an account, and refuses it at the link', async () => {
    const other = await signedUp()
    const { person, email } = await signedUp()
    const res = await person.postForm('/dk/user-center/profile', { name: 'Karen', email: other.email, phone: '' })
    expect(res.headers.get('location')).toBe('/dk/user-center/profile?email=sent')
    const link = linkOf(await mail(other.email, 'emailChangeConfirm'))
    const refused = await visitor().postForm('/dk/auth/confirm-email', { token: tokenOf(link) }, link)
    expect(refused.status).toBe(400)
    expect(decode(await refused.text())).toContain(da['profile.error.emailTaken'])
    expect((await visitor().signIn('/dk', { email, password: PASSWORD })).status).toBe(303)
  })

  it('is throttled per account', async () => {
    const { person } = await signedUp()
    for (let i = 0; i < 3; i++) {
      const res = await person.postForm('/dk/user-center/profile', { name: 'K', email: uniqueEmail('n'), phone: '' })
      expect(res.status).toBe(303)
    }
    const refused = await person.postForm('/dk/user-center/profile', { name: 'K', email: uniqueEmail('n'), phone: '' })
    expect(refused.status).toBe(429)
    expect(decode(await refused.text())).toContain(da['auth.error.throttled'])
  })
})
