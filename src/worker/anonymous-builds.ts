import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { openValue, sealValue } from './auth/crypto'
import type { AppEnv } from './types'

/**
 * The builds this browser saved before signing in: their ids, signed, so only builds saved here can be claimed (a
 * shared build's id cannot be added by hand). A necessary cookie: it only carries what the visitor made.
 */
export const ANONYMOUS_BUILDS_COOKIE = '__Host-nv_builds'
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60
/** The newest builds kept; older ones are still reachable by their address, just not claimed. */
export const MAX_REMEMBERED_BUILDS = 20
const PURPOSE = 'anonymous-builds'
const ID = /^[\w-]{1,64}$/

async function remembered(c: Context<AppEnv>): Promise<string[]> {
  const payload = await openValue(c.get('config').APP_SECRET, PURPOSE, getCookie(c, ANONYMOUS_BUILDS_COOKIE))
  return payload ? payload.split(' ').filter((id) => ID.test(id)) : []
}

/** Remembers a build saved without an account, so signing in later claims it. */
export async function rememberAnonymousBuild(c: Context<AppEnv>, id: string): Promise<void> {
  const ids = [id, ...(await remembered(c)).filter((known) => known !== id)].slice(0, MAX_REMEMBERED_BUILDS)
  setCookie(c, ANONYMOUS_BUILDS_COOKIE, await sealValue(c.get('config').APP_SECRET, PURPOSE, ids.join(' ')), {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: MAX_AGE_SECONDS,
  })
}

/**
 * At sign-in (and sign-up): the builds this browser saved anonymously become the account's, unless someone else's
 * account claimed them first; then the cookie goes. Answers how many were claimed.
 */
export async function claimAnonymousBuilds(c: Context<AppEnv>, userId: string): Promise<number> {
  const ids = await remembered(c)
  if (getCookie(c, ANONYMOUS_BUILDS_COOKIE) !== undefined) {
    deleteCookie(c, ANONYMOUS_BUILDS_COOKIE, { path: '/', secure: true })
  }
  return c.get('store').claimUnowned(userId, ids)
}
