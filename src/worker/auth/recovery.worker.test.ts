import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../../test/visitor'
import { CATALOGS } from '../../i18n/catalogs'
import type { NotificationRow as OutboxRow } from '../../store/notifications'
import { renderNotification } from '../notification-mail'
import { deliverNotification } from '../notifications'

const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new passphrase'
const nb = CATALOGS['nb-NO']
const de = CATALOGS['de-DE']

async function signedUp(prefix = '/no') {
  const person = visitor()
  const email = uniqueEmail('recovery')
  expect((await person.signUp(prefix, { name: 'Ada Lovelace', email, password: PASSWORD })).status).toBe(303)
  return { person, email }
}

async function mails(recipient: string, kind: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT * FROM notifications WHERE recipient = ?1 AND kind = ?2 ORDER BY created_at, rowid',
  )
    .bind(recipient, kind)
    .all<OutboxRow>()
  return results
}

/** The path of the newest reset link e-mailed to an address. */
async function resetLink(email: string): Promise<string> {
  const rows = await mails(email, 'passwordReset')
  const link = (JSON.parse(rows.at(-1)?.payload ?? '{}') as { link?: string }).link ?? ''
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

const tokenOf = (path: string) => new URL(path, 'http://local.test').searchParams.get('token') ?? ''

describe('forgot password (/auth/reset)', () => {
  it('answers the same for an address with and without an account, and e-mails only the account', async () => {
    const { email } = await signedUp()
    const stranger = uniqueEmail('nobody')
    const known = await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const unknown = await visitor().postForm('/no/auth/reset', { intent: 'request', email: stranger })
    expect(known.status).toBe(303)
    expect(unknown.status).toBe(303)
    expect(known.headers.get('location')).toBe(unknown.headers.get('location'))
    const page = decode(await (await visitor().request(known.headers.get('location') ?? '')).text())
    expect(page).toContain(nb['reset.sent'])
    expect(await mails(email, 'passwordReset')).toHaveLength(1)
    expect(await mails(stranger, 'passwordReset')).toHaveLength(0)
  })

  it('e-mails a link in the site’s language that opens the new-password form', async () => {
    const { email } = await signedUp('/de')
    await visitor().postForm('/de/auth/reset', { intent: 'request', email })
    const [row] = await mails(email, 'passwordReset')
    expect(row?.locale).toBe('de-DE')
    const mail = await renderNotification(env, row as OutboxRow)
    const link = (JSON.parse(row?.payload ?? '{}') as { link: string }).link
    expect(link).toMatch(/^http:\/\/local\.test\/de\/auth\/reset\?token=[\w-]{43}$/)
    expect(mail.subject).toBe(de['mail.passwordReset.subject'])
    expect(mail.body).toContain(link)
    const form = decode(await (await visitor().request(await resetLink(email))).text())
    expect(form).toContain(de['reset.choose.heading'])
    expect(form).toMatch(/<input[^>]*type="password"[^>]*name="password"/)
  })

  it('sets the new password, signs out every other session and signs this browser in', async () => {
    const { person: elsewhere, email } = await signedUp()
    expect((await elsewhere.request('/no/user-center/profile')).status).toBe(200)
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const link = await resetLink(email)
    const browser = visitor()
    const done = await browser.postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(link), password: NEW_PASSWORD },
      link,
    )
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/no/user-center/profile?password=changed')
    const profile = decode(await (await browser.request('/no/user-center/profile?password=changed')).text())
    expect(profile).toContain(nb['profile.passwordChanged'])
    // The session that was signed in before the reset is gone, access cookie and refresh token alike.
    expect((await elsewhere.request('/no/user-center/profile')).status).toBe(302)
    expect((await visitor().signIn('/no', { email, password: PASSWORD })).status).toBe(401)
    expect((await visitor().signIn('/no', { email, password: NEW_PASSWORD })).status).toBe(303)
    expect(await mails(email, 'passwordChanged')).toHaveLength(1)
    // The used link is no longer kept in the outbox.
    const [sent] = await mails(email, 'passwordReset')
    expect(JSON.parse(sent?.payload ?? '{}')).toEqual({ name: 'Ada Lovelace' })
  })

  it('withdraws a reset e-mail not yet sent once another link is used: never sent without its link', async () => {
    const { email } = await signedUp()
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const [first] = await mails(email, 'passwordReset')
    const newest = await resetLink(email)
    // The first e-mail has not gone out yet (the queue is slow today).
    await env.DB.prepare(`UPDATE notifications SET status = 'pending' WHERE id = ?1`)
      .bind(first?.id ?? '')
      .run()
    const done = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(newest), password: NEW_PASSWORD },
      newest,
    )
    expect(done.status).toBe(303)
    // Its link is gone from the outbox: it is not delivered with a raw message id where the link was.
    expect(await deliverNotification(env, first?.id ?? '')).toBe('withdrawn')
    const delivered = await env.DB.prepare('SELECT body FROM mailbox WHERE notification_id = ?1')
      .bind(first?.id ?? '')
      .first<{ body: string }>()
    expect(delivered?.body ?? '').not.toContain('mail.passwordReset.body')
  })

  it('refuses a link used a second time', async () => {
    const { email } = await signedUp()
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const link = await resetLink(email)
    const first = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(link), password: NEW_PASSWORD },
      link,
    )
    expect(first.status).toBe(303)
    const again = visitor()
    expect(decode(await (await again.request(link)).text())).toContain(nb['reset.error.invalidLink'])
    const second = await again.postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(link), password: 'someone else entirely' },
      '/no/auth/reset',
    )
    expect(second.status).toBe(400)
    expect(decode(await second.text())).toContain(nb['reset.error.invalidLink'])
    expect((await visitor().signIn('/no', { email, password: 'someone else entirely' })).status).toBe(401)
  })

  it('refuses a link after 30 minutes', async () => {
    const { email } = await signedUp()
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const link = await resetLink(email)
    const row = await env.DB.prepare(
      `SELECT created_at AS createdAt, expires_at AS expiresAt FROM password_resets
       WHERE user_id = (SELECT id FROM users WHERE email = ?1)`,
    )
      .bind(email)
      .first<{ createdAt: string; expiresAt: string }>()
    expect(Date.parse(row?.expiresAt ?? '') - Date.parse(row?.createdAt ?? '')).toBe(30 * 60 * 1000)
    // 31 minutes later.
    await env.DB.prepare(
      `UPDATE password_resets SET created_at = ?2, expires_at = ?3 WHERE user_id = (SELECT id FROM users WHERE email = ?1)`,
    )
      .bind(email, new Date(Date.now() - 31 * 60_000).toISOString(), new Date(Date.now() - 60_000).toISOString())
      .run()
    const late = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(link), password: NEW_PASSWORD },
      '/no/auth/reset',
    )
    expect(late.status).toBe(400)
    expect(decode(await late.text())).toContain(nb['reset.error.invalidLink'])
    expect((await visitor().signIn('/no', { email, password: PASSWORD })).status).toBe(303)
  })

  it('only honours the newest link of an account', async () => {
    const { email } = await signedUp()
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const older = await resetLink(email)
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const newer = await resetLink(email)
    expect(newer).not.toBe(older)
    const res = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(older), password: NEW_PASSWORD },
      '/no/auth/reset',
    )
    expect(res.status).toBe(400)
    expect(decode(await (await visitor().request(newer)).text())).toContain(nb['reset.choose.heading'])
  })

  it('checks the new password like sign-up does, and keeps the link usable', async () => {
    const { email } = await signedUp()
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const link = await resetLink(email)
    const short = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token: tokenOf(link), password: 'kort' },
      link,
    )
    expect(short.status).toBe(422)
    const html = decode(await short.text())
    expect(html).toContain(nb['validation.passwordLength'])
    expect(html).toContain(`name="token" value="${tokenOf(link)}"`)
    expect(decode(await (await visitor().request(link)).text())).toContain(nb['reset.choose.heading'])
  })

  it('throttles requests for one address the same way whether or not it has an account', async () => {
    const { email } = await signedUp()
    const stranger = uniqueEmail('nobody')
    for (const address of [email, stranger]) {
      for (let i = 0; i < 3; i++) {
        expect((await visitor().postForm('/no/auth/reset', { intent: 'request', email: address })).status).toBe(303)
      }
      const refused = await visitor().postForm('/no/auth/reset', { intent: 'request', email: address.toUpperCase() })
      expect(refused.status).toBe(429)
      expect(decode(await refused.text())).toContain(nb['auth.error.throttled'])
    }
    expect(await mails(email, 'passwordReset')).toHaveLength(3)
  })

  it('throttles one client asking for many addresses', async () => {
    const client = visitor()
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await client.postForm('/no/auth/reset', { intent: 'request', email: uniqueEmail('spray') })).status,
      )
    }
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('counts parallel requests exactly (one statement increments and reads)', async () => {
    const email = uniqueEmail('parallel')
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => visitor().postForm('/no/auth/reset', { intent: 'request', email })),
    )
    expect(statuses.filter((r) => r.status === 303)).toHaveLength(3)
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(3)
  })

  it('gives field-level errors in the visitor’s language', async () => {
    const res = await visitor().postForm('/de/auth/reset', { intent: 'request', email: 'nicht@' })
    expect(res.status).toBe(422)
    expect(decode(await res.text())).toContain(de['validation.invalid'].replace('{label}', de['field.email']))
  })

  it('refuses a post without its anti-forgery token', async () => {
    const res = await visitor().request('/no/auth/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'request', email: 'a@example.com' }).toString(),
    })
    expect(res.status).toBe(403)
  })

  it('is linked from the sign-in form', async () => {
    const html = await (await visitor().request('/se/auth')).text()
    expect(html).toContain('href="/se/auth/reset"')
  })
})

