import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { verifyPassword } from './crypto'
import { ACCOUNT_LIMITS, overLimit } from './recovery'
import { endSession } from './session'

/**
 * Deletes a signed-in customer's account (GDPR Art. 17) once they give their password: personal data erased, orders
 * kept anonymised (src/store/privacy.ts), every session revoked and this browser's cookies cleared. The password
 * guesses share the password change's throttle.
 */
export async function deleteAccount(
  c: Context<AppEnv>,
  userId: string | null,
  password: string,
  now = new Date(),
): Promise<'ok' | 'wrongPassword' | 'throttled' | 'signedOut'> {
  if (!userId) return 'signedOut'
  const throttled = await overLimit(
    c,
    [
      { key: `password:account:${userId}`, limit: ACCOUNT_LIMITS.changePerAccount },
      { key: `account:client:${c.req.header('cf-connecting-ip') ?? 'local'}`, limit: ACCOUNT_LIMITS.perClient },
    ],
    now,
  )
  if (throttled) return 'throttled'
  const user = await c.get('store').accounts.findUserById(userId)
  if (!user) return 'signedOut'
  const stored = { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations }
  if (!(await verifyPassword(password, stored))) return 'wrongPassword'
  await c.get('store').privacy.eraseAccount(userId, now)
  await endSession(c, now)
  return 'ok'
}
