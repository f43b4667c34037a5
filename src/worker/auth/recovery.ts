import type { Context } from 'hono'
import { enqueueNotifications } from '../notifications'
import type { AppEnv } from '../types'
import { hashPassword, randomToken, sha256, verifyPassword } from './crypto'
import { startSession } from './session'
import { addressKey } from './throttle'

/** A reset link works once, within this time of being sent. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000
/** The window of the account endpoints' throttle, and what each key may do within it. */
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000
export const ACCOUNT_LIMITS = {
  /** Reset e-mails asked for one address: enough for a lost e-mail, too few to flood a mailbox. */
  resetPerAddress: 3,
  /** Anything on the account endpoints from one client (an office shares one address). */
  perClient: 20,
  /** Password changes tried by one signed-in account: as few guesses of the current password as sign-in allows. */
  changePerAccount: 5,
} as const

function clientOf(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? 'local'
}

/** The public origin for links in e-mails: OFFICIAL_URL, never the request's Host (a forged one is ignored). */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.get('config').OFFICIAL_URL
}

/** Queues outbox e-mails for delivery after the response; the sweep sends them if the queue is down. */
export function deliver(c: Context<AppEnv>, ids: readonly string[]): void {
  const sending = enqueueNotifications(c.env, ids)
  try {
    c.executionCtx.waitUntil(sending)
  } catch {
    // No execution context (app.request in tests): the send still runs, unawaited.
  }
}

/**
 * Counts one attempt under each key (atomically, in D1) and answers whether any key is over its limit. Every attempt
 * counts, successful or not: these endpoints send e-mail or test a password.
 */
export async function overLimit(c: Context<AppEnv>, keys: readonly { key: string; limit: number }[], now: Date) {
  const credentials = c.get('store').credentials
  let over = false
  for (const { key, limit } of keys) {
    if ((await credentials.countAttempt(key, now, ACCOUNT_WINDOW_MS)) > limit) over = true
  }
  return over
}

/**
 * "Forgot password": e-mails a single-use link to the account of the address, if there is one. The answer is the same
 * whether or not the address has an account ('sent'), so the form cannot be used to find out who is a customer.
 */
export async function requestPasswordReset(
  c: Context<AppEnv>,
  input: { email: string; locale: string; resetPath: string },
  now = new Date(),
): Promise<'sent' | 'throttled'> {
  const address = input.email.trim().toLowerCase()
  const throttled = await overLimit(
    c,
    [
      { key: `reset:email:${address}`, limit: ACCOUNT_LIMITS.resetPerAddress },
      { key: `account:client:${clientOf(c)}`, limit: ACCOUNT_LIMITS.perClient },
    ],
    now,
  )
  if (throttled) return 'throttled'
  const user = await c.get('store').accounts.findUserByEmail(address)
  if (!user) return 'sent'
  const token = randomToken(32)
  const link = `${publicOrigin(c)}${input.resetPath}?token=${encodeURIComponent(token)}`
  const id = await c.get('store').credentials.createPasswordReset({
    userId: user.id,
    tokenHash: await sha256(token),
    now,
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    mail: { kind: 'passwordReset', locale: input.locale, recipient: user.email, payload: { name: user.name, link } },
  })
  deliver(c, [id])
  return 'sent'
}

/** Whether a reset link can still be used (unknown, used, superseded and expired links cannot). */
export async function passwordResetOpen(c: Context<AppEnv>, token: string, now = new Date()): Promise<boolean> {
  if (!token) return false
  return (await c.get('store').credentials.openPasswordReset(await sha256(token), now)) !== null
}

/**
 * Uses a reset link: sets the new password, signs the account out everywhere, then signs this browser in with a new
 * session. The link works once; a second use, or a use after 30 minutes, is refused.
 */
export async function resetPassword(
  c: Context<AppEnv>,
  input: { token: string; password: string; locale: string },
  now = new Date(),
): Promise<'ok' | 'invalidLink' | 'throttled'> {
  if (await overLimit(c, [{ key: `account:client:${clientOf(c)}`, limit: ACCOUNT_LIMITS.perClient }], now)) {
    return 'throttled'
  }
  if (!input.token) return 'invalidLink'
  const { accounts, credentials } = c.get('store')
  const used = await credentials.redeemPasswordReset({
    tokenHash: await sha256(input.token),
    password: await hashPassword(input.password),
    now,
    mail: async (userId) => {
      const user = await accounts.findUserById(userId)
      return user
        ? { kind: 'passwordChanged', locale: input.locale, recipient: user.email, payload: { name: user.name } }
        : null
    },
  })
  if (!used) return 'invalidLink'
  if (used.notificationId) deliver(c, [used.notificationId])
  const user = await accounts.findUserById(used.userId)
  if (user) {
    // The reset proved the inbox: every sign-in lock of the address is lifted.
    await accounts.clearAttemptsOf(addressKey(user.email))
    await startSession(c, user, now)
  }
  return 'ok'
}

/**
 * A signed-in customer's new password, given the current one: the other sessions are signed out, this one stays, and
 * the account's address is told by e-mail.
 */
export async function changePassword(
  c: Context<AppEnv>,
  session: { userId: string; familyId: string } | null,
  input: { current: string; password: string; locale: string },
  now = new Date(),
): Promise<'ok' | 'wrongPassword' | 'throttled' | 'signedOut'> {
  if (!session) return 'signedOut'
  const throttled = await overLimit(
    c,
    [
      { key: `password:account:${session.userId}`, limit: ACCOUNT_LIMITS.changePerAccount },
      { key: `account:client:${clientOf(c)}`, limit: ACCOUNT_LIMITS.perClient },
    ],
    now,
  )
  if (throttled) return 'throttled'
  const user = await c.get('store').accounts.findUserById(session.userId)
  if (!user) return 'signedOut'
  const stored = { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations }
  if (!(await verifyPassword(input.current, stored))) return 'wrongPassword'
  const id = await c.get('store').credentials.changePassword({
    userId: user.id,
    keepFamilyId: session.familyId,
    password: await hashPassword(input.password),
    now,
    mail: { kind: 'passwordChanged', locale: input.locale, recipient: user.email, payload: { name: user.name } },
  })
  deliver(c, [id])
  return 'ok'
}
