import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { keepFinanceOffer } from '../../app/finance-offer'
import { priceCar } from '../../app/priced-car'
import { Configuration } from '../../domain/catalog/configuration-schema'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { IsoDate, UsageSchema } from '../../domain/catalog/markets-schema'
import { compareFinance } from '../../domain/finance/compare'
import { isExpired } from '../../domain/finance/offer'
import { FINANCE_KINDS, LEASE_SERVICES, productsFor } from '../../domain/finance/products'
import { financeBasis, financeSummary } from '../../domain/finance/summary'
import type { Money } from '../../domain/money'
import { tradeInCredit } from '../../domain/tradein/credit'
import { catalog, catalogsRead, preloadCatalogs } from '../../i18n/catalog-store'
import { describeFinance, financeProblemMessage } from '../../i18n/finance'
import { formatMoney } from '../../i18n/formats'
import { intlFor, type MessageKey } from '../../i18n/intl'
import { SITES, type Site, siteByPrefix, today } from '../../i18n/sites'
import { findTradeInCarInfo } from '../../routes/trade-in-line'
import { CachePolicy } from '../ssr/cache-policy'
import { visitorTradeIn } from '../tradein-cookie'
import type { AppEnv } from '../types'
import { type EndpointSpec, jsonBody, routePath } from './endpoint'
import { ApiProblem, invalidFields, requestLocale } from './errors'

/** Minor units; any whole amount, so the product's limits answer one out of range with the range it allows. */
const money = z.int()

export const FinanceChoiceSchema = z.strictObject({
  downPayment: money.optional(),
  termMonths: z.int().min(1).max(120).optional(),
  balloonAmount: money.optional(),
  mileageKmPerYear: z.int().min(1).max(100_000).optional(),
  services: z.array(z.enum(LEASE_SERVICES)).max(4).optional(),
  birthday: IsoDate.optional(),
})

const FinanceQuoteRequest = z.object({
  site: z.enum(SITES.map((s) => s.prefix) as [string, ...string[]]),
  usage: UsageSchema,
  configuration: Configuration,
  product: z.enum(FINANCE_KINDS),
  choice: FinanceChoiceSchema.default({}),
  /** Keep this customised offer (it expires); the answer carries its id. */
  keep: z.boolean().optional(),
})

const Described = z.object({
  kind: z.string(),
  label: z.string(),
  partnerName: z.string().nullable(),
  monthly: z.string().nullable(),
  totalCost: z.string(),
  figures: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  expires: z.string().nullable(),
  assumption: z.boolean(),
})

export const FINANCE_ENDPOINTS = {
  financeQuote: {
    method: 'post',
    path: '/api/v1/finance-quotes',
    operationId: 'financeQuote',
    summary:
      'Finance of a configured car with one product: monthly payment, APR, costs; plus every product side by side',
    tags: ['finance'],
    body: FinanceQuoteRequest,
    example: {
      site: '/nl',
      usage: 'personal',
      configuration: EXAMPLE_CONFIGURATION,
      product: 'loan',
      choice: { termMonths: 48 },
    },
    responses: {
      200: {
        description: 'The finance, described in the site’s language',
        schema: z.object({
          summary: z.record(z.string(), z.unknown()),
          described: Described,
          comparison: z.array(z.record(z.string(), z.unknown())),
          offer: z.object({ id: z.string(), expiresAt: z.string() }).nullable(),
        }),
      },
      403: { description: 'Missing or wrong anti-forgery token' },
      422: { description: 'Out-of-range choices (with the allowed range), an unknown product or configuration' },
    },
  },
  financeOffer: {
    method: 'get',
    path: '/api/v1/finance-offers/{id}',
    operationId: 'financeOffer',
    summary: 'A kept finance offer; 410 "Finance Option Has Expired" once it has expired',
    tags: ['finance'],
    responses: {
      200: { description: 'The offer', schema: z.record(z.string(), z.unknown()) },
      404: { description: 'No such offer' },
      410: { description: 'The offer has expired: calculate again' },
    },
  },
} satisfies Record<string, EndpointSpec>

