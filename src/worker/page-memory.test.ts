import { describe, expect, it } from 'vitest'
import { PageMemory, pageBody, storedPage } from './page-memory'

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const page = (html: string, expires = 1_000, once: string[] = []) => storedPage(html, once, [], expires)

describe('a stored page', () => {
  it('is sent as stored when it has no once-per-form value', () => {
    const stored = page('<p>Pris: 499 000 kr</p>')
    expect(decode(pageBody(stored, () => 'never'))).toBe('<p>Pris: 499 000 kr</p>')
  })

  it('gets a new value for each once-per-form value, the same one wherever that value stands', () => {
    const html =
      '<input name="idempotencyKey" value="KEY-A-123456"><input name="idempotencyKey" value="KEY-B-654321">' +
      '<script id="__ctx" type="application/json">{"a":"KEY-A-123456","b":"KEY-B-654321","c":"KEY-A-123456"}</script>'
    const stored = page(html, 1_000, ['KEY-A-123456', 'KEY-B-654321', 'KEY-A-123456'])
    let n = 0
    const first = decode(pageBody(stored, () => `fresh-${++n}`))
    expect(first).toBe(
      '<input name="idempotencyKey" value="fresh-1"><input name="idempotencyKey" value="fresh-2">' +
        '<script id="__ctx" type="application/json">{"a":"fresh-1","b":"fresh-2","c":"fresh-1"}</script>',
    )
    const second = decode(pageBody(stored, () => `next-${++n}`))
    expect(second).toContain('value="next-3"')
    expect(second).not.toContain('KEY-A')
    // The stored copy itself is unchanged: as rendered, with its own values.
    expect(decode(pageBody(stored, (value) => value))).toBe(html)
  })

  it('keeps text outside the ASCII range byte for byte', () => {
    const html = '<p>Þjónusta — 価格 KEY-Ø-123456 ✓</p>'
    const stored = page(html, 1_000, ['KEY-Ø-123456'])
    expect(decode(pageBody(stored, () => 'ny-nøkkel'))).toBe('<p>Þjónusta — 価格 ny-nøkkel ✓</p>')
    expect(stored.bytes).toBe(new TextEncoder().encode(html).length - new TextEncoder().encode('KEY-Ø-123456').length)
  })
})

describe('the isolate memory of stored pages', () => {
  it('serves a page by its key only, until it expires', () => {
    const memory = new PageMemory()
    memory.set('https://a.test/no?__edge=x', page('<p>no</p>', 5_000))
    expect(memory.get('https://a.test/se?__edge=x', 0)).toBeUndefined()
    expect(memory.get('https://a.test/no?__edge=y', 0)).toBeUndefined()
    expect(memory.get('https://a.test/no?__edge=x', 4_999)).toBeDefined()
    expect(memory.get('https://a.test/no?__edge=x', 5_000)).toBeUndefined()
    // An expired page is dropped, not kept taking memory.
    expect(memory.size).toEqual({ pages: 0, bytes: 0 })
  })

  it('keeps at most its number of pages, dropping the least recently used', () => {
    const memory = new PageMemory(1024 * 1024, 2)
    memory.set('a', page('<p>a</p>'))
    memory.set('b', page('<p>b</p>'))
    expect(memory.get('a', 0)).toBeDefined()
    memory.set('c', page('<p>c</p>'))
    expect(memory.get('b', 0)).toBeUndefined()
    expect(memory.get('a', 0)).toBeDefined()
    expect(memory.get('c', 0)).toBeDefined()
    expect(memory.size.pages).toBe(2)
  })

  it('keeps at most its bytes, and never a page larger than a quarter of them', () => {
    const memory = new PageMemory(400)
    const kb = (letter: string) => page(`<p>${letter.repeat(93)}</p>`) // 100 bytes
    for (const key of ['a', 'b', 'c', 'd', 'e']) memory.set(key, kb(key))
    expect(memory.size).toEqual({ pages: 4, bytes: 400 })
    expect(memory.get('a', 0)).toBeUndefined()
    memory.set('big', page(`<p>${'x'.repeat(200)}</p>`))
    expect(memory.get('big', 0)).toBeUndefined()
    expect(memory.size.pages).toBe(4)
    // Storing a key again replaces its page and its bytes.
    memory.set('e', page('<p>e</p>'))
    expect(memory.size).toEqual({ pages: 4, bytes: 308 })
  })
})
