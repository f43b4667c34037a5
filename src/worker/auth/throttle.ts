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
  /**
   * Whether a success clears the key: an account's own counter, yes; a client's (address) counter, no, since it
   * protects every other account from that address. A success only gives back its own attempt there.
   */
  clearOnSuccess: boolean
}

/** The throttle key of an account (an e-mail address, or the gray-release code of a client). */
export const accountKey = (key: string): ThrottleKey => ({ key, limit: MAX_FAILURES.account, clearOnSuccess: true })

/** The client a request comes from: Cloudflare's connecting IP, or 'local' in development. */
export function clientKey(c: Context<AppEnv>): ThrottleKey {
  return {
    key: `client:${c.req.header('cf-connecting-ip') ?? 'local'}`,
    limit: MAX_FAILURES.client,
    clearOnSuccess: false,
  }
}

/**
 * Guesses counted per key (an e-mail, a client), atomically: `blocked` counts this attempt on every key in one
 * statement per key, in one batch, and answers whether any key is now over its limit within the window, so parallel
 * guesses cannot all pass a check made before any of them was counted. A blocked attempt is not tried at all.
 * `fail` adds nothing (the attempt is already counted). `succeed` clears the account's counter and gives the
 * attempt back to the client's, never resetting it.
 */
export function throttle(accounts: AccountStore, keys: readonly ThrottleKey[], now = new Date()) {
  return {
    async blocked(): Promise<boolean> {
      const counts = await accounts.countAttempts(
        keys.map((k) => k.key),
        now,
        FAILURE_WINDOW_MS,
      )
      return keys.some(({ limit }, i) => (counts[i] ?? 0) > limit)
    },
    async fail(): Promise<void> {
      // Counted when the attempt began (blocked()).
    },
    async succeed(): Promise<void> {
      await accounts.releaseAttempts(
        keys.filter((k) => k.clearOnSuccess).map((k) => k.key),
        keys.filter((k) => !k.clearOnSuccess).map((k) => k.key),
      )
    },
  }
}
