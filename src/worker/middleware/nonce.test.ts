import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { describe, expect, it } from 'vitest'
import { cspNonce, newNonce } from './nonce'

describe('newNonce', () => {
  it('is 144 random bits in base64, new every time', () => {
    const nonces = Array.from({ length: 200 }, newNonce)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
    expect(new Set(nonces).size).toBe(nonces.length)
    // Every character of the alphabet turns up: the bytes are spread over all 64 values.
    expect(new Set(nonces.join('')).size).toBe(64)
  })
})

describe('cspNonce', () => {
  const app = new Hono()
  app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", cspNonce], styleSrc: [cspNonce] } }))
  app.get('/', (c) => c.text(c.get('secureHeadersNonce') ?? ''))

  it('puts one nonce per response in every directive, the one the page gets', async () => {
    const first = await app.request('/')
    const nonce = await first.text()
    expect(first.headers.get('content-security-policy')).toBe(
      `script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'`,
    )
    const second = await app.request('/')
    expect(await second.text()).not.toBe(nonce)
  })
})
