import { formatMoney, type Money } from '../domain/money'
import { useT } from '../ui/intl-context'
import type { LoadContext } from './route'
import { carName } from './trade-in-valuation'

/** A trade-in estimate as a page shows it: the valuation, the car's name and the formatted estimate. */
export interface TradeInSummary {
  id: string
  car: string
  estimate: string
}

/**
 * The trade-in estimate a visitor brought to a page (`?tradeIn=<valuation id>`), formatted for its site, or null
 * when the id is unknown or the valuation belongs to another country's site.
 *
 * @example
 * tradeIn: await tradeInEstimate(ctx, ctx.url.searchParams.get('tradeIn') ?? '')
 */
export async function tradeInEstimate(
  ctx: Pick<LoadContext, 'store' | 'site'>,
  id: string,
): Promise<TradeInSummary | null> {
  const valuation = /^[\w-]{12}$/.test(id) ? await ctx.store.programs.findValuation(id) : null
  if (!valuation || valuation.countryCode !== ctx.site.countryCode) return null
  const estimate: Money = { amount: valuation.estimateAmount, currency: valuation.currency as Money['currency'] }
  return {
    id: valuation.id,
    car: await carName(ctx.store, valuation),
    estimate: formatMoney(estimate, ctx.site.locale),
  }
}

/**
 * The trade-in estimate as its own line beside a price: it is not deducted, because the final trade-in price is
 * only set at the inspection.
 */
export function TradeInLine({ tradeIn }: { tradeIn: TradeInSummary }) {
  const t = useT()
  return (
    <section className="notice" aria-label={t('tradeIn.line.label')}>
      <p>{t('tradeIn.line.estimate', { car: tradeIn.car, amount: tradeIn.estimate })}</p>
      <p>{t('tradeIn.line.note')}</p>
    </section>
  )
}
