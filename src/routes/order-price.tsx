import { z } from 'zod'
import type { Catalog } from '../domain/catalog/schema'
import { CURRENCY_EXPONENT, type Money } from '../domain/money'
import {
  type DisplayedBreakdown,
  displayedBreakdown,
  headlinePrice,
  type PriceBasis,
  priceStatement,
} from '../domain/pricing/display'
import type { PriceQuote } from '../domain/pricing/engine'
import { formatDeduction, formatMoney } from '../i18n/formats'
import type { Locale } from '../i18n/sites'
import { useT } from '../ui/intl-context'
import { PriceBreakdownTable, vehicleNamesOf } from '../ui/PriceBreakdownTable'
import { useSiteContext } from '../ui/site-context'

/** A car's price as an order page shows it: the breakdown on its stated basis and the names of its vehicle rows. */
export interface OrderPriceView {
  /** The total a page leads with, on the page's basis (net for a business buyer where prices are shown so). */
  headline: { basis: PriceBasis; amount: number }
  breakdown: DisplayedBreakdown
  currency: Money['currency']
  vehicleNames: Record<string, string>
}

/**
 * The order pages' view of a quote (the order form's current one, or the one an order was placed with).
 *
 * @example
 * price: orderPriceView(quote, catalog, ctx.site.locale)
 */
export function orderPriceView(quote: PriceQuote, catalog: Catalog | null, locale: Locale): OrderPriceView {
  const breakdown = displayedBreakdown(quote)
  return {
    headline: headlinePrice(quote),
    breakdown,
    currency: quote.currency,
    vehicleNames: catalog ? vehicleNamesOf(catalog, breakdown, locale) : {},
  }
}

const minor = z.number().int()
/** The parts of a stored quote that its displayed breakdown reads; anything else in the record is ignored. */
const StoredQuote = z.object({
  usage: z.enum(['personal', 'business']),
  display: z.enum(['inclVat', 'exclVat']),
  orderable: z.boolean(),
  currency: z.enum(Object.keys(CURRENCY_EXPONENT) as [keyof typeof CURRENCY_EXPONENT]),
  lines: z.array(
    z.object({
      code: z.string(),
      labelKey: z.string(),
      role: z.enum(['vehicle', 'deliveryFee', 'weightTax', 'other', 'vat']),
      amount: minor,
      vatTreatment: z.enum(['includesVat', 'excludesVat', 'vatExempt', 'outOfScope', 'vat']),
      vatIncluded: minor,
    }),
  ),
  totalInclVat: minor,
  totalExclVat: minor,
  vat: minor,
})

/**
 * The price an order was placed with (the quote stored with it), as the order pages show it; null when the record
 * holds no readable quote or one that does not add up, so the page shows its other facts rather than a wrong sum.
 *
 * @example
 * price: storedOrderPrice(await ctx.store.orders.priceOf(id), catalog, ctx.site.locale)
 */
export function storedOrderPrice(stored: unknown, catalog: Catalog | null, locale: Locale): OrderPriceView | null {
  const parsed = StoredQuote.safeParse(stored)
  if (!parsed.success) return null
  const quote = parsed.data
  try {
    const breakdown = displayedBreakdown(quote)
    return {
      headline: headlinePrice(quote),
      breakdown,
      currency: quote.currency,
      vehicleNames: catalog ? vehicleNamesOf(catalog, breakdown, locale) : {},
    }
  } catch (error) {
    if (error instanceof RangeError) return null
    throw error
  }
}

/**
 * The itemised price of an order on one stated basis, then a trade-in estimate as a credit (written as the locale
 * writes a deduction) and the estimated balance, as in the configurator's summary.
 */
export function OrderPrice({
  price,
  tradeIn,
}: {
  price: OrderPriceView
  tradeIn: { car: string; value: Money } | null
}) {
  const t = useT()
  const { site } = useSiteContext()
  const money = (amount: number) => formatMoney({ amount, currency: price.currency }, site.locale)
  const estimate = tradeIn && tradeIn.value.currency === price.currency ? tradeIn.value.amount : null
  const credits = priceStatement(price.breakdown, estimate).filter((line) =>
    ['credit', 'balance', 'toReceive'].includes(line.kind),
  )
  return (
    <section className="price-summary" aria-labelledby="order-price-title">
      <h2 id="order-price-title">{t('order.price.heading')}</h2>
      <PriceBreakdownTable vehicleNames={price.vehicleNames} breakdown={price.breakdown} currency={price.currency} />
      {tradeIn && credits.length > 0 ? (
        <div className="price-summary__trade-in">
          <table>
            <tbody>
              {credits
                .filter((line) => line.kind !== 'toReceive')
                .map((line) => (
                  <tr key={line.kind} className={line.kind === 'balance' ? 'price-summary__balance' : undefined}>
                    <th scope="row">
                      {line.kind === 'credit'
                        ? t('price.tradeIn.estimate', { car: tradeIn.car })
                        : t('price.tradeIn.balance')}
                    </th>
                    <td>
                      {line.kind === 'credit'
                        ? formatDeduction({ amount: line.amount, currency: price.currency }, site.locale)
                        : money(line.amount)}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {credits
            .filter((line) => line.kind === 'toReceive')
            .map((line) => (
              <p key={line.kind}>{t('price.tradeIn.toReceive', { amount: money(line.amount) })}</p>
            ))}
        </div>
      ) : null}
      {tradeIn ? <p className="price-summary__sub">{t('tradeIn.line.note')}</p> : null}
    </section>
  )
}

/** The total an order page leads with, formatted on its basis ("€ 40.659,96 excl. btw" for a business buyer). */
export function useHeadlineAmount(price: OrderPriceView): string {
  const t = useT()
  const { site } = useSiteContext()
  const amount = formatMoney({ amount: price.headline.amount, currency: price.currency }, site.locale)
  return price.headline.basis === 'exclVat' ? t('configurator.price.exclVat', { amount }) : amount
}
