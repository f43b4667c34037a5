import type { Configuration } from '../../domain/catalog/configuration'
import type { CarView } from './look'

/** The sizes the car is rasterised at: the drawing's 2:1, a link preview's 1200 × 630, and e-mail's 600 px column. */
export const CAR_PNG_SIZES = ['1200x600', '1200x630', '600x300'] as const
export type CarPngSize = (typeof CAR_PNG_SIZES)[number]

/** The query of a car image address: the look, then anything else (a size, a build). */
export function carImageQuery(configuration: Configuration, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    version: configuration.versionCode,
    paint: configuration.paintCode,
    wheels: configuration.wheelCode,
    interior: configuration.interiorCode,
    packs: configuration.packCodes.join(','),
    accessories: configuration.accessoryCodes.join(','),
    ...extra,
  }).toString()
}

/**
 * The address of the car as a hosted SVG image (src/worker/car-image.ts), for pages that show many
 * cars (quick delivery) and for places that cannot inline SVG. Each deployment gets fresh addresses,
 * so the images may be cached for a day.
 */
export function carImagePath(configuration: Configuration, view: CarView): string {
  const query = carImageQuery(configuration, { v: import.meta.env.VITE_BUILD_ID ?? 'dev' })
  return `/car/${encodeURIComponent(configuration.modelCode)}/${view}.svg?${query}`
}

/**
 * The address of the car as a PNG (src/worker/car-png.ts), for e-mails and link previews, which cannot show SVG.
 * Make it absolute with the official origin before it leaves the site.
 */
export function carPngPath(configuration: Configuration, view: CarView, size: CarPngSize): string {
  const query = carImageQuery(configuration, { size, v: import.meta.env.VITE_BUILD_ID ?? 'dev' })
  return `/car/${encodeURIComponent(configuration.modelCode)}/${view}.png?${query}`
}
