/**
 * PBKDF2-SHA-256 iterations: the highest Cloudflare Workers allows. Production refuses more
 * ("iteration counts above 100000 are not supported", workerd#1346); the open-source workerd
 * behind `wrangler dev` enforces no limit, so hashPassword enforces it itself and local runs fail
 * exactly as production would.
 */
export const PBKDF2_ITERATIONS = 100_000

const encoder = new TextEncoder()

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let binary = ''
  for (const byte of view) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

// workerd's SubtleCrypto has timingSafeEqual; the DOM typings the client shares do not.
const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }

/** A random token of `bytes` bytes, base64url. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** Constant-time equality of two strings (length leaks, content does not). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  if (left.length !== right.length) return false
  return subtle.timingSafeEqual(left, right)
}

/** A password hash with its own random salt. */
export async function hashPassword(
  password: string,
  salt: string = randomToken(16),
  iterations: number = PBKDF2_ITERATIONS,
): Promise<{ hash: string; salt: string; iterations: number }> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be 1–${PBKDF2_ITERATIONS} on Workers, got ${iterations}`)
  }
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64url(salt), iterations },
    key,
    256,
  )
  return { hash: base64url(bits), salt, iterations }
}

/** Whether a password matches a stored hash; compares in constant time. */
export async function verifyPassword(
  password: string,
  stored: { hash: string; salt: string; iterations: number },
): Promise<boolean> {
  // A stored count the platform cannot compute (corrupt or crafted) is a failed match, not a crash.
  if (stored.iterations > PBKDF2_ITERATIONS) return false
  const { hash } = await hashPassword(password, stored.salt, stored.iterations)
  return constantTimeEqual(hash, stored.hash)
}

/** SHA-256 of a token, base64url: refresh tokens are stored only this way. */
export async function sha256(text: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
}

/** HMAC-SHA-256 of a message under the app secret, base64url. `purpose` separates uses of one key. */
export async function sign(secret: string, purpose: string, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${purpose}:${message}`)))
}

/** A signed value `payload.signature`. */
export async function sealValue(secret: string, purpose: string, payload: string): Promise<string> {
  return `${payload}.${await sign(secret, purpose, payload)}`
}

/** The payload of a sealed value, or null when it is missing or was tampered with. */
export async function openValue(secret: string, purpose: string, sealed: string | undefined): Promise<string | null> {
  if (!sealed) return null
  const dot = sealed.lastIndexOf('.')
  if (dot <= 0) return null
  const payload = sealed.slice(0, dot)
  return constantTimeEqual(sealed.slice(dot + 1), await sign(secret, purpose, payload)) ? payload : null
}
