/**
 * A redirect target that stays on our origin: a path that starts with a single '/', with no
 * scheme, no host, no backslash and no control characters, also after percent-decoding. Anything
 * else (absolute URLs, `//host`, `/\host`, `javascript:`, encoded tricks, dot segments that resolve to `//host`)
 * gives `fallback`. Given `base` (the request's address), the target may also be our own absolute URL or a path
 * relative to it: resolved against `base`, kept only on its origin, and then checked as a path (its fragment dropped).
 * The one cleaner of every redirect target a visitor can send (`return`, `frontRedirect`).
 *
 * @example
 * safeRedirectPath('/no/configurator/p5?x=1', '/no') // '/no/configurator/p5?x=1'
 * safeRedirectPath('https://evil.example/', '/no') // '/no'
 * safeRedirectPath('/%2F%2Fevil.example', '/no') // '/no'
 * safeRedirectPath('https://shop.example/no/profile', '/no', new URL('https://shop.example/no/sign-in')) // '/no/profile'
 */
export function safeRedirectPath(raw: string | null | undefined, fallback: string, base?: URL): string {
  if (!raw) return fallback
  if (base) {
    const own = onOrigin(raw, base)
    if (own === null) return fallback
    raw = own
  }
  if (raw.length > 2048) return fallback
  let decoded = raw
  // Decode repeatedly: a browser may decode a doubly-encoded '//' on the way.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return fallback
    }
  }
  for (const candidate of [raw, decoded]) {
    if (!candidate.startsWith('/')) return fallback
    if (candidate.startsWith('//')) return fallback
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return fallback
  }
  // The URL parser is the final judge: resolved against a dummy origin, it must stay there, also once its dot
  // segments are resolved ('/..//evil.example/' resolves to '//evil.example/', another host to a browser).
  const resolved = new URL(raw, 'https://origin.invalid')
  if (resolved.origin !== 'https://origin.invalid') return fallback
  const target = `${resolved.pathname}${resolved.search}${resolved.hash}`
  if (resolved.pathname.startsWith('//') || resolved.pathname.includes('\\')) return fallback
  const reparsed = new URL(target, 'https://origin.invalid')
  return reparsed.origin === 'https://origin.invalid' ? target : fallback
}

/** `raw` resolved against `base`, as path and query, when it stays on `base`'s origin; null otherwise. */
function onOrigin(raw: string, base: URL): string | null {
  try {
    const absolute = new URL(raw, base)
    return absolute.origin === base.origin ? `${absolute.pathname}${absolute.search}` : null
  } catch {
    return null
  }
}
