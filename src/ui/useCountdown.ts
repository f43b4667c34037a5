import { useEffect, useState } from 'react'

/** Seconds the error page waits before sending the visitor home (SPEC §9). */
export const ERROR_REDIRECT_SECONDS = 5

/**
 * Counts down once a second from `seconds` to 0 after hydration while `running`, then calls `onDone` once. On
 * the server (and without JavaScript) the count stays at its start.
 *
 * @example
 * const left = useCountdown(5, () => window.location.assign(home))
 */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (!running) return
    if (left <= 0) {
      onDone()
      return
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [left, onDone, running])
  return left
}
