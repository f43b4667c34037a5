import type { Context } from 'hono'

/**
 * A fresh CSP nonce: 18 random bytes (144 bits) as 24 base64 characters, with no padding, from one string of the
 * bytes (hono's NONCE builds it a character at a time).
 *
 * @example
 * newNonce() // 'q3Vv0m7Z2b3B0y1kQ3u5Jx9a'
 */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))))
}

/**
 * The CSP source of this response's nonce, for secureHeaders' directives (as hono's NONCE): made once per
 * request and kept as `secureHeadersNonce`, which the renderer and the edge cache put on the page's scripts.
 */
export function cspNonce(c: Context): string {
  let nonce = c.get('secureHeadersNonce')
  if (!nonce) {
    nonce = newNonce()
    c.set('secureHeadersNonce', nonce)
  }
  return `'nonce-${nonce}'`
}
