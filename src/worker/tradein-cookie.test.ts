import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { sha256 } from './auth/crypto'
import { TRADE_IN_COOKIE, visitorTradeIn } from './tradein-cookie'
import type { AppEnv } from './types'

/** A request through a handler that uses the visitor's trade-in as `use` says; the response's cookie and body. */
async function visit(use: (tradeIn: ReturnType<typeof visitorTradeIn>) => Promise<unknown>, cookie?: string) {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => c.json({ result: await use(visitorTradeIn(c, null)) }))
  const res = await app.request('/', cookie ? { headers: { cookie } } : {})
  return { setCookie: res.headers.get('set-cookie') ?? '', body: (await res.json()) as { result: unknown } }
}

describe('the visitor’s trade-in', () => {
  it('hashes the browser’s key only when a page asks whose valuations it may see', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest')
    try {
      await visit(async (tradeIn) => tradeIn.id)
      expect(digest).not.toHaveBeenCalled()
      await visit(async (tradeIn) => [await tradeIn.owner(), await tradeIn.owner()])
      expect(digest).toHaveBeenCalledTimes(1)
    } finally {
      digest.mockRestore()
    }
  })

  it('remembers a new valuation under the key its owner was hashed from', async () => {
    const { setCookie, body } = await visit(async (tradeIn) => {
      const owner = await tradeIn.owner()
      tradeIn.remember('Vq3fK9xZ2bLm')
      return owner
    })
    const key = new RegExp(`${TRADE_IN_COOKIE}=Vq3fK9xZ2bLm\\.([\\w-]{43})`).exec(setCookie)?.[1] ?? ''
    expect(body.result).toEqual({ userId: null, browserKey: await sha256(key) })
  })

  it('keeps the key the browser carries', async () => {
    const key = 'k'.repeat(43)
    const { body } = await visit((tradeIn) => tradeIn.owner(), `${TRADE_IN_COOKIE}=Abcdefghijkl.${key}`)
    expect(body.result).toEqual({ userId: null, browserKey: await sha256(key) })
  })
})
