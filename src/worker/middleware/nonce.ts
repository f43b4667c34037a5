import type { Context } from 'hono'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * A fresh CSP nonce: 18 random bytes (144 bits) as 24 base64 characters, with no padding. Written here by table
 * rather than through `btoa` of a binary string, which costs more than the random bytes themselves.
 *
 * @example
 * newNonce() // 'q3Vv0m7Z2b3B0y1kQ3u5Jx9a'
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  let nonce = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number)
    nonce += `${BASE64[(n >> 18) & 63]}${BASE64[(n >> 12) & 63]}${BASE64[(n >> 6) & 63]}${BASE64[n & 63]}`
  }
  return nonce
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