export const financeApi = new Hono<AppEnv>()
  .post(routePath(FINANCE_ENDPOINTS.financeQuote), jsonBody(FINANCE_ENDPOINTS.financeQuote), async (c) => {
    const request = c.req.valid('json')
    const site = siteByPrefix(request.site) as Site
    const store = c.get('store')
    const date = today(site)
    c.set('site', site)
    const [{ quote }, finance] = await Promise.all([
      priceCar(store, site, {
        modelCode: request.configuration.modelCode,
        configuration: request.configuration,
        usage: request.usage,
        date,
        mode: 'strict',
      }),
      store.financeProducts(site.countryCode),
    ])
    const product = productsFor(finance ? [finance] : [], site.countryCode, request.usage, date).find(
      (p) => p.kind === request.product,
    )
    // A refusal is in the caller's language, as every API error is (the page's own, which its calls name).
    const callerLocale = requestLocale(c, site.locale)
    // The worker read the caller's catalog before routing, but not the site's, which only the body names.
    if (!catalogsRead([site.locale, callerLocale])) await preloadCatalogs(c.env, [site.locale, callerLocale])
    const callerIntl = intlFor(callerLocale, catalog(callerLocale))
    const say = (key: MessageKey, values?: Record<string, string | number>) =>
      callerIntl.formatMessage({ id: key }, values)
    if (!product) throw invalidFields([{ path: 'product', message: say('finance.problem.usageNotOffered') }])
    const basis = { ...financeBasis(quote), tradeInCredit: await carriedTradeInCredit(c, site, quote, date) }
    const intl = intlFor(site.locale, catalog(site.locale))
    const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
    const outcome = financeSummary(product, {
      ...basis,
      usage: request.usage,
      startDate: date,
      choice: request.choice,
    })
    if (!outcome.ok) {
      const fields = outcome.problems.map((problem) => ({
        path: `choice.${problem.field}`,
        message: financeProblemMessage(problem, quote.currency, callerLocale, say),
      }))
      throw invalidFields(fields, 'finance')
    }
    const products = productsFor(finance ? [finance] : [], site.countryCode, request.usage, date)
    const comparison = compareFinance({ ...financeBasis(quote), startDate: date, products }).map((entry) => ({
      ...entry,
      label: t(`finance.product.${entry.kind}` as const),
      totalCostFormatted: formatMoney({ amount: entry.totalCost, currency: quote.currency }, site.locale),
      monthlyFormatted:
        entry.monthlyPayment === null
          ? null
          : formatMoney({ amount: entry.monthlyPayment, currency: quote.currency }, site.locale),
      note: entry.noteKey ? t(entry.noteKey) : null,
    }))
    const offer = request.keep
      ? await keepFinanceOffer(store, {
          countryCode: site.countryCode,
          product,
          summary: outcome.summary,
          request: { configuration: request.configuration, choice: request.choice, usage: request.usage },
        })
      : null
    return c.json(
      {
        summary: outcome.summary,
        described: describeFinance(outcome.summary, quote.currency, site.locale, t),
        comparison,
        offer,
      },
      200,
      { 'cache-control': CachePolicy.none },
    )
  })
  .get(routePath(FINANCE_ENDPOINTS.financeOffer), async (c) => {
    const offer = await c.get('store').findFinanceOffer(c.req.param('id') ?? '')
    if (!offer) throw new HTTPException(404)
    if (isExpired(offer, new Date())) throw new ApiProblem(410, 'offer_expired', 'finance.offerExpired.message')
    return c.json(offer, 200, { 'cache-control': CachePolicy.none })
  })

/**
 * The trade-in the visitor carries (their cookie), set against the amount financed as the configurator's page sets
 * it: while it holds, up to the price; 0 without one.
 */
async function carriedTradeInCredit(
  c: Context<AppEnv>,
  site: Site,
  quote: { totalInclVat: number; currency: Money['currency'] },
  today: string,
): Promise<number> {
  const carried = visitorTradeIn(c)
  if (!carried.id) return 0
  const info = await findTradeInCarInfo(c.get('store'), site, carried.id, await carried.owner())
  if (!info?.validUntil) return 0
  return tradeInCredit(info.estimate, info.validUntil, { amount: quote.totalInclVat, currency: quote.currency }, today)
}
