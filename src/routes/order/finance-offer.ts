import type { Usage } from '../../domain/catalog/markets'
import { FINANCE_KINDS, type FinanceKind, type FinanceProduct } from '../../domain/finance/products'
import { type CurrentOffer, currentOffer } from '../../domain/finance/requote'
import { type FinanceChoice, financeBasis } from '../../domain/finance/summary'
import type { PriceQuote } from '../../domain/pricing/engine'
import { tradeInCredit } from '../../domain/tradein/credit'
import { today } from '../../i18n/sites'
import type { ConfigurationRecord } from '../../store'
import type { LoadContext } from '../route'
import type { TradeInSummary } from '../trade-in-line'

/** The finance a saved build's order form offers, with the trade-in set against it. */
export interface OrderFinance extends CurrentOffer {
  kind: FinanceKind
  /** The trade-in estimate set against the amount financed (minor units; 0 without one). */
  tradeInCredit: number
}

/**
 * The finance kind an order form shows: the one the address asks for (`?finance=`), else the one saved with the
 * build, when the form offers it; else cash.
 *
 * @example
 * financeKindOf(new URLSearchParams('finance=loan'), record, ['cash', 'loan']) // 'loan'
 */
export function financeKindOf(
  query: URLSearchParams,
  record: ConfigurationRecord,
  offered: readonly FinanceKind[],
): FinanceKind {
  const asked = [query.get('finance'), record.finance?.kind].find(
    (kind): kind is FinanceKind => !!kind && (FINANCE_KINDS as readonly string[]).includes(kind),
  )
  return asked && offered.includes(asked) ? asked : 'cash'
}

/**
 * The offer of a build's order form for one finance kind: the build's own offer while it holds, else the build's
 * choices (or the product's defaults for another kind) quoted today, with the trade-in set against it.
 *
 * @example
 * const finance = orderFinance(ctx, { record, quote, products, kind: 'privateLease', tradeIn })
 */
export function orderFinance(
  ctx: Pick<LoadContext, 'site'>,
  input: {
    record: ConfigurationRecord
    quote: PriceQuote
    products: readonly FinanceProduct[]
    kind: FinanceKind
    tradeIn: TradeInSummary | null
    /** Who the car is for on the form, which decides the offer's terms; else the build's usage. */
    usage?: Usage
  },
): OrderFinance {
  const { record, quote, kind, tradeIn } = input
  const usage = input.usage ?? record.usage
  const day = today(ctx.site)
  const price = { amount: quote.totalInclVat, currency: quote.currency }
  const credit = tradeIn ? tradeInCredit(tradeIn.value, tradeIn.validUntil, price, day) : 0
  const saved = record.finance?.kind === kind ? record.finance : null
  const choice: FinanceChoice = saved
    ? {
        ...(saved.termMonths !== undefined ? { termMonths: saved.termMonths } : {}),
        ...(saved.mileageKmPerYear !== undefined ? { mileageKmPerYear: saved.mileageKmPerYear } : {}),
        ...(saved.downPayment !== undefined ? { downPayment: saved.downPayment } : {}),
        ...(saved.balloonAmount !== undefined ? { balloonAmount: saved.balloonAmount } : {}),
        ...(saved.services?.length ? { services: saved.services } : {}),
      }
    : {}
  const offer = currentOffer({
    products: input.products,
    kind,
    choice,
    // The build's offer was made for the build's usage; another customer type is quoted anew (its own rate).
    kept: usage === record.usage ? (saved?.offer ?? null) : null,
    basis: { ...financeBasis(quote), tradeInCredit: credit },
    usage,
    currency: quote.currency,
    today: day,
  })
  return { ...offer, kind, tradeInCredit: credit }
}
