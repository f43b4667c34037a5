import type { Configuration } from './configuration-schema'

/**
 * A Long Range in Arctic White on the 18" aero wheels with the charcoal textile interior and nothing optional: the
 * car the API examples of OpenAPI quote, and the one the tests price and draw when the choices do not matter.
 */
export const EXAMPLE_CONFIGURATION: Configuration = {
  modelCode: 'p5',
  versionCode: 'long-range',
  paintCode: 'arctic-white',
  wheelCode: 'aero-18',
  interiorCode: 'textile-charcoal',
  packCodes: [],
  accessoryCodes: [],
}
