import type { Context } from 'hono'
import type { AccountStore } from '../../store/accounts'
import type { AppEnv } from '../types'

/**
 * Failures allowed per key within the window before further attempts are refused until it passes:
 * few per account, more per client (an office or a mobile carrier shares one address).
 */
export const MAX_FAILURES = { account: 5, client: 20 } as const
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

export interface ThrottleKey {
  key: string
  limit: number
}

/** The throttle key of an account (an e-mail address, or the gray-release code of a client). */
export const accountKey = (key: string): ThrottleKey => ({ key, limit: MAX_FAILURES.account })

/** The client a request comes from: Cloudflare's connecting IP, or 'local' in development. */
export function clientKey(c: Context<AppEnv>): ThrottleKey {
  return { key: `client:${c.req.header('cf-connecting-ip') ?? 'local'}`, limit: MAX_FAILURES.client }
}

/**
 * Guesses counted per key (an e-mail, a client): `blocked` once a key reaches its limit within the
 * window; `fail` counts one more on every key; `succeed` forgets them.
 */
export function throttle(accounts: AccountStore, keys: readonly ThrottleKey[], now = new Date()) {
  return {
    async blocked(): Promise<boolean> {
      for (const { key, limit } of keys) {
        if ((await accounts.failuresWithin(key, now, FAILURE_WINDOW_MS)) >= limit) return true
      }
      return false
    },
    async fail(): Promise<void> {
      for (const { key } of keys) await accounts.recordFailure(key, now, FAILURE_WINDOW_MS)
    },
    async succeed(): Promise<void> {
      for (const { key } of keys) await accounts.clearFailures(key)
    },
  }
}
