/**
 * Stored anonymous pages, ready to serve (edge-cache.ts): the HTML as bytes, cut around its once-per-form values
 * (a form's idempotency key) so that a response gets fresh ones by joining bytes, with no HTML pass; and the
 * isolate's memory of them, a bounded LRU in front of the Cache API.
 */

/** One stored page: what a hit sends, and until when. */
export interface StoredPage {
  /** The response headers, the CSP included (hashes, no nonce); neither a request id nor a cookie. */
  readonly headers: readonly (readonly [string, string])[]
  /** The HTML between once-per-form values: `chunks[0] value(slots[0]) chunks[1] … chunks[n]`. */
  readonly chunks: readonly Uint8Array<ArrayBuffer>[]
  /** Which of the page's once-per-form values stands after each chunk but the last. */
  readonly slots: readonly number[]
  /** The once-per-form values as rendered (in the Cache API's copy, where they mark the places to fill). */
  readonly onceValues: readonly string[]
  /** The HTML's size in bytes. */
  readonly bytes: number
  /** Epoch ms after which the page is not served any more (rendered at + s-maxage). */
  readonly expires: number
}

const encoder = new TextEncoder()

/** A page to store: `onceValues` are cut out of the HTML, wherever they stand, to be replaced per response. */
export function storedPage(
  html: string,
  onceValues: readonly string[],
  headers: readonly (readonly [string, string])[],
  expires: number,
): StoredPage {
  const values = [...new Set(onceValues.filter(Boolean))]
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const slots: number[] = []
  let at = 0
  for (;;) {
    let next = -1
    let which = -1
    values.forEach((value, i) => {
      const found = html.indexOf(value, at)
      if (found >= 0 && (next < 0 || found < next)) {
        next = found
        which = i
      }
    })
    if (next < 0) break
    chunks.push(encoder.encode(html.slice(at, next)))
    slots.push(which)
    at = next + (values[which] ?? '').length
  }
  chunks.push(encoder.encode(html.slice(at)))
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  return { headers, chunks, slots, onceValues: values, bytes, expires }
}

/**
 * The HTML of one response: the stored bytes, with `fill(value)` in place of each once-per-form value (one call
 * per distinct value, so a value repeated in the field and the hydration data gets one replacement).
 */
export function pageBody(page: StoredPage, fill: (value: string) => string): Uint8Array<ArrayBuffer> {
  const [first] = page.chunks
  if (page.slots.length === 0 && first) return first
  const values = page.onceValues.map((value) => encoder.encode(fill(value)))
  const size = page.bytes + page.slots.reduce((sum, slot) => sum + (values[slot]?.length ?? 0), 0)
  const body = new Uint8Array(size)
  let at = 0
  page.chunks.forEach((chunk, i) => {
    body.set(chunk, at)
    at += chunk.length
    const value = values[page.slots[i] ?? -1]
    if (i < page.slots.length && value) {
      body.set(value, at)
      at += value.length
    }
  })
  return body
}

/**
 * The isolate's memory of stored pages, by cache key: least recently used first out, at most `maxPages` pages and
 * `maxBytes` of HTML; a page past its `expires` is never served and is dropped when met.
 */
export class PageMemory {
  readonly #pages = new Map<string, StoredPage>()
  #bytes = 0

  constructor(
    readonly maxBytes = 8 * 1024 * 1024,
    readonly maxPages = 256,
  ) {}

  get(key: string, now: number): StoredPage | undefined {
    const page = this.#pages.get(key)
    if (!page) return undefined
    this.#pages.delete(key)
    if (page.expires <= now) {
      this.#bytes -= page.bytes
      return undefined
    }
    // Most recently used last.
    this.#pages.set(key, page)
    return page
  }

  set(key: string, page: StoredPage): void {
    this.delete(key)
    // A page larger than a quarter of the memory would push out too much; the Cache API still has it.
    if (page.bytes > this.maxBytes / 4) return
    this.#pages.set(key, page)
    this.#bytes += page.bytes
    for (const [oldest, old] of this.#pages) {
      if (this.#bytes <= this.maxBytes && this.#pages.size <= this.maxPages) break
      this.#pages.delete(oldest)
      this.#bytes -= old.bytes
    }
  }

  delete(key: string): void {
    const page = this.#pages.get(key)
    if (!page) return
    this.#pages.delete(key)
    this.#bytes -= page.bytes
  }

  /** How many pages and bytes are held. */
  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#bytes }
  }
}
