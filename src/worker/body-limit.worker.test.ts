import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { countRows } from '../../test/quality/suites'
import { CATALOGS } from '../i18n/catalogs'
import { MAX_BODY_BYTES } from './middleware/body-limit'

const BASE = 'http://local.test'
const formHeaders = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: BASE,
  'sec-fetch-site': 'same-origin',
}

/** A sign-up form whose name field alone is `bytes` long. */
const bigSignUp = (bytes: number) =>
  new URLSearchParams({
    intent: 'signUp',
    name: 'x'.repeat(bytes),
    email: 'big@example.com',
    password: 'correct horse battery',
  }).toString()

/** A body that arrives in pieces with no Content-Length, as a chunked upload does. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + 16 * 1024))
      at += 16 * 1024
    },
  })
}

describe('bodies over the limit', () => {
  it('a page form is refused by its Content-Length, in the site’s language, and nothing is written', async () => {
    const before = await countRows(env.DB)
    const res = await exports.default.fetch(
      new Request(`${BASE}/no/auth`, { method: 'POST', headers: formHeaders, body: bigSignUp(MAX_BODY_BYTES + 1) }),
    )
    expect(res.status).toBe(413)
    const html = await res.text()
    expect(html).toContain(CATALOGS['nb-NO']['error.tooLarge.title'])
    expect(html).toContain('lang="nb-NO"')
    expect(await countRows(env.DB)).toEqual(before)
  })

  it('a page form streamed without a Content-Length is cut off at the limit, not read to its end', async () => {
    const before = await countRows(env.DB)
    const res = await exports.default.fetch(
      new Request(`${BASE}/de/auth`, {
        method: 'POST',
        headers: formHeaders,
        body: streamed(bigSignUp(8 * MAX_BODY_BYTES)),
        duplex: 'half',
      } as RequestInit),
    )
    expect(res.status).toBe(413)
    expect(await res.text()).toContain(CATALOGS['de-DE']['error.tooLarge.message'])
    expect(await countRows(env.DB)).toEqual(before)
  }, 30_000)

  it('an API body likewise, as the API’s JSON error in the caller’s language', async () => {
    const res = await exports.default.fetch(
      new Request(`${BASE}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', language: 'sv-SE' },
        body: JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES), url: '/se' }),
      }),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: CATALOGS['sv-SE']['api.error.tooLarge'] },
    })
  })

  it('a form with a field over its own length is answered field by field, under the limit', async () => {
    const res = await exports.default.fetch(
      new Request(`${BASE}/no/auth`, { method: 'POST', headers: formHeaders, body: bigSignUp(5_000) }),
    )
    expect(res.status).toBe(422)
  })
})
