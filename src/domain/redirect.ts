/**
 * A redirect target that stays on our origin: a path that starts with a single '/', with no
 * scheme, no host, no backslash and no control characters, also after percent-decoding. Anything
 * else (absolute URLs, `//host`, `/\host`, `javascript:`, encoded tricks, dot segments that resolve to `//host`)
 * gives `fallback`.
 *
 * @example
 * safeRedirectPath('/no/configurator/p5?x=1', '/no') // '/no/configurator/p5?x=1'
 * safeRedirectPath('https://evil.example/', '/no') // '/no'
 * safeRedirectPath('/%2F%2Fevil.example', '/no') // '/no'
 */
export function safeRedirectPath(raw: string | null | undefined, fallback: string): string {
  if (!raw || raw.length > 2048) return fallback
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
