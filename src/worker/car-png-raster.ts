import { initWasm, Resvg } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm?module'

// Loaded on demand by car-png.ts: the rasteriser (~0.9 MB of wasm gzipped) is its own module, never part of the
// Worker's main module, and is compiled once per isolate on the first PNG.
let ready: Promise<void> | undefined

/**
 * An SVG document as PNG bytes at the size its root element names. The car uses no text outside the interior
 * screen and no fonts are loaded: a missing font would otherwise make resvg look through a file system the Worker
 * does not have.
 */
export async function rasterise(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined
    throw error
  })
  await ready
  const renderer = new Resvg(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 })
  const image = renderer.render()
  try {
    return new Uint8Array(image.asPng())
  } finally {
    image.free()
    renderer.free()
  }
}
