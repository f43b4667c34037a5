import type { Configuration } from '../../domain/catalog/configuration'
import type { CarView } from './look'

/**
 * The address of the car as a hosted SVG image (src/worker/car-image.ts), for pages that show many
 * cars (quick delivery) and for places that cannot inline SVG. Each deployment gets fresh addresses,
 * so the images may be cached for a day.
 */
export function carImagePath(configuration: Configuration, view: CarView): string {
  const query = new URLSearchParams({
    version: configuration.versionCode,
    paint: configuration.paintCode,
    wheels: configuration.wheelCode,
    interior: configuration.interiorCode,
    packs: configuration.packCodes.join(','),
    accessories: configuration.accessoryCodes.join(','),
    v: import.meta.env.VITE_BUILD_ID ?? 'dev',
  })
  return `/car/${encodeURIComponent(configuration.modelCode)}/${view}.svg?${query}`
}
