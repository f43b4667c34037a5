/**
 * Stripe's webhook signature scheme, as the stand-in signs its events: the `Stripe-Signature` header
 * `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<payload>" with the endpoint's secret>`.
 */

const encoder = new TextEncoder()

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The `Stripe-Signature` header of a payload signed at `timestamp` (seconds).
 *
 * @example
 * await signatureHeader('{"id":"evt_1"}', 'whsec_x', 1764547200) // 't=1764547200,v1=5f0c…'
 */
export async function signatureHeader(payload: string, secret: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`
}
