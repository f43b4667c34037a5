import { carName } from '../app/trade-in'
import type { Money } from '../domain/money'
import type { TradeInCarInfo } from '../domain/tradein/balance'
import { estimateValidUntil } from '../domain/tradein/credit'
import { formatMoney } from '../i18n/formats'
import type { Site } from '../i18n/sites'
import type { Store } from '../store'
import type { TradeInOwner } from '../store/trade-ins'
import type { LoadContext } from './route'

/** A trade-in estimate as a page shows it: the valuation, the car's name and the formatted estimate. */
export interface TradeInSummary {
  id: string
  car: string
  estimate: string
  /** The estimate as money, for a price statement that sets it against the price as a credit. */
  value: Money
  /** The last day the estimate is set against a price and its finance. */
  validUntil: string
}

/**
 * A valuation as the visitor carries it (SPEC §3 `tradeInCarInfo`), or null when the id is unknown, the valuation is
 * someone else's, or it belongs to another country's site: its currency and market differ.
 *
 * @example
 * await findTradeInCarInfo(store, site, 'Vq3fK9xZ2bLm', await ctx.tradeIn.owner())
 */
export async function findTradeInCarInfo(
  store: Store,
  site: Site,
  id: string,
  owner: TradeInOwner,
): Promise<TradeInCarInfo | null> {
  const valuation = /^[\w-]{12}$/.test(id) ? await store.programs.findValuation(id, owner) : null
  if (!valuation || valuation.countryCode !== site.countryCode) return null
  return {
    id: valuation.id,
    car: await carName(store, valuation),
    estimate: { amount: valuation.estimateAmount, currency: valuation.currency as Money['currency'] },
    validUntil: estimateValidUntil((valuation.updatedAt ?? valuation.createdAt).slice(0, 10)),
  }
}

/**
 * The visitor's trade-in estimate of an order form or order (a valuation id), formatted for its site, or null when
 * it is not theirs.
 *
 * @example
 * tradeIn: await tradeInEstimate(ctx, ctx.url.searchParams.get('tradeIn') ?? ctx.tradeIn.id ?? '')
 */
export async function tradeInEstimate(
  ctx: Pick<LoadContext, 'store' | 'site' | 'tradeIn'>,
  id: string,
): Promise<TradeInSummary | null> {
  const info = await findTradeInCarInfo(ctx.store, ctx.site, id, await ctx.tradeIn.owner())
  return info
    ? {
        id: info.id,
        car: info.car,
        estimate: formatMoney(info.estimate, ctx.site.locale),
        value: info.estimate,
        validUntil: info.validUntil ?? estimateValidUntil(new Date().toISOString().slice(0, 10)),
      }
    : null
}
