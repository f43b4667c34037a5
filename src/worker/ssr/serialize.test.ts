import { describe, expect, it, vi } from 'vitest'
import { shared } from '../../lib/shared'
import { serializeForScript, serializePayload } from './serialize'

describe('serializeForScript', () => {
  it('cannot close the script element or open markup, whatever the data holds', () => {
    const hostile = { url: '/x?q=</script><script>alert(1)</script>', note: '<!-- & \u2028 \u2029' }
    const out = serializeForScript(hostile)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual(hostile)
  })
})

describe('serializePayload', () => {
  const messages = { 'common.hello': [{ type: 0, value: 'Hei <du> & du' }] }
  const payload = (data: unknown) => ({ page: { channel: 10 }, prefix: '/no', rest: '/', query: 'a=1', messages, data })

  it('writes exactly what serializeForScript writes of the whole payload', () => {
    for (const data of [{ price: 1, note: '</script>' }, [1, 2], null, 'text', undefined]) {
      expect(serializePayload(payload(data))).toBe(serializeForScript(payload(data)))
    }
    expect(serializePayload({ messages, data: 1 })).toBe(serializeForScript({ messages, data: 1 }))
  })

  it('serializes the same messages object once', () => {
    const fresh = { 'common.bye': [{ type: 0, value: 'Ha det' }] }
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      expect(serializePayload({ ...payload({ a: 1 }), messages: fresh })).toContain('"data":{"a":1}')
      expect(serializePayload({ ...payload({ a: 2 }), messages: fresh })).toContain('"data":{"a":2}')
      expect(stringify.mock.calls.filter(([value]) => value === fresh)).toHaveLength(1)
    } finally {
      stringify.mockRestore()
    }
  })

  it('writes data with shared members exactly as serializeForScript does, each shared member once', () => {
    const catalog = shared({ model: 'P5', note: '<b>&</b>', versions: [{ code: 'long-range', at: new Date(0) }] })
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      for (const price of [1, 2]) {
        const data = { catalog, price, skipped: undefined, run: () => 1, 'odd "key" <': null, when: new Date(1) }
        expect(serializePayload(payload(data))).toBe(serializeForScript(payload(data)))
      }
      // Written on its own once, for both payloads (the reference above writes whole payloads).
      expect(stringify.mock.calls.filter(([value]) => value === catalog)).toHaveLength(1)
    } finally {
      stringify.mockRestore()
    }
  })
})
