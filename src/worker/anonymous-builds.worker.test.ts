import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { uniqueEmail, visitor } from '../../test/visitor'
import { ANONYMOUS_BUILDS_COOKIE } from './anonymous-builds'

const PASSWORD = 'correct horse battery'

async function saveAnonymously(person: ReturnType<typeof visitor>, configuration = 'version=long-range') {
  const saved = await person.postForm('/no/configurator/p5', { configuration })
  return /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
}

const ownerOf = async (id: string) =>
  (
    await env.DB.prepare('SELECT owner_id AS ownerId FROM configurations WHERE id = ?1')
      .bind(id)
      .first<{ ownerId: string | null }>()
  )?.ownerId ?? null

describe('builds saved before signing in', () => {
  it('are claimed by the account signed in to in the same browser, and shown in its garage', async () => {
    const email = uniqueEmail('claim')
    await visitor().signUp('/no', { name: 'Kari', email, password: PASSWORD })
    const browser = visitor()
    const first = await saveAnonymously(browser)
    const second = await saveAnonymously(browser, 'version=standard-range')
    const cookie = browser.jar.get(ANONYMOUS_BUILDS_COOKIE) ?? ''
    expect(cookie).not.toBe('')
    expect(await ownerOf(first)).toBeNull()
    expect((await browser.signIn('/no', { email, password: PASSWORD })).status).toBe(303)
    const userId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: string }>())
      ?.id
    expect(await ownerOf(first)).toBe(userId)
    expect(await ownerOf(second)).toBe(userId)
    expect(browser.jar.has(ANONYMOUS_BUILDS_COOKIE)).toBe(false)
    const garage = await (await browser.request('/no/user-center/profile')).text()
    expect(garage).toContain(`/no/configurator/overview/${first}`)
    expect(garage).toContain(`/no/configurator/overview/${second}`)
  })

  it('are claimed at sign-up too', async () => {
    const browser = visitor()
    const id = await saveAnonymously(browser)
    await browser.signUp('/no', { name: 'Ola', email: uniqueEmail('claim'), password: PASSWORD })
    expect(await ownerOf(id)).not.toBeNull()
  })

  it('cannot be claimed with a cookie made by hand, nor taken from another account', async () => {
    const somebody = visitor()
    const shared = await saveAnonymously(somebody)
    const thief = visitor()
    thief.jar.set(ANONYMOUS_BUILDS_COOKIE, `${shared}.forged-signature`)
    await thief.signUp('/no', { name: 'Thief', email: uniqueEmail('thief'), password: PASSWORD })
    expect(await ownerOf(shared)).toBeNull()
    // Claimed by its maker first; a copy of the same signed cookie elsewhere claims nothing more.
    const copy = somebody.jar.get(ANONYMOUS_BUILDS_COOKIE) ?? ''
    await somebody.signUp('/no', { name: 'Maker', email: uniqueEmail('maker'), password: PASSWORD })
    const maker = await ownerOf(shared)
    expect(maker).not.toBeNull()
    const other = visitor()
    other.jar.set(ANONYMOUS_BUILDS_COOKIE, copy)
    await other.signUp('/no', { name: 'Other', email: uniqueEmail('other'), password: PASSWORD })
    expect(await ownerOf(shared)).toBe(maker)
  })
})
