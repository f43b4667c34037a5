import type { Context } from 'hono'
import { PlainRefusal } from './errors'
import type { AppEnv } from './types'

/** workerd's cache of the zone (`caches.default`); absent outside workerd. */
function edgeCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}

/** One PNG to answer with: the SVG document to rasterise, under which key to keep it, and its headers. */
export interface PngAnswer {
  /** The SVG document, already of the PNG's size. */
  svg: () => string
  /** The edge cache's key: the checked look, the size and the build, never what else the address carries. */
  key: string
  headers: Record<string, string>
  /** Whether this client may have one more PNG drawn; asked only when the edge cache has none (else a 429). */
  mayDraw: () => Promise<boolean>
}

/**
 * Answers with the PNG of an SVG document, rasterised in the Worker by resvg (wasm). Imported on demand by
 * car-image.ts, with the rasteriser, so neither is part of the Worker's main module. Rasterising costs CPU, so each
 * PNG is kept in the edge cache under `key`, and a client may have only so many drawn (`mayDraw`).
 */
export async function answerPng(c: Context<AppEnv>, answer: PngAnswer): Promise<Response> {
  const cache = edgeCache()
  const key = new Request(answer.key)
  const hit = await cache?.match(key)
  if (hit?.ok && hit.body) return c.body(hit.body, 200, answer.headers)
  if (!(await answer.mayDraw())) throw new PlainRefusal(429, '429 Too Many Requests: try again in a minute.', 60)
  const { rasterise } = await import('./car-png-raster')
  const png = await rasterise(answer.svg())
  if (cache) {
    const put = cache.put(key, new Response(png.slice(), { headers: answer.headers }))
    try {
      c.executionCtx.waitUntil(put)
    } catch {
      await put
    }
  }
  return c.body(png, 200, answer.headers)
}
