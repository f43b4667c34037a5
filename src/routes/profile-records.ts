import type { Account } from '../domain/account/account'
import { type Configuration, defaultConfiguration, reconcileConfiguration } from '../domain/catalog/configuration'
import { catalogItem } from '../domain/catalog/items'
import type { Money } from '../domain/money'
import { customerActions, customerActionTexts, statusKey } from '../domain/order/state'
import { countryPayments } from '../domain/payment/methods'
import { PricedCarError, pricedCar } from '../domain/pricing/priced-car'
import { FINAL_PRICE_VALID_DAYS } from '../domain/tradein/valuation'
import type { MessageKey } from '../i18n/intl'
import { today } from '../i18n/sites'
import type { CarLook } from '../ui/car'
import { carLook } from '../ui/configurator/car-look'
import type { LoadContext } from './route'

/** A saved build in the garage: its picture, today's price against the saved one, and what it can do. */
export interface GarageBuild {
  id: string
  createdAt: string
  look: CarLook
  /** Values of `configurator.picture.alt`: the model and every visible choice, by name. */
  label: { model: string; version: string; paint: string; wheels: string; interior: string }
  today: Money | null
  saved: Money | null
  /** Whether the customer is e-mailed when its price changes. */
  watched: boolean
}

/** An order, reservation or pre-order, by its number, with its status and what the customer can do next. */
export interface ProfileOrder {
  id: string
  number: string
  kind: 'order' | 'reservation' | 'preOrder'
  createdAt: string
  status: MessageKey
  /** Pay the deposit or fee online (an unpaid order on a site that takes payment online). */
  pay: boolean
  actions: { event: string; label: MessageKey }[]
}

export interface ProfileQuote {
  id: string
  configurationId: string
  createdAt: string
  /** The store's offer and its note, once staff replied. */
  offer: Money | null
  offerNote: string | null
}

export interface ProfileValuation {
  id: string
  car: string
  plate: string
  estimate: Money
  withOrder: boolean
  createdAt: string
  /** The value set at the inspection and the last day it holds (30 days). */
  final: { value: Money; validUntil: string } | null
}

/** The customer's saved builds on this site, priced today by the same engine as the configurator. */
export async function loadGarage(ctx: LoadContext, user: Account): Promise<GarageBuild[]> {
  const country = ctx.site.countryCode
  const ids = await ctx.store.customerRecords.buildIdsOf(user.id, country)
  const rules = await ctx.store.priceRules(country)
  const date = today(ctx.site)
  const watched = await ctx.store.priceWatches.watchedBy(user.id)
  const builds: GarageBuild[] = []
  for (const id of ids) {
    const record = await ctx.store.findConfiguration(id)
    if (!record) continue
    const catalog = await ctx.store.catalog(record.modelCode)
    if (!catalog?.markets[country]) continue
    // Records from before choices were stored open as the model's defaults, as on the overview; priced through the
    // one pipeline, and without a price (not without the build) where the site has no rules for today.
    const saved = record.choices ?? defaultConfiguration(catalog, country)
    let configuration: Configuration
    let priceToday: Money | null = null
    try {
      const priced = pricedCar({ catalog, rules }, country, {
        modelCode: record.modelCode,
        configuration: saved,
        usage: record.usage,
        date,
        mode: 'reconcile',
      })
      configuration = priced.configuration
      priceToday = { amount: priced.quote.totalInclVat, currency: priced.quote.currency }
    } catch (error) {
      if (!(error instanceof PricedCarError)) throw error
      configuration = reconcileConfiguration(catalog, country, saved).configuration
    }
    const name = (code: string) => catalogItem(catalog, code)?.names[ctx.site.locale] ?? code
    builds.push({
      id: record.id,
      createdAt: record.createdAt,
      look: carLook(catalog, configuration),
      label: {
        model: catalog.model.name,
        version: name(configuration.versionCode),
        paint: name(configuration.paintCode),
        wheels: name(configuration.wheelCode),
        interior: name(configuration.interiorCode),
      },
      today: priceToday,
      saved: record.savedPrice
        ? { amount: record.savedPrice.totalInclVat, currency: record.savedPrice.currency as Money['currency'] }
        : null,
      watched: watched.has(record.id),
    })
  }
  return builds
}

/** The customer's orders on this site with their status and next steps (the order page asks before each). */
export async function loadOrders(ctx: LoadContext, user: Account): Promise<ProfileOrder[]> {
  return (await ctx.store.customerRecords.ordersOf(user.id, ctx.site.countryCode)).map(({ id, createdAt, order }) => ({
    id,
    number: order.orderNumber ?? order.reservationNumber ?? id,
    kind: order.kind,
    createdAt,
    status: statusKey(order, order.status),
    pay:
      countryPayments(order.country).online &&
      order.payment === 'unpaid' &&
      order.amounts.dueToday.amount > 0 &&
      order.status === 'placed',
    actions: customerActions(order).map((event) => ({
      event,
      label: customerActionTexts(order, event).labelKey,
    })),
  }))
}

export async function loadQuotes(ctx: LoadContext, user: Account): Promise<ProfileQuote[]> {
  return (await ctx.store.customerRecords.quotesOf(user.id, ctx.site.countryCode)).map((q) => ({
    id: q.id,
    configurationId: q.configurationId,
    createdAt: q.createdAt,
    offer:
      q.offerAmount !== null && q.currency
        ? { amount: q.offerAmount, currency: q.currency as Money['currency'] }
        : null,
    offerNote: q.offerNote,
  }))
}

export async function loadValuations(ctx: LoadContext, user: Account): Promise<ProfileValuation[]> {
  return (await ctx.store.customerRecords.valuationsOf(user.id, ctx.site.countryCode)).map((v) => ({
    id: v.id,
    car: `${v.brand} ${v.series}`,
    plate: v.plate,
    estimate: { amount: v.estimateAmount, currency: v.currency as Money['currency'] },
    withOrder: v.orderId !== null,
    createdAt: v.createdAt,
    final:
      v.finalAmount !== null && v.inspectedAt
        ? {
            value: { amount: v.finalAmount, currency: v.currency as Money['currency'] },
            validUntil: new Date(Date.parse(v.inspectedAt) + FINAL_PRICE_VALID_DAYS * 86_400_000)
              .toISOString()
              .slice(0, 10),
          }
        : null,
  }))
}
