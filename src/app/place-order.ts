import { deliveryWindow } from '../domain/catalog/delivery'
import { addDays } from '../domain/catalog/markets'
import { configurationKey } from '../domain/configurator/url'
import type { ChosenFinance } from '../domain/finance/chosen'
import type { FinanceKind } from '../domain/finance/products'
import type { Money } from '../domain/money'
import { type ConsentName, type ConsentProblem, checkConsents } from '../domain/order/consents'
import { creditApplication } from '../domain/order/credit-application'
import { windowAtPlacement } from '../domain/order/delivery-window'
import { BLIND_ORDER_INCENTIVE_CODE, incentiveApplies } from '../domain/order/incentive'
import { createOrder, type OrderKind, type OrderTradeIn, orderFlow } from '../domain/order/order'
import { type PersonalProblem, validatePersonal } from '../domain/order/personal'
import { type Site, today } from '../i18n/sites'
import type { ConfigurationRecord, Store } from '../store'
import type { TradeInOwner } from '../store/trade-ins'
import type { PricedCar } from './priced-car'

/** Versions of the consent texts customers accept; a new text gets a new version. */
export const CONSENT_VERSIONS = {
  terms: '2026-11',
  orderAgreement: '2026-11',
  reservationAgreement: '2026-11',
  marketing: '2026-11',
} as const satisfies Record<ConsentName, string>

/** An order form as posted, with the car priced once for it and the finance it is placed with. */
export interface OrderRequest {
  kind: OrderKind
  /** The form's key: a retry of the same form places nothing more. */
  idempotencyKey: string
  /** The posted fields: the personal details, the consents and the credit application box. */
  form: Partial<Record<string, string>>
  ownerId: string
  configuration: ConfigurationRecord
  /** The car priced for this form (for a quick-delivery car, for the posted postal code). */
  priced: Pick<PricedCar, 'configuration' | 'quote' | 'catalog'>
  /**
   * The finance ordered with: `refused` when the posted kind is not offered to this customer type, `changed` when
   * its figures are not those the form showed.
   */
  finance: { kind: FinanceKind; chosen: ChosenFinance | null; refused: boolean; changed: boolean }
  /** A quick-delivery car's delivery weeks: the order takes a unit of the stock car; null for a car built to order. */
  quickWeeks: number | null
  /** The trade-in estimate the order keeps, handed to the order once it is placed. */
  tradeIn: { estimate: OrderTradeIn; owner: () => Promise<TradeInOwner> } | null
}

/** The customer's order of the same car that is still under way, if the store found one. */
export type OpenOrder = Awaited<ReturnType<Store['orders']['openOrderForCar']>>

/** What placing an order gave, like the other application steps' outcomes. */
export type PlaceOrderOutcome =
  | {
      status: 'invalid'
      personal: PersonalProblem[]
      consents: ConsentProblem[]
      credit: 'order.financeApplication.needsFinance' | null
    }
  | { status: 'financeChanged' }
  | { status: 'sameSubmitted'; open: OpenOrder }
  | { status: 'outOfStock' }
  | { status: 'placed'; id: string; notificationId: string | null }

const money = (amount: number, currency: Money['currency']): Money => ({ amount, currency })

/**
 * Places the order of a posted form: checks the details and consents, refuses a second order of the same car while
 * the first is under way, and writes the order once per form key with its confirmation; then starts the Dutch credit
 * application and hands the trade-in to the order.
 *
 * @example
 * const outcome = await placeOrder(ctx.store, ctx.site, { kind: 'order', idempotencyKey, form, ownerId, ... })
 */
