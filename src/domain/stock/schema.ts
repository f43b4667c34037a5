import { z } from 'zod'
import { Configuration } from '../catalog/configuration-schema'
import { CountryCodeSchema } from '../catalog/markets-schema'
import { OptionCode } from '../catalog/schema'
import { quickDeliveryPromise, STOCK_SORTS, type StockCar } from './stock'

const provenance = {
  source: z.string().min(3),
  assumption: z.literal(true).optional(),
  assumptionNote: z.string().min(10).optional(),
}

/**
 * A country's quick-delivery stock as seeded (data/stock/<country>.json). A car must arrive within
 * the country's SPEC §9 promise (6 weeks in Norway, one month elsewhere); the global site has none.
 *
 * @example
 * StockFile.parse(noJson).cars[0].deliveryWeeks // 3
 */
export const StockFile = z
  .strictObject({
    country: CountryCodeSchema.exclude(['GLOBAL']),
    cars: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9-]{3,40}$/),
          configuration: Configuration,
          deliveryWeeks: z.int().min(1).max(52),
          stock: z.int().min(0).max(1000),
        }),
      )
      .min(1),
    ...provenance,
  })
  .superRefine((file, ctx) => {
    const { maxWeeks } = quickDeliveryPromise(file.country)
    const ids = new Set<string>()
    file.cars.forEach((car, index) => {
      if (car.deliveryWeeks > maxWeeks) {
        ctx.addIssue({ code: 'custom', message: `over the ${maxWeeks}-week promise`, path: ['cars', index] })
      }
      if (ids.has(car.id)) ctx.addIssue({ code: 'custom', message: 'duplicate car id', path: ['cars', index] })
      ids.add(car.id)
    })
  })
export type StockFile = z.infer<typeof StockFile>

/** A stock car as read back from D1 (its configuration and numbers checked again). */
export const StockCarSchema = z.strictObject({
  id: z.string().min(1),
  country: CountryCodeSchema,
  configuration: Configuration,
  deliveryWeeks: z.int().min(0),
  remaining: z.int().min(0),
  sort: z.int(),
}) satisfies z.ZodType<StockCar>

const optionalCode = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(OptionCode.nullable())

/**
 * The list's address query: `sort`, `version`, `colour`; empty means "any".
 *
 * @example
 * StockQuerySchema.parse({ sort: 'price-desc', version: '', colour: 'fjord-blue' })
 * // { sort: 'price-desc', version: null, colour: 'fjord-blue' }
 */
export const StockQuerySchema = z.strictObject({
  sort: z.enum(STOCK_SORTS).default('delivery-asc'),
  version: optionalCode.default(null),
  colour: optionalCode.default(null),
})
