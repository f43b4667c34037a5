import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../../test/visitor'
import { CATALOGS } from '../../i18n/catalogs'
import { createAccountStore } from '../../store/accounts'
import { DEV_GRAY_CODE } from '../env'
import { hashPassword, PBKDF2_ITERATIONS } from './crypto'
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session'

const PASSWORD = 'correct horse battery'
const pageContext = (html: string) => JSON.parse(/__ctx[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}').page

async function signedUp(prefix = '/no') {
  const person = visitor()
  const email = uniqueEmail()
  const res = await person.signUp(prefix, { name: 'Ada Lovelace', email, password: PASSWORD })
  expect(res.status).toBe(303)
  return { person, email }
}

describe('passwords', () => {
  it('use PBKDF2-SHA-256 at the highest iteration count workerd allows, with a salt per user', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000)
    // Production Workers refuse more; the local runtime does not, so our code refuses it here too.
    await expect(hashPassword('x', undefined, PBKDF2_ITERATIONS + 1)).rejects.toThrow(RangeError)
    const a = await hashPassword(PASSWORD)
    const b = await hashPassword(PASSWORD)
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
  })
})

describe('creating an account and signing in', () => {
  it('signs a new visitor in with safe cookies and sends them back where they came from', async () => {
    const person = visitor()
    const res = await person.postForm('/no/auth', {
      intent: 'signUp',
      name: 'Ada',
      email: uniqueEmail(),
      password: PASSWORD,
      frontRedirect: 'http://local.test/no/marketing?x=1',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/no/marketing?x=1')
    const cookies = res.headers.getSetCookie()
    for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`)) ?? ''
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/Secure/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).toMatch(/Path=\//)
    }
  })

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)'])(
    'never follows frontRedirect %j off the site',
    async (target) => {
      const { email } = await signedUp()
      const res = await visitor().signIn('/se', { email, password: PASSWORD }, target)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/se')
    },
  )

  it('shows field-level messages and keeps what was typed (but not the password)', async () => {
    const res = await visitor().postForm('/nl/auth', { intent: 'signUp', name: '', email: 'ada@', password: 'kort' })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    const nl = CATALOGS['nl-NL']
    expect(html).toContain(nl['validation.required'].replace('{label}', nl['field.name']))
    expect(html).toContain(nl['validation.invalid'].replace('{label}', nl['field.email']))
    expect(html).toContain(nl['validation.passwordLength'])
    expect(html).toContain('value="ada@"')
    expect(html).not.toContain('value="kort"')
    expect(html).toContain('aria-invalid="true"')
  })

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await signedUp()
    const wrong = await visitor().signIn('/no', { email, password: 'not the password' })
    const unknown = await visitor().signIn('/no', { email: uniqueEmail('nobody'), password: PASSWORD })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const message = CATALOGS['nb-NO']['auth.error.invalid']
    expect(decode(await wrong.text())).toContain(message)
    expect(decode(await unknown.text())).toContain(message)
  })

  it('holds back a guesser after 5 wrong passwords from one place, not the customer signing in elsewhere', async () => {
    const { email } = await signedUp()
    const guesser = { 'cf-connecting-ip': '203.0.113.10' }
    for (let i = 0; i < 5; i++)
      expect((await visitor(guesser).signIn('/no', { email, password: `wrong ${i}` })).status).toBe(401)
    const held = await visitor(guesser).signIn('/no', { email, password: PASSWORD })
    expect(held.status).toBe(429)
    expect(decode(await held.text())).toContain(CATALOGS['nb-NO']['auth.error.throttled'])
    // The customer, at home: the guesses cost them nothing.
    expect((await visitor().signIn('/no', { email, password: PASSWORD })).status).toBe(303)
  })

  it('counts parallel guesses atomically: of 20 wrong passwords sent at once from one place, only 5 are tried', async () => {
    const { email } = await signedUp()
    const guesser = { 'cf-connecting-ip': '203.0.113.11' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visitor(guesser).signIn('/no', { email, password: `wrong ${i}` })),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
  })

  it('locks an address guessed from many places after 50, which a password reset lifts at once', async () => {
    const { email } = await signedUp()
    // 60 guesses at once from 30 addresses, 2 each (under each pair's 5): the address-wide 50 hold, atomically.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        visitor({ 'cf-connecting-ip': `198.18.${Math.floor(i / 2)}.1` }).signIn('/no', { email, password: `x${i}` }),
      ),
    )
    expect(answers.filter((res) => res.status === 401)).toHaveLength(50)
    // The customer, with the right password: told why, and how to get in now.
    const locked = await visitor().signIn('/no', { email, password: PASSWORD })
    expect(locked.status).toBe(429)
    expect(decode(await locked.text())).toContain(CATALOGS['nb-NO']['auth.error.locked'])
    // The reset link goes to the customer's inbox; using it lifts the lock.
    await visitor().postForm('/no/auth/reset', { intent: 'request', email })
    const row = await env.DB.prepare(
      `SELECT payload FROM notifications WHERE recipient = ?1 AND kind = 'passwordReset' ORDER BY created_at DESC LIMIT 1`,
    )
      .bind(email)
      .first<{ payload: string }>()
    const link = new URL((JSON.parse(row?.payload ?? '{}') as { link: string }).link)
    const token = link.searchParams.get('token') ?? ''
    const newPassword = 'a new horse battery staple'
    const reset = await visitor().postForm(
      '/no/auth/reset',
      { intent: 'reset', token, password: newPassword },
      `${link.pathname}${link.search}`,
    )
    expect(reset.status).toBe(303)
    expect((await visitor().signIn('/no', { email, password: newPassword })).status).toBe(303)
    // 60 password checks at once: seconds on a loaded machine.
  }, 30_000)

  it('keeps counting an address’s failures when it signs in to its own account', async () => {
    const { email: own } = await signedUp()
    const address = { 'cf-connecting-ip': '203.0.113.77' }
    const attacker = visitor(address)
    // 19 wrong guesses against several accounts from one address (each account stays under its own limit).
    for (let i = 0; i < 19; i++) {
      const res = await attacker.signIn('/no', { email: uniqueEmail(`target${i % 4}`), password: 'guess' })
      expect(res.status).toBe(401)
    }
    // Signing in to its own account (another browser at the same address) does not wipe the address's count…
    expect((await visitor(address).signIn('/no', { email: own, password: PASSWORD })).status).toBe(303)
    expect((await attacker.signIn('/no', { email: uniqueEmail('target'), password: 'guess' })).status).toBe(401)
    // …so the next guess from that address is refused, for any account.
    const refused = await attacker.signIn('/no', { email: uniqueEmail('target'), password: 'guess' })
    expect(refused.status).toBe(429)
  })

  it('does not create a second account for the same e-mail', async () => {
    const { email } = await signedUp()
    const res = await visitor().signUp('/no', { name: 'Impostor', email: email.toUpperCase(), password: PASSWORD })
    expect(res.status).toBe(409)
  })

  it('refuses a form post without its anti-forgery token', async () => {
    const res = await visitor().request('/no/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signIn', email: 'a@b.c', password: 'x' }).toString(),
    })
    expect(res.status).toBe(403)
  })
})

describe('the header', () => {
  it('offers sign-in that comes back to the current page', async () => {
    const html = decode(await (await visitor().request('/no/marketing?x=1')).text())
    expect(html).toContain('href="/no/auth?frontRedirect=%2Fno%2Fmarketing%3Fx%3D1"')
  })

  it('shows the signed-in menu with the account link, except on Iceland, and nothing on DE', async () => {
    const { person } = await signedUp()
    const no = decode(await (await person.request('/no')).text())
    expect(no).toContain(CATALOGS['nb-NO']['header.myBrand'])
    expect(no).toContain('href="/no/user-center/profile"')
    expect(no).toContain('href="/no/auth/logout"')
    const is = decode(await (await person.request('/is')).text())
    expect(is).toContain(CATALOGS['is-IS']['header.myBrand'])
    expect(is).not.toContain('/user-center/profile')
    for (const prefix of ['/de', '/fr', '/th', '/be', '/lu', '/at']) {
      const html = decode(await (await person.request(prefix)).text())
      expect(html, prefix).not.toContain('user-menu')
      expect(html, prefix).not.toContain('/auth?frontRedirect')
    }
  })

  it('never lets a signed-in page be cached', async () => {
    const { person } = await signedUp()
    expect((await person.request('/no/marketing')).headers.get('cache-control')).toBe('private, no-store')
    expect((await visitor().request('/no/marketing')).headers.get('cache-control')).toContain('public')
  })
})

describe('the handshake of SPEC §7', () => {
  it('treats a visitor without a session as anonymous', async () => {
    const anonymous = visitor()
    expect(await (await anonymous.api('/webAuthSdk/checkLoginStatus', { getAuth: true })).json()).toEqual({})
    expect(await (await anonymous.api('/api/refreshToken')).json()).toEqual({ code: 12150005 })
    expect(await (await anonymous.api('/api/localUserInfo')).json()).toEqual({})
  })

  it('answers login info, refresh code 200 and user info for a signed-in visitor', async () => {
    const { person } = await signedUp()
    const status = (await (await person.api('/webAuthSdk/checkLoginStatus', { getAuth: false })).json()) as {
      data: { data: { isLogin: boolean; loginStatus: number; userInfo: Record<string, unknown> } }
    }
    // A new account is a potential customer: status 2.
    expect(status.data.data).toMatchObject({ isLogin: true, loginStatus: 2 })
    expect(await (await person.api('/api/refreshToken')).json()).toEqual({ code: 200 })
    const info = await (await person.api('/api/localUserInfo')).json()
    expect(info).toEqual({
      nickName: 'Ada Lovelace',
      id: expect.any(String),
      uid: expect.any(String),
      types: [],
      logoutUrl: '/auth/logout',
    })
  })

  it('names the logout page of the caller’s site', async () => {
    const { person } = await signedUp()
    const res = await person.request('/api/localUserInfo', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        country: 'NO',
        language: 'nb-NO',
        'x-csrf-token': ((await (await person.request('/api/csrf')).json()) as { token: string }).token,
      },
      body: '{}',
    })
    expect(((await res.json()) as { logoutUrl: string }).logoutUrl).toBe('/no/auth/logout')
  })

  it('rotates the refresh token when the access cookie has expired', async () => {
    const { person } = await signedUp()
    const before = person.jar.get(REFRESH_COOKIE)
    person.jar.delete(ACCESS_COOKIE)
    expect(await (await person.api('/api/refreshToken')).json()).toEqual({ code: 200 })
    expect(person.jar.get(REFRESH_COOKIE)).not.toBe(before)
    expect(person.jar.get(ACCESS_COOKIE)).toBeTruthy()
  })

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const { person } = await signedUp()
    const stolen = person.jar.get(REFRESH_COOKIE) ?? ''
    person.jar.delete(ACCESS_COOKIE)
    await person.api('/api/refreshToken')
    // Past the grace window for parallel tabs.
    await env.DB.prepare(`UPDATE sessions SET rotated_at = '2000-01-01T00:00:00Z' WHERE rotated_at IS NOT NULL`).run()
    const thief = visitor()
    thief.jar.set(REFRESH_COOKIE, stolen)
    expect(await (await thief.api('/api/refreshToken')).json()).toEqual({ code: 12150005 })
    // The rightful owner is signed out too: the family is revoked.
    person.jar.delete(ACCESS_COOKIE)
    expect(await (await person.api('/api/refreshToken')).json()).toEqual({ code: 12150005 })
  })

  it('looks the user up on the server-render path and hands it to the page', async () => {
    const { person } = await signedUp()
    const html = await (await person.request('/no/finnes-ikke')).text()
    expect(pageContext(html).userInfo).toMatchObject({
      nickName: 'Ada Lovelace',
      types: [],
      logoutUrl: '/no/auth/logout',
    })
  })

  it('counts an owner once one of their orders is delivered', async () => {
    const { person, email } = await signedUp()
    const accounts = createAccountStore(env.DB)
    const user = await accounts.findUserByEmail(email)
    await accounts.setUserTypes(user?.id ?? '', [1])
    const status = (await (await person.api('/webAuthSdk/checkLoginStatus', { getAuth: false })).json()) as {
      data: { data: { loginStatus: number } }
    }
    expect(status.data.data.loginStatus).toBe(1)
  })
})

describe('signing out', () => {
  it('asks first, then revokes the session on the server', async () => {
    const { person } = await signedUp()
    const access = person.jar.get(ACCESS_COOKIE) ?? ''
    const confirm = await person.request('/no/auth/logout')
    expect(confirm.status).toBe(200)
    const res = await person.postForm('/no/auth/logout', {})
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/no')
    expect(person.jar.has(ACCESS_COOKIE)).toBe(false)
    // A copy of the old access cookie no longer works.
    const replay = visitor()
    replay.jar.set(ACCESS_COOKIE, access)
    expect(await (await replay.api('/api/localUserInfo')).json()).toEqual({})
  })
})

describe('the account page', () => {
  it('sends anonymous visitors to sign in and back', async () => {
    const res = await visitor().request('/no/user-center/profile')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/no/auth?frontRedirect=%2Fno%2Fuser-center%2Fprofile')
  })

  it('inside the app with web sign-in disabled, asks the app to sign in instead', async () => {
    const app = visitor({ 'user-agent': 'Mozilla/5.0 NordvoltApp/3.2.0 (iOS)', 'x-app-login': 'disabled' })
    const res = await app.request('/no/user-center/profile')
    expect(res.status).toBe(401)
    const html = decode(await res.text())
    expect(html).toContain(CATALOGS['nb-NO']['error.signInInApp.message'])
    expect(html).not.toContain('name="password"')
  })

  it('shows and saves the visitor’s details, with empty states for what they have not done yet', async () => {
    const { person } = await signedUp('/se')
    const page = decode(await (await person.request('/se/user-center/profile')).text())
    expect(page).toContain('value="Ada Lovelace"')
    expect(page).toContain(CATALOGS['sv-SE']['profile.orders.empty'])
    expect(page).toContain(CATALOGS['sv-SE']['profile.testDrives.empty'])
    const email = uniqueEmail('renamed')
    const saved = await person.postForm('/se/user-center/profile', {
      name: 'Ada King',
      email,
      phone: '+46 70 123 45 67',
    })
    expect(saved.status).toBe(303)
    // A new e-mail address waits for its link (src/worker/auth/email.worker.test.ts); the rest is saved at once.
    expect(saved.headers.get('location')).toBe('/se/user-center/profile?email=sent')
    const after = decode(await (await person.request('/se/user-center/profile?email=sent')).text())
    expect(after).toContain('value="Ada King"')
    expect(after).toContain(CATALOGS['sv-SE']['profile.emailChangeSent'])
  })

  it('refuses invalid details, and answers another account’s e-mail like any other', async () => {
    const other = await signedUp()
    const { person, email } = await signedUp()
    const invalid = await person.postForm('/no/user-center/profile', { name: '', email: 'x', phone: 'ring meg' })
    expect(invalid.status).toBe(422)
    expect(await createAccountStore(env.DB).findUserByEmail(email)).toMatchObject({ name: 'Ada Lovelace' })
    const taken = await person.postForm('/no/user-center/profile', { name: 'Ada', email: other.email, phone: '' })
    const free = await person.postForm('/no/user-center/profile', {
      name: 'Ada',
      email: uniqueEmail('free'),
      phone: '',
    })
    expect(taken.status).toBe(303)
    expect(taken.headers.get('location')).toBe(free.headers.get('location'))
    expect(await createAccountStore(env.DB).findUserByEmail(email)).toMatchObject({ name: 'Ada' })
    expect(await createAccountStore(env.DB).findUserByEmail(other.email)).toMatchObject({ name: 'Ada Lovelace' })
  })

  it('lists only the visitor’s own saved configurations', async () => {
    const alice = await signedUp()
    const bob = await signedUp()
    const aliceId = (await createAccountStore(env.DB).findUserByEmail(alice.email))?.id
    await env.DB.prepare(
      `INSERT INTO configurations (id, model_code, country_code, created_at, owner_id) VALUES (?1, 'p5', 'NO', '2026-11-20T10:00:00Z', ?2)`,
    )
      .bind(`cfg-${crypto.randomUUID().slice(0, 8)}`, aliceId)
      .run()
    expect(await (await alice.person.request('/no/user-center/profile')).text()).toContain(
      '/no/configurator/overview/cfg-',
    )
    expect(await (await bob.person.request('/no/user-center/profile')).text()).not.toContain(
      '/no/configurator/overview/cfg-',
    )
  })
})

describe('gray release', () => {
  it('admits a visitor with the access code and marks grayTag', async () => {
    const person = visitor()
    const wrong = await person.postForm('/grayLogin', { code: 'not-the-code' })
    expect(wrong.status).toBe(401)
    expect(decode(await wrong.text())).toContain(CATALOGS['en-US']['grayLogin.invalid'])
    expect(pageContext(await (await person.request('/nope')).text()).grayTag).toBe(false)
    const right = await person.postForm('/grayLogin', { code: DEV_GRAY_CODE })
    expect(right.status).toBe(303)
    expect(pageContext(await (await person.request('/nope')).text()).grayTag).toBe(true)
  })

  it('refuses guessing after repeated wrong codes', async () => {
    const person = visitor({ 'cf-connecting-ip': '203.0.113.9' })
    for (let i = 0; i < 5; i++) await person.postForm('/grayLogin', { code: `guess-${i}` })
    expect((await person.postForm('/grayLogin', { code: DEV_GRAY_CODE })).status).toBe(429)
  })
})
