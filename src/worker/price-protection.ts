import { reconcileConfiguration } from '../domain/catalog/configuration'
import type { CountryCode } from '../domain/catalog/markets'
import { type ChosenFinance, chosenFinance } from '../domain/finance/chosen'
import { productsFor } from '../domain/finance/products'
import { financeBasis, financeSummary } from '../domain/finance/summary'
import { lowerPrice } from '../domain/order/price-protection'
import { onTheRoadPrice, type PriceQuote } from '../domain/pricing/engine'
import { createStore, type Store } from '../store'
import type { StoredOrder } from '../store/orders'
import { enqueueNotifications } from './notifications'

type Bindings = Parameters<typeof createStore>[0] & Parameters<typeof enqueueNotifications>[0]

/**
 * The offer of a financed order quoted anew on a lower price, with the same product and choices (and trade-in); null
 * when the product is no longer offered or the choices no longer fit it: the order then keeps its offer, and staff
 * and lender settle the figures.
 */
async function financeAnew(
  store: Store,
  stored: StoredOrder,
  quote: PriceQuote,
  date: string,
): Promise<ChosenFinance | null> {
  const kept = stored.order.finance
  if (!kept) return null
  const country = stored.order.country as CountryCode
  const finance = await store.financeProducts(country)
  const product = productsFor(finance ? [finance] : [], country, stored.order.contact.usage, date).find(
    (p) => p.kind === kept.kind,
  )
  if (!product) return null
  const { downPayment, termMonths, mileageKmPerYear, balloonAmount, services } = kept.summary.applied
  const outcome = financeSummary(product, {
    ...financeBasis(quote),
    tradeInCredit: kept.tradeInCredit,
    usage: stored.order.contact.usage,
    startDate: date,
    choice: { downPayment, termMonths, mileageKmPerYear, balloonAmount, services },
  })
  if (!outcome.ok) return null
  return chosenFinance(outcome.summary, {
    price: quote.totalInclVat,
    tradeInCredit: kept.tradeInCredit,
    currency: quote.currency,
    quotedOn: date,
  })
}

/** The same car of an order priced today, or null when its build or its market's data is gone. */
async function priceToday(store: Store, stored: StoredOrder, date: string): Promise<PriceQuote | null> {
  const record = await store.findConfiguration(stored.configurationId)
  if (!record?.choices) return null
  const country = stored.order.country as CountryCode
  const [catalog, rules] = await Promise.all([store.catalog(record.modelCode), store.priceRules(country)])
  if (!catalog?.markets[country] || !rules) return null
  const { configuration } = reconcileConfiguration(catalog, country, record.choices)
  return onTheRoadPrice({ catalog, rules, country, usage: record.usage, configuration, date })
}

/**
 * The scheduled price protection (issue 44): each open order with protection is priced again once a day, as the
 * configurator prices the same car today; when the total fell, the order takes the lower price (price-protection.ts),
 * a financed one its offer quoted anew on it, and the customer gets an e-mail. Up to `limit` orders a run (the cron
 * runs every 10 minutes). Answers how many prices fell.
 */
export async function protectOrderPrices(env: Bindings, now = new Date(), limit = 100): Promise<number> {
  const store = createStore(env)
  const date = now.toISOString().slice(0, 10)
  const due = await store.orders.dueForPriceCheck(date, limit)
  const notificationIds: string[] = []
  for (const stored of due) {
    const quote = await priceToday(store, stored, date)
    if (!quote || quote.totalInclVat >= stored.order.amounts.totalInclVat.amount) continue
    const at = new Date(Math.max(now.getTime(), Date.parse(stored.order.updatedAt) + 1)).toISOString()
    const finance = await financeAnew(store, stored, quote, date)
    const lowered = lowerPrice(
      stored.order,
      { total: quote.totalInclVat, vehiclePrice: quote.breakdown.msrp, currency: quote.currency },
      finance,
      at,
    )
    if (!lowered) continue
    const id = await store.orders.lowerPrice(stored.id, stored.order, lowered, quote)
    if (id) notificationIds.push(id)
  }
  await store.orders.markPriceChecked(
    due.map((stored) => stored.id),
    now.toISOString(),
  )
  await enqueueNotifications(env, notificationIds)
  return notificationIds.length
}
