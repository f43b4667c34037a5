import type { Context } from 'hono'
import type { AccountStore } from '../../store/accounts'
import type { AppEnv } from '../types'

/**
 * Failures allowed per key within the window before further attempts are refused until it passes:
 * - `account`: one account from one client (an e-mail address from one network address): a guesser from one
 *   place is held back after 5, and a customer elsewhere is not (SIGN_IN below);
 * - `client`: one network address, whatever accounts it tries (an office or a mobile carrier shares one);
 * - `address`: one account from everywhere, against guessing spread over many addresses. Reaching it locks the
 *   password sign-in of that account for the window, and a password reset (the link goes to the account's own
 *   inbox) lifts it at once: the lock costs the guessers, and the customer a reset at most.
 */
export const MAX_FAILURES = { account: 5, client: 20, address: 50 } as const
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

/** The counter of an e-mail address's sign-ins from everywhere; a password reset clears it (and the pairs below). */
export const addressKey = (email: string) => `email:${email.toLowerCase()}`

/**
 * The keys a password sign-in counts: the address from this client (5), this client (20), the address from
 * everywhere (50). The first is what a guesser meets; the last only a guesser spread over many addresses.
 */
export function signInKeys(c: Context<AppEnv>, email: string): { keys: ThrottleKey[]; addressWide: number } {
  const client = clientKey(c)
  const keys = [
    accountKey(`${addressKey(email)}|${client.key}`),
    client,
    { key: addressKey(email), limit: MAX_FAILURES.address, clearOnSuccess: true },
  ]
  return { keys, addressWide: 2 }
}

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
  let over: boolean[] = []
  return {
    async blocked(): Promise<boolean> {
      const counts = await accounts.countAttempts(
        keys.map((k) => k.key),
        now,
        FAILURE_WINDOW_MS,
      )
      over = keys.map(({ limit }, i) => (counts[i] ?? 0) > limit)
      return over.some(Boolean)
    },
    /** After `blocked()`: whether the key at `index` is the one (or one of those) over its limit. */
    overAt(index: number): boolean {
      return over[index] === true
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
