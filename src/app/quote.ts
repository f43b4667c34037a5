import { type QuoteField, type QuoteProblem, validateQuoteRequest } from '../domain/quote/request'
import type { StoreCountry } from '../domain/testdrive/phone'
import type { Site } from '../i18n/sites'
import type { ConfigurationRecord, Store } from '../store'
import { priceCar } from './priced-car'

/** What requesting a quote gave: field problems, a saved build without choices, or the stored request. */
export type QuoteRequestOutcome =
  | { status: 'invalid'; problems: QuoteProblem[] }
  | { status: 'noChoices' }
  | { status: 'requested'; id: string; notificationId: string | null }

/**
 * Requests a quote for a saved configuration: checks the contact, prices the car as it is today and stores the
 * request with that itemised price and the consents, once per form (idempotency key), with its e-mail.
 *
 * @example
 * const outcome = await requestQuote(ctx.store, ctx.site, configuration, ctx.form, { idempotencyKey, ownerId })
 */
export async function requestQuote(
  data: Store,
  site: Site,
  configuration: ConfigurationRecord,
  input: Partial<Record<QuoteField | 'storeId' | 'marketing', string>>,
  options: { idempotencyKey: string; ownerId: string | null; now?: Date },
): Promise<QuoteRequestOutcome> {
  const { values, problems } = validateQuoteRequest(input, site.countryCode as StoreCountry)
  if (!values) return { status: 'invalid', problems }
  if (!configuration.choices) return { status: 'noChoices' }
  const stores = await data.showrooms(site.countryCode)
  const storeId = input.storeId && stores.some((s) => s.id === input.storeId) ? input.storeId : null
  const { quote: price } = await priceCar(data, site, {
    modelCode: configuration.modelCode,
    configuration: configuration.choices,
    usage: configuration.usage,
    mode: 'reconcile',
  })
  const now = options.now ?? new Date()
  const { id, notificationId } = await data.testDrives.createQuoteRequest({
    idempotencyKey: options.idempotencyKey,
    configurationId: configuration.id,
    countryCode: site.countryCode,
    storeId,
    ...values,
    locale: site.locale,
    ownerId: options.ownerId,
    price,
    consents: { privacy: now.toISOString(), marketing: input.marketing === 'yes' ? now.toISOString() : null },
    now,
  })
  return { status: 'requested', id, notificationId }
}
