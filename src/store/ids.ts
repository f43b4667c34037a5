/**
 * A short unguessable id: 12 base64url characters, 72 random bits. Used for saved configurations,
 * bookings, offers and form idempotency keys.
 *
 * @example
 * randomId() // 'q3Zk-8JdX1aB'
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_')
}
