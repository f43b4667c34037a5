import { z } from 'zod'
import { OptionCode } from './schema'

/**
 * A car as the visitor configured it. Standard packs of the version are implied, never listed, so one
 * car has exactly one configuration (which is what makes "same configuration submitted twice" detectable).
 *
 * @example
 * Configuration.parse({ modelCode: 'p5', versionCode: 'long-range', paintCode: 'fjord-blue',
 *   wheelCode: 'aero-18', interiorCode: 'textile-charcoal', packCodes: [], accessoryCodes: [] })
 */
export const Configuration = z.strictObject({
  modelCode: OptionCode,
  versionCode: OptionCode,
  paintCode: OptionCode,
  wheelCode: OptionCode,
  interiorCode: OptionCode,
  packCodes: z.array(OptionCode).max(30),
  accessoryCodes: z.array(OptionCode).max(30),
})
export type Configuration = z.infer<typeof Configuration>
