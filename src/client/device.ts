const KEY = 'nordvolt.deviceId'

/**
 * The random id of this browser (SPEC §3), kept in local storage only with analytics consent: the
 * analytics script creates it; withdrawing consent clears it (`Clear-Site-Data` on the consent
 * post). Null when there is none, or storage is unavailable.
 */
export function storedDeviceId(): string | null {
  try {
    return window.localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** The device id, created on first use. Call only with analytics consent (the analytics script). */
export function ensureDeviceId(): string {
  const existing = storedDeviceId()
  if (existing) return existing
  const created = crypto.randomUUID()
  try {
    window.localStorage.setItem(KEY, created)
  } catch {
    // Storage unavailable (private mode, blocked): the id lives for this page only.
  }
  return created
}
