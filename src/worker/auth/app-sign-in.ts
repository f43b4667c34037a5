import type { Context } from 'hono'
import type { SignInReason } from '../../domain/app-bridge'
import { createAccountStore } from '../../store/accounts'
import { createAppSignInStore } from '../../store/app-sign-in'
import type { AppEnv } from '../types'
import { randomToken, sha256 } from './crypto'
import { endSession, resolveUser, type SessionUser, startSession } from './session'

/** How long a sign-in code can be exchanged. */
export const SIGN_IN_CODE_SECONDS = 60
/** A code as issued: 32 random bytes, base64url. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * A new single-use code for the signed-in customer of this request (the app's session), for their account only:
 * the app's webview exchanges it for the web's session cookies within SIGN_IN_CODE_SECONDS. Only its hash is kept.
 */
export async function issueSignInCode(
  c: Context<AppEnv>,
  user: SessionUser,
  now = new Date(),
): Promise<{ code: string; expiresAt: string }> {
  const code = randomToken(32)
  const expiresAt = new Date(now.getTime() + SIGN_IN_CODE_SECONDS * 1000)
  await createAppSignInStore(c.env.DB).createCode({
    codeHash: await sha256(code),
    userId: user.id,
    sessionId: user.sessionId,
    now,
    expiresAt,
  })
  return { code, expiresAt: expiresAt.toISOString() }
}

export type ExchangeOutcome = { kind: 'signedIn'; userId: string } | { kind: 'refused'; reason: SignInReason }

/**
 * Exchanges a code for this browser's session cookies, signing in the code's account, which must be `account` (the
 * one the app asked it for). The code is spent by the first attempt whatever its outcome: a replay, an expired code,
 * another account, or a code whose app session was signed out since signs nobody in. A webview signed in as someone
 * else is signed out first.
 */
export async function exchangeSignInCode(
  c: Context<AppEnv>,
  code: string,
  account: string,
  now = new Date(),
): Promise<ExchangeOutcome> {
  const refused = (reason: SignInReason): ExchangeOutcome => ({ kind: 'refused', reason })
  if (!CODE_PATTERN.test(code)) return refused('invalid')
  const codes = createAppSignInStore(c.env.DB)
  const hash = await sha256(code)
  const spent = await codes.spendCode(hash, now)
  if (!spent) return refused((await codes.wasSpent(hash)) ? 'used' : 'invalid')
  if (spent.userId !== account) return refused('wrongAccount')
  if (new Date(spent.expiresAt).getTime() <= now.getTime() || spent.sessionRevoked) return refused('expired')
  const user = await createAccountStore(c.env.DB).findUserById(spent.userId)
  if (!user) return refused('invalid')
  const current = await resolveUser(c)
  if (current?.id === user.id) return { kind: 'signedIn', userId: user.id }
  if (current) await endSession(c, now)
  await startSession(c, user, now)
  return { kind: 'signedIn', userId: user.id }
}
