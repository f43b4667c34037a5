const KEY = 'nordvolt.deviceId'

/**
 * A random id for this browser, kept in local storage (SPEC §3). It ties analytics and writes to a
 * device, never to a person; if storage is unavailable a per-page id is used.
 */
export function deviceId(): string {
  try {
    const existing = window.localStorage.getItem(KEY)
    if (existing) return existing
    const created = crypto.randomUUID()
    window.localStorage.setItem(KEY, created)
    return created
  } catch {
    fallback ??= crypto.randomUUID()
    return fallback
  }
}

let fallback: string | undefined
