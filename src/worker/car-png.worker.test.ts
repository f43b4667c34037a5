import { describe, expect, it } from 'vitest'
import { visitor } from '../../test/visitor'

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
})
