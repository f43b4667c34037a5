import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { withOwnerType } from '../../domain/session/login-status'
import type { SessionService } from '../../routes/route'
import type { AccountStore } from '../../store/accounts'
import { claimAnonymousBuilds } from '../anonymous-builds'
import type { AppEnv } from '../types'
import { constantTimeEqual, hashPassword, openValue, sealValue, verifyPassword } from './crypto'
import { confirmEmail, emailConfirmationOpen, requestEmailChange, sendSignUpConfirmation } from './email'
import { deleteAccount } from './privacy'
import { changePassword, passwordResetOpen, requestPasswordReset, resetPassword } from './recovery'
import { endSession, type resolveUser, startSession } from './session'
import { accountKey, clientKey, signInKeys, throttle } from './throttle'

/** Signed cookie that marks a visitor admitted to the gray release. */
export const GRAY_COOKIE = '__Host-nv_gray'
const GRAY_DAYS = 30

// Verifying against this keeps an unknown e-mail as slow as a wrong password (no enumeration by timing).
let decoyHash: Promise<{ hash: string; salt: string; iterations: number }> | undefined

/** Whether the visitor holds a valid gray-release cookie. */
export async function hasGrayAccess(c: Context<AppEnv>, now = new Date()): Promise<boolean> {
  const payload = await openValue(c.get('config').APP_SECRET, 'gray', getCookie(c, GRAY_COOKIE))
  return payload !== null && Number(payload) > now.getTime()
}

/** The session operations page routes may perform, bound to this request. */
export function sessionService(c: Context<AppEnv>, user: Awaited<ReturnType<typeof resolveUser>>): SessionService {
  const accounts = c.get('store').accounts
  return {
    user,
    signIn: (input) => signIn(c, accounts, input),
    signUp: (input) => signUp(c, accounts, input),

    async signOut() {
      await endSession(c)
    },

    async updateProfile(profile) {
      if (!user) return 'signedOut'
      return (await accounts.updateProfile(user.id, profile, new Date())) ? 'ok' : 'emailTaken'
    },

    grantGray: (code) => grantGray(c, accounts, code),

    async savedConfigurations() {
      return user ? accounts.configurationsOf(user.id) : []
    },

    async orders() {
      return user ? accounts.ordersOf(user.id) : []
    },

    requestPasswordReset: (input) => requestPasswordReset(c, input),
    passwordResetOpen: (token) => passwordResetOpen(c, token),
    resetPassword: (input) => resetPassword(c, input),
    changePassword: (input) => changePassword(c, user ? { userId: user.id, familyId: user.familyId } : null, input),

    async marketingConsent() {
      if (!user) return { granted: false, at: null }
      const { granted, at } = await c.get('store').privacy.marketingConsent(user.id)
      return { granted, at }
    },
    async setMarketingConsent(granted) {
      if (user) await c.get('store').privacy.setMarketingConsent(user.id, granted, new Date())
    },
    deleteAccount: (password) => deleteAccount(c, user?.id ?? null, password),
    emailConfirmedAt: async () => (user ? c.get('store').credentials.emailConfirmedAt(user.id) : null),
    resendEmailConfirmation: async (input) => (user ? sendSignUpConfirmation(c, user, input) : 'signedOut'),
    requestEmailChange: async (input) => (user ? requestEmailChange(c, user.id, input) : 'signedOut'),
    emailConfirmationOpen: (token) => emailConfirmationOpen(c, token),
    confirmEmail: (token) => confirmEmail(c, token),

    async markOwner(userId) {
      const owner = await accounts.findUserById(userId)
      if (owner) await accounts.setUserTypes(owner.id, withOwnerType(owner.types))
    },

    async testDrives() {
      return user ? c.get('store').testDrives.bookingsOf(user.id) : []
    },
  }
}

/** Signs a visitor in with e-mail and password, under the sign-in throttle. */
async function signIn(
  c: Context<AppEnv>,
  accounts: AccountStore,
  { email, password }: Parameters<SessionService['signIn']>[0],
): ReturnType<SessionService['signIn']> {
  const { keys, addressWide } = signInKeys(c, email)
  const guard = throttle(accounts, keys)
  if (await guard.blocked()) {
    // Only the address-wide lock is lifted by a password reset; the others pass with the window.
    const onlyAddress = keys.every((_, i) => (i === addressWide) === guard.overAt(i))
    return onlyAddress ? 'locked' : 'throttled'
  }
  const found = await accounts.findUserByEmail(email)
  decoyHash ??= hashPassword('decoy-password')
  const stored = found
    ? { hash: found.passwordHash, salt: found.passwordSalt, iterations: found.passwordIterations }
    : await decoyHash
  const valid = (await verifyPassword(password, stored)) && found !== null
  if (!valid || !found) {
    await guard.fail()
    return 'invalid'
  }
  await guard.succeed()
  await startSession(c, found)
  await claimAnonymousBuilds(c, found.id)
  return 'ok'
}

/** Creates an account, signs it in and e-mails the link that confirms its address, under the client's throttle. */
async function signUp(
  c: Context<AppEnv>,
  accounts: AccountStore,
  { name, email, password, locale, confirmPath }: Parameters<SessionService['signUp']>[0],
): ReturnType<SessionService['signUp']> {
  const guard = throttle(accounts, [clientKey(c)])
  if (await guard.blocked()) return 'throttled'
  const hashed = await hashPassword(password)
  const created = await accounts.createUser({
    email,
    name,
    passwordHash: hashed.hash,
    passwordSalt: hashed.salt,
    passwordIterations: hashed.iterations,
    now: new Date(),
  })
  if (!created) {
    await guard.fail()
    return 'taken'
  }
  await guard.succeed()
  await startSession(c, created)
  await claimAnonymousBuilds(c, created.id)
  await sendSignUpConfirmation(c, created, { locale, confirmPath })
  return 'ok'
}

/** Admits the visitor to the gray release with the access code: a sealed cookie for GRAY_DAYS days. */
async function grantGray(
  c: Context<AppEnv>,
  accounts: AccountStore,
  code: string,
): ReturnType<SessionService['grantGray']> {
  const guard = throttle(accounts, [accountKey(`gray:${clientKey(c).key}`)])
  if (await guard.blocked()) return 'throttled'
  const expected = c.get('config').GRAY_ACCESS_CODE
  if (!constantTimeEqual(code, expected)) {
    await guard.fail()
    return 'invalid'
  }
  await guard.succeed()
  const until = Date.now() + GRAY_DAYS * 24 * 60 * 60 * 1000
  setCookie(c, GRAY_COOKIE, await sealValue(c.get('config').APP_SECRET, 'gray', String(until)), {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: GRAY_DAYS * 24 * 60 * 60,
  })
  return 'ok'
}