export async function placeOrder(
  data: Store,
  site: Site,
  request: OrderRequest,
  now: Date = new Date(),
): Promise<PlaceOrderOutcome> {
  const { form, finance, priced } = request
  const at = now.toISOString()
  const personal = validatePersonal(
    { ...form, country: site.countryCode },
    { site: site.countryCode, orderDate: today(site, now), financeKind: finance.kind },
  )
  const consents = postedConsents(request.kind, form, at)
  const credit = creditApplication(site.countryCode, finance.kind, form.creditApplication === 'yes')
  if (!personal.values || !consents.records || credit.problemKey || finance.refused)
    return { status: 'invalid', personal: personal.problems, consents: consents.problems, credit: credit.problemKey }
  if (finance.changed) return { status: 'financeChanged' }
  const carKey = configurationKey(priced.configuration)
  const open = await data.orders.openOrderForCar(request.ownerId, carKey)
  if (open) return { status: 'sameSubmitted', open }
  const { quote } = priced
  const order = createOrder(
    {
      kind: request.kind,
      contact: personal.values,
      ...(await waitingFor(data, site, request, at)),
      financePreference: finance.kind,
      financeOption: null,
      vehiclePrice: money(quote.breakdown.msrp, quote.currency),
      totalInclVat: money(quote.totalInclVat, quote.currency),
      ...orderFees(request.kind, finance.kind, quote),
      incentives: await incentivesOf(data, request.kind, personal.values.usage, finance.kind),
      consents: consents.records,
      finance: finance.chosen,
      tradeIn: request.tradeIn?.estimate ?? null,
    },
    (length) => crypto.getRandomValues(new Uint8Array(length)),
    at,
  )
  const placed = await data.orders.place({
    order,
    idempotencyKey: request.idempotencyKey,
    configurationId: request.configuration.id,
    ownerId: request.ownerId,
    locale: site.locale,
    price: quote,
    recipient: personal.values.email,
    stockCarId: request.quickWeeks !== null ? request.configuration.stockCarId : null,
    carKey,
  })
  if (placed.status === 'sameSubmitted')
    return { status: 'sameSubmitted', open: await data.orders.openOrderForCar(request.ownerId, carKey) }
  if (placed.status === 'outOfStock') return { status: 'outOfStock' }
  // The Dutch credit application starts when a financed order asks for it (idempotent per order).
  if (credit.start) await data.financeApplications.open(placed.id, request.ownerId, at)
  if (request.tradeIn) {
    const owner = await request.tradeIn.owner()
    await data.programs.attachTradeIn(placed.id, request.tradeIn.estimate.valuationId, {
      ...owner,
      userId: request.ownerId,
    })
  }
  return { status: 'placed', id: placed.id, notificationId: placed.notificationId }
}

/** The posted form's consents, recorded with their text versions and time. */
function postedConsents(kind: OrderKind, form: OrderRequest['form'], at: string) {
  return checkConsents(
    kind,
    {
      terms: form.terms === 'yes',
      orderAgreement: form.orderAgreement === 'yes',
      reservationAgreement: form.reservationAgreement === 'yes',
      marketing: form.marketing === 'yes',
    },
    CONSENT_VERSIONS,
    at,
  )
}

/**
 * What an order pays today: a lease order nothing (the lessor pays); an order or pre-order its deposit; a
 * reservation its fee, which is the site's deposit (no separate figure in the price data yet). The order form states
 * the same figure.
 *
 * @example
 * orderFees('order', 'privateLease', { depositAmount: 50000, currency: 'EUR' }).depositAmount // { amount: 0, … }
 */
export function orderFees(
  kind: OrderKind,
  financeKind: FinanceKind,
  quote: { depositAmount: number | null; currency: Money['currency'] },
) {
  const lease = orderFlow(kind, financeKind) === 'lease'
  const deposit = lease
    ? money(0, quote.currency)
    : quote.depositAmount === null
      ? null
      : money(quote.depositAmount, quote.currency)
  return {
    depositAmount: kind === 'reservation' ? null : deposit,
    reservationFee: kind === 'reservation' ? money(quote.depositAmount ?? 0, quote.currency) : null,
  }
}

/** The incentives an order records: the blind-order business lease rate, where it applies (incentive.ts). */
async function incentivesOf(data: Store, kind: OrderKind, usage: 'personal' | 'business', financeKind: FinanceKind) {
  if (!incentiveApplies(kind, usage, financeKind)) return []
  return (await data.marketingFacts()) ? [BLIND_ORDER_INCENTIVE_CODE] : []
}

/**
 * What the wait for the car starts with: the delivery store (the country's first that hands cars over; the buyer may
 * choose another when booking the handover), the delivery window from today (a stock car's own delivery weeks) and
 * whether the market protects the price until delivery.
 */
async function waitingFor(data: Store, site: Site, request: OrderRequest, at: string) {
  const day = today(site, new Date(at))
  const stores = (await data.showrooms(site.countryCode)).filter((store) => store.handover)
  const { catalog, configuration } = request.priced
  const weeks = request.quickWeeks
  const lead =
    weeks !== null
      ? { earliest: addDays(day, Math.max(0, weeks - 1) * 7), latest: addDays(day, weeks * 7) }
      : deliveryWindow(catalog, site.countryCode, configuration, day)
  return {
    storeId: stores[0]?.id ?? null,
    delivery: windowAtPlacement(lead, day),
    priceProtected: catalog.markets[site.countryCode]?.priceProtection === true,
  }
}
