import { createOffer } from '../domain/finance/offer'
import type { FinanceProduct } from '../domain/finance/products'
import type { FinanceSummary } from '../domain/finance/summary'
import type { Store } from '../store'

/** A kept offer: its id (the page's `offer=` address) and the instant it expires. */
export interface KeptOffer {
  id: string
  expiresAt: string
}

/**
 * Keeps finance figures as an offer that holds for the lender's validity (a cash price for a day): the API's
 * `keep` and the configurator's no-JavaScript form both keep it here, from figures computed on the server.
 *
 * @example
 * const { id } = await keepFinanceOffer(store, { countryCode: 'NO', product, summary, request: { configuration, choice, usage } })
 */
export async function keepFinanceOffer(
  store: Pick<Store, 'saveFinanceOffer'>,
  input: {
    countryCode: string
    product: FinanceProduct
    summary: FinanceSummary
    /** What the figures were computed for: the car, the finance choice and the usage. */
    request: { configuration: unknown; choice: unknown; usage: 'personal' | 'business' }
    now?: Date
  },
): Promise<KeptOffer> {
  const { product } = input
  const kept = createOffer(
    product.kind,
    input.summary,
    input.now ?? new Date(),
    product.kind === 'cash' ? 1 : product.offerValidityDays,
  )
  const id = await store.saveFinanceOffer({
    countryCode: input.countryCode,
    kind: product.kind,
    request: input.request,
    quote: input.summary,
    createdAt: kept.createdAt,
    expiresAt: kept.expiresAt,
  })
  return { id, expiresAt: kept.expiresAt }
}
