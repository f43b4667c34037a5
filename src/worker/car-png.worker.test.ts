import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { visitor } from '../../test/visitor'
import { app } from './index'

const look = (paint: string) => `version=long-range&paint=${paint}&wheels=aero-18&interior=textile-charcoal`

/** A PNG's signature and its header's width and height (the IHDR chunk comes first). */
function pngHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return {
    signature: [...bytes.slice(0, 8)],
    chunk: new TextDecoder().decode(bytes.slice(12, 16)),
    width: view.getUint32(16),
    height: view.getUint32(20),
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

async function png(path: string) {
  const res = await visitor().request(path)
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('the car as a PNG', () => {
  // The first PNG of an isolate compiles the rasteriser (seconds on a busy test machine).
  it('rasterises the look asked for at the size asked for, cacheable for a month', { timeout: 60_000 }, async () => {
    for (const [size, width, height] of [
      ['1200x630', 1200, 630],
      ['600x300', 600, 300],
    ] as const) {
      const { res, bytes } = await png(`/car/p5/front.png?${look('fjord-blue')}&size=${size}`)
      expect(res.status, size).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('cache-control')).toBe('public, max-age=2592000')
      expect(pngHeader(bytes)).toEqual({ signature: PNG_SIGNATURE, chunk: 'IHDR', width, height })
    }
    const { bytes } = await png(`/car/p5/side.png?${look('fjord-blue')}`)
    expect(pngHeader(bytes)).toMatchObject({ width: 1200, height: 600 })
  })

  it('draws each paint differently, and a look the same whatever else its address carries', async () => {
    const drawn = new Map<string, Uint8Array>()
    for (const paint of ['arctic-white', 'fjord-blue', 'aurora-green-black']) {
      drawn.set(paint, (await png(`/car/p5/front.png?${look(paint)}&size=600x300`)).bytes)
    }
    const [white, blue, green] = [...drawn.values()].map((bytes) => [...bytes].join(','))
    expect(new Set([white, blue, green]).size).toBe(3)
    // Asked again with another build stamp in the address: the same picture (kept under the checked look).
    const again = await png(`/car/p5/front.png?${look('fjord-blue')}&size=600x300&v=other`)
    expect([...again.bytes].join(',')).toBe(blue)
  })

  it('finds nothing for a code the model does not have, an unknown view, model or size', async () => {
    for (const path of [
      `/car/p5/front.png?${look('gold')}`,
      `/car/p5/front.png?${look('fjord-blue')}&packs=<script>`,
      `/car/p5/roof.png?${look('fjord-blue')}`,
      `/car/x9/front.png?${look('fjord-blue')}`,
      `/car/p5/front.png?${look('fjord-blue')}&size=20000x20000`,
      `/car/p5/front.jpg?${look('fjord-blue')}`,
      '/car/p5/front.png',
    ]) {
      const res = await visitor().request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).not.toBe('image/png')
    }
  })

  it('draws only so many for one client, and still answers what the edge cache has', async () => {
    const path = `/car/p5/rear.png?${look('graphite-grey')}&size=600x300`
    const headers = { 'cf-connecting-ip': '203.0.113.9' }
    expect((await app.request(path, { headers }, env)).status).toBe(200)
    const spent = { limit: vi.fn(async () => ({ success: false })) }
    const limited = { ...env, CAR_PNG_LIMITER: spent }
    // Drawn before: from the edge cache, without asking the limiter.
    const cached = await app.request(path, { headers }, limited)
    expect(cached.status).toBe(200)
    expect(spent.limit).not.toHaveBeenCalled()
    // A picture not drawn yet: refused for this client, for a minute.
    const refused = await app.request(`/car/p5/rear.png?${look('fjord-blue')}&size=600x300`, { headers }, limited)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('content-type')).not.toBe('image/png')
    expect(spent.limit).toHaveBeenCalledWith({ key: '203.0.113.9' })
  })
})
