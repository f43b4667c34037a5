import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Account } from '../../domain/account/account'
import { linkTo } from '../../i18n/links'
import type { Site } from '../../i18n/sites'
import type { AccountStore, UserRecord } from '../../store/accounts'
import type { UserInfo } from '../../ui/page-context'
import type { AppEnv } from '../types'
import { openValue, randomToken, sealValue, sha256 } from './crypto'

/** Short-lived proof of sign-in: `sessionId|userId|expiresAt`, signed. */
export const ACCESS_COOKIE = '__Host-nv_access'
/** Long-lived, rotating, stored only as a hash; used once to get a new pair. */
export const REFRESH_COOKIE = '__Host-nv_refresh'
export const ACCESS_TTL_SECONDS = 15 * 60
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60
/** Two tabs may refresh with the same token at once; within this window that is not theft. */
export const REUSE_GRACE_MS = 10_000

/** The signed-in visitor, as pages and handlers see them. */
export interface SessionUser extends Account {
  sessionId: string
  familyId: string
}

const cookieOptions = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const

function accounts(c: Context<AppEnv>): AccountStore {
  return c.get('store').accounts
}

function toSessionUser(user: UserRecord, sessionId: string, familyId: string): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    types: user.types,
    roles: user.roles,
    emailConfirmed: user.emailConfirmed,
    staffCountry: user.staffCountry,
    sessionId,
    familyId,
  }
}

async function issueTokens(c: Context<AppEnv>, user: UserRecord, familyId: string, now: Date): Promise<SessionUser> {
  const refresh = randomToken(32)
  const sessionId = await accounts(c).createSession({
    userId: user.id,
    familyId,
    refreshHash: await sha256(refresh),
    now,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  })
  const expiresAt = Math.floor(now.getTime() / 1000) + ACCESS_TTL_SECONDS
  const secret = c.get('config').APP_SECRET
  setCookie(c, ACCESS_COOKIE, await sealValue(secret, 'access', `${sessionId}|${user.id}|${expiresAt}`), {
    ...cookieOptions,
    maxAge: ACCESS_TTL_SECONDS,
  })
  setCookie(c, REFRESH_COOKIE, refresh, { ...cookieOptions, maxAge: REFRESH_TTL_SECONDS })
  const sessionUser = toSessionUser(user, sessionId, familyId)
  c.set('user', sessionUser)
  return sessionUser
}

function clearCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, cookieOptions)
  deleteCookie(c, REFRESH_COOKIE, cookieOptions)
  c.set('user', null)
}

/** Signs a visitor in: a new session family, a fresh access cookie and refresh token. */
export function startSession(c: Context<AppEnv>, user: UserRecord, now = new Date()): Promise<SessionUser> {
  return issueTokens(c, user, crypto.randomUUID(), now)
}

/** The visitor of a valid, unrevoked access cookie, or null. */
export async function userFromAccessCookie(c: Context<AppEnv>, now = new Date()): Promise<SessionUser | null> {
  const payload = await openValue(c.get('config').APP_SECRET, 'access', getCookie(c, ACCESS_COOKIE))
  if (!payload) return null
  const [sessionId, userId, expiresAt] = payload.split('|')
  if (!sessionId || !userId || Number(expiresAt) * 1000 <= now.getTime()) return null
  const session = await accounts(c).findSessionById(sessionId)
  if (!session || session.revokedAt || session.userId !== userId) return null
  const user = await accounts(c).findUserById(userId)
  return user ? toSessionUser(user, session.id, session.familyId) : null
}

export type RefreshOutcome = 'refreshed' | 'noSession' | 'reused'

/**
 * Trades the refresh cookie for a new pair. A token used a second time (after the grace window)
 * means it was stolen: the whole family is revoked and the visitor is signed out everywhere.
 */
export async function refreshSession(c: Context<AppEnv>, now = new Date()): Promise<RefreshOutcome> {
  const token = getCookie(c, REFRESH_COOKIE)
  if (!token) return 'noSession'
  const store = accounts(c)
  const session = await store.findSessionByRefreshHash(await sha256(token))
  if (!session || session.revokedAt || new Date(session.expiresAt) <= now) {
    clearCookies(c)
    return 'noSession'
  }
  if (session.rotatedAt) {
    if (now.getTime() - new Date(session.rotatedAt).getTime() <= REUSE_GRACE_MS) {
      // A parallel request rotated it a moment ago; the browser already holds the new cookies.
      const user = await store.findUserById(session.userId)
      if (user) c.set('user', toSessionUser(user, session.id, session.familyId))
      return user ? 'refreshed' : 'noSession'
    }
    await store.revokeFamily(session.familyId, now)
    clearCookies(c)
    return 'reused'
  }
  if (!(await store.markRotated(session.id, now))) return refreshSession(c, now)
  const user = await store.findUserById(session.userId)
  if (!user) {
    clearCookies(c)
    return 'noSession'
  }
  await issueTokens(c, user, session.familyId, now)
  return 'refreshed'
}

/**
 * The signed-in visitor of this request, looked up directly (no HTTP call to ourselves): the access
 * cookie, else the refresh cookie (rotating it). Memoized on the request.
 */
export async function resolveUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const known = c.get('user')
  if (known !== undefined) return known
  let user = await userFromAccessCookie(c)
  if (!user && getCookie(c, REFRESH_COOKIE)) {
    user = (await refreshSession(c)) === 'refreshed' ? (c.get('user') ?? null) : null
  }
  c.set('user', user)
  return user
}

/** Signs out: the session family is revoked server-side and the cookies are cleared. */
export async function endSession(c: Context<AppEnv>, now = new Date()): Promise<void> {
  const user = await resolveUser(c)
  if (user) await accounts(c).revokeFamily(user.familyId, now)
  clearCookies(c)
}

/** SPEC §3 user info of a signed-in visitor; logoutUrl is the site's sign-out page. */
export function userInfoOf(user: SessionUser | null, site: Site): UserInfo {
  if (!user) return {}
  return { nickName: user.name, id: user.id, uid: user.id, types: user.types, logoutUrl: linkTo(site, '/auth/logout') }
}
