import { z } from 'zod'
import { CurrencySchema, MinorUnits } from '../catalog/schema'

/**
 * Advertised figures later features quote verbatim (stock-list "from" price, business lease rates),
 * kept with the price data so copy and calculations read one source (data/pricing/marketing.json).
 *
 * @example
 * MarketingFacts.parse(marketingJson).stockListFromPrice.amountMinor // 5_799_000
 */
export const MarketingFacts = z.strictObject({
  stockListFromPrice: z.strictObject({ amountMinor: MinorUnits, currency: CurrencySchema, source: z.string().min(3) }),
  businessLeaseInterest: z
    .strictObject({
      /** The campaign rate, in basis points (399 = 3.99 %). */
      offerRateBasisPoints: z.int().min(0).max(10_000),
      /** The ordinary rate the offer is compared against. */
      referenceRateBasisPoints: z.int().min(0).max(10_000),
      source: z.string().min(3),
    })
    .refine((rates) => rates.offerRateBasisPoints < rates.referenceRateBasisPoints, {
      message: 'an offer rate is below the rate it is compared with',
    }),
})
export type MarketingFacts = z.infer<typeof MarketingFacts>
