/**
 * Which payment methods each market offers, and whether it takes payment online at all: data beside the deposits
 * (`data/payments/methods.json`), checked here once. The server refuses a payment the data does not allow.
 */
import { z } from 'zod'
import data from '../../../data/payments/methods.json'
import { CURRENCY_EXPONENT, type CurrencyCode, type Money } from '../money'
import type { OrderCountry } from '../order/personal'

/**
 * The payment methods of the provider, by its own names (Stripe's `payment_method_types`).
 *
 * @example
 * PAYMENT_METHODS.includes('swish') // true
 */
export const PAYMENT_METHODS = [
  'card',
  'vipps',
  'mobilepay',
  'swish',
  'ideal',
  'bancontact',
  'sepa_debit',
  'promptpay',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

const CURRENCIES = Object.keys(CURRENCY_EXPONENT) as [CurrencyCode, ...CurrencyCode[]]
const COUNTRIES = ['NO', 'SE', 'DK', 'NL', 'BE', 'DE', 'AT', 'FR', 'LU', 'TH', 'IS'] as const satisfies OrderCountry[]

const MethodSchema = z.object({
  currencies: z.array(z.enum(CURRENCIES)).min(1),
  wallets: z.array(z.enum(['apple_pay', 'google_pay'])),
  /** The provider confirms it later (days for a direct debit): the order waits in "payment processing". */
  delayed: z.boolean(),
  /** A preview flag the provider needs on every request that includes the method. */
  preview: z.string().optional(),
  source: z.string().min(1),
})

const CountrySchema = z.object({
  online: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)).min(1),
  /** What a refund keeps back, in minor units (a market's non-refundable fee in its terms; none today). */
  nonRefundableMinor: z.number().int().min(0),
})

const PaymentDataSchema = z.object({
  provider: z.literal('stripe'),
  checkedOn: z.iso.date(),
  reviewBy: z.iso.date(),
  note: z.string(),
  methods: z.record(z.enum(PAYMENT_METHODS), MethodSchema),
  countries: z.record(z.enum(COUNTRIES), CountrySchema),
})

export type PaymentMethodFacts = z.infer<typeof MethodSchema>
export type CountryPayments = z.infer<typeof CountrySchema>

/** The payment data, validated when the module loads: a wrong file fails every test at once. */
export const PAYMENT_DATA = PaymentDataSchema.parse(data)

/**
 * A market's payments: online or not, its methods in the order shown, what a refund keeps back.
 *
 * @example
 * countryPayments('SE').methods // ['swish', 'card']
 * countryPayments('TH').online // false
 */
export function countryPayments(country: OrderCountry): CountryPayments {
  return PAYMENT_DATA.countries[country]
}

/**
 * The methods a customer may pay an amount with in a market: none where the market takes no payment online, and
 * only those whose currencies include the amount's.
 *
 * @example
 * methodsFor('NO', 'NOK') // ['vipps', 'card']
 * methodsFor('IS', 'ISK') // []
 */
export function methodsFor(country: OrderCountry, currency: CurrencyCode): PaymentMethod[] {
  const market = countryPayments(country)
  if (!market.online) return []
  return market.methods.filter((method) => PAYMENT_DATA.methods[method].currencies.includes(currency))
}

/**
 * Whether the data allows paying this amount with this method in this market.
 *
 * @example
 * mayPay('NO', 'NOK', 'swish') // false
 */
export function mayPay(country: OrderCountry, currency: CurrencyCode, method: string): method is PaymentMethod {
  return (methodsFor(country, currency) as string[]).includes(method)
}

/**
 * What goes back to the customer of a paid amount: all of it, less the market's non-refundable fee (never below 0).
 *
 * @example
 * refundableAmount({ amount: 500000, currency: 'NOK' }, 'NO') // { amount: 500000, currency: 'NOK' }
 */
export function refundableAmount(paid: Money, country: OrderCountry): Money {
  const kept = countryPayments(country).nonRefundableMinor
  return { amount: Math.max(0, paid.amount - kept), currency: paid.currency }
}

/**
 * The message key that names a method on the payment step ("Card, Apple Pay or Google Pay", "Vipps").
 *
 * @example
 * METHOD_NAME_KEYS.sepa_debit // 'payment.method.sepa_debit'
 */
export const METHOD_NAME_KEYS = {
  card: 'payment.method.card',
  vipps: 'payment.method.vipps',
  mobilepay: 'payment.method.mobilepay',
  swish: 'payment.method.swish',
  ideal: 'payment.method.ideal',
  bancontact: 'payment.method.bancontact',
  sepa_debit: 'payment.method.sepa_debit',
  promptpay: 'payment.method.promptpay',
} as const satisfies Record<PaymentMethod, string>

/**
 * The message key that names the method a payment was made with, in a sentence ("with card", "by SEPA Direct
 * Debit"): the payment step's names say more than that (what a card includes, how long a debit takes).
 *
 * @example
 * PAID_METHOD_KEYS.card // 'payment.paidWith.card'
 * PAID_METHOD_KEYS.vipps // 'payment.method.vipps'
 */
export const PAID_METHOD_KEYS = {
  ...METHOD_NAME_KEYS,
  card: 'payment.paidWith.card',
  sepa_debit: 'payment.paidWith.sepa_debit',
} as const satisfies Record<PaymentMethod, string>
