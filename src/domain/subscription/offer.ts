/**
 * The all-inclusive monthly subscription: one price per month for a fixed term and mileage, with the services it
 * includes. Where a country has one is data (data/subscription/offers.json, an assumption until the partner
 * confirms it); a country without an offer shows none.
 */
import { z } from 'zod'
import { COUNTRY_CODES, type CountryCode } from '../catalog/markets'
import { CURRENCY_EXPONENT, type CurrencyCode, type Money, money } from '../money'

/** The services an offer can include, in the order the page lists them. */
export const SUBSCRIPTION_SERVICES = [
  'insurance',
  'maintenance',
  'tyres',
  'winterTyres',
  'roadsideAssistance',
  'registration',
] as const
export type SubscriptionService = (typeof SUBSCRIPTION_SERVICES)[number]

const SubscriptionOffer = z.strictObject({
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(Object.keys(CURRENCY_EXPONENT) as [CurrencyCode, ...CurrencyCode[]]),
  modelCode: z.string().min(1),
  /** Price per month including VAT, in integer minor units. */
  monthlyPrice: z.number().int().positive(),
  termMonths: z.number().int().min(1).max(60),
  kmPerMonth: z.number().int().positive(),
  services: z.array(z.enum(SUBSCRIPTION_SERVICES)).min(1),
})
export type SubscriptionOffer = z.infer<typeof SubscriptionOffer>

/**
 * The offers file as seeded.
 *
 * @example
 * SubscriptionOffers.parse(json).offers.map((o) => o.country) // ['NO', 'SE', 'NL', 'DE']
 */
export const SubscriptionOffers = z.strictObject({
  assumption: z.boolean(),
  note: z.string(),
  validFrom: z.string(),
  offers: z.array(SubscriptionOffer),
})
export type SubscriptionOffers = z.infer<typeof SubscriptionOffers>

/**
 * A country's offer, or null where there is none.
 *
 * @example
 * offerFor(offers, 'NO')?.termMonths // 12
 */
export function offerFor(offers: SubscriptionOffers, country: CountryCode): SubscriptionOffer | null {
  return offers.offers.find((o) => o.country === country) ?? null
}

/**
 * What the page shows of an offer: the monthly price, what the whole term costs (monthly × months, exact in
 * minor units), the term, the mileage per month and over the term, and the services in page order.
 *
 * @example
 * subscriptionSummary(offerFor(offers, 'NL')).total // { amount: 898800, currency: 'EUR' }: 749.00 € × 12
 */
export function subscriptionSummary(offer: SubscriptionOffer): {
  monthly: Money
  total: Money
  termMonths: number
  kmPerMonth: number
  kmPerTerm: number
  services: SubscriptionService[]
} {
  return {
    monthly: money(offer.monthlyPrice, offer.currency),
    total: money(offer.monthlyPrice * offer.termMonths, offer.currency),
    termMonths: offer.termMonths,
    kmPerMonth: offer.kmPerMonth,
    kmPerTerm: offer.kmPerMonth * offer.termMonths,
    services: SUBSCRIPTION_SERVICES.filter((s) => offer.services.includes(s)),
  }
}