describe('changing the password (/user-center/password)', () => {
  it('sends anonymous visitors to sign in', async () => {
    const res = await visitor().request('/no/user-center/password')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('/no/auth?frontRedirect=')
  })

  it('asks for the current password', async () => {
    const { person, email } = await signedUp()
    const res = await person.postForm('/no/user-center/password', { current: 'not it at all', password: NEW_PASSWORD })
    expect(res.status).toBe(422)
    expect(decode(await res.text())).toContain(nb['password.error.wrong'])
    expect((await visitor().signIn('/no', { email, password: PASSWORD })).status).toBe(303)
  })

  it('changes it, keeps this session, signs out the others and tells the account by e-mail', async () => {
    const { person, email } = await signedUp()
    const other = visitor()
    expect((await other.signIn('/no', { email, password: PASSWORD })).status).toBe(303)
    const res = await person.postForm('/no/user-center/password', { current: PASSWORD, password: NEW_PASSWORD })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/no/user-center/profile?password=changed')
    expect((await person.request('/no/user-center/profile')).status).toBe(200)
    expect((await other.request('/no/user-center/profile')).status).toBe(302)
    expect((await visitor().signIn('/no', { email, password: NEW_PASSWORD })).status).toBe(303)
    const [mail] = await mails(email, 'passwordChanged')
    expect(mail?.locale).toBe('nb-NO')
    expect((await renderNotification(env, mail as OutboxRow)).subject).toBe(nb['mail.passwordChanged.subject'])
  })

  it('gives field-level errors for a short new password', async () => {
    const { person } = await signedUp('/de')
    const res = await person.postForm('/de/user-center/password', { current: '', password: 'kurz' })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toContain(de['validation.required'].replace('{label}', de['field.currentPassword']))
    expect(html).toContain(de['validation.passwordLength'])
  })

  it('stops guessing the current password after five tries', async () => {
    const { person, email } = await signedUp()
    for (let i = 0; i < 5; i++) {
      const res = await person.postForm('/no/user-center/password', { current: `guess ${i}`, password: NEW_PASSWORD })
      expect(res.status).toBe(422)
    }
    const res = await person.postForm('/no/user-center/password', { current: PASSWORD, password: NEW_PASSWORD })
    expect(res.status).toBe(429)
    expect(decode(await res.text())).toContain(nb['auth.error.throttled'])
    expect((await visitor().signIn('/no', { email, password: PASSWORD })).status).toBe(303)
  })

  it('is linked from the profile', async () => {
    const { person } = await signedUp()
    expect(await (await person.request('/no/user-center/profile')).text()).toContain('href="/no/user-center/password"')
  })
})
