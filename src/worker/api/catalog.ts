import type { Context } from 'hono'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { priceCar } from '../../app/priced-car'
import { Configuration } from '../../domain/catalog/configuration-schema'
import { deliveryWindow } from '../../domain/catalog/delivery'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { catalogItem } from '../../domain/catalog/items'
import { IsoDate, UsageSchema } from '../../domain/catalog/markets-schema'
import type { Catalog } from '../../domain/catalog/schema'
import { siteCatalog } from '../../domain/catalog/view'
import type { Money } from '../../domain/money'
import { statedBreakdown } from '../../domain/pricing/display'
import type { PriceQuote } from '../../domain/pricing/engine'
import { catalog as catalogOf } from '../../i18n/catalog-store'
import { formatMoney } from '../../i18n/formats'
import { intlFor } from '../../i18n/intl'
import { dataMessageKey } from '../../i18n/keys'
import { SITES, type Site, siteByPrefix } from '../../i18n/sites'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiMessage, invalidFields } from './errors'

const SitePrefix = z.enum(SITES.map((s) => s.prefix) as [string, ...string[]])

const QuoteRequest = z.object({
  /** The site (prefix) to price for: country, currency and language. */
  site: SitePrefix,
  usage: UsageSchema,
  configuration: Configuration,
  /** The day to price on (defaults to today); prices are data with valid-from dates. */
  date: IsoDate.optional(),
  // Anything else, such as a client-computed price, is dropped: the server always recomputes.
})

const FormattedLine = z.object({
  code: z.string(),
  label: z.string(),
  amount: z.number().int(),
  formatted: z.string(),
  role: z.string(),
  vatTreatment: z.string(),
  source: z.string(),
  assumption: z.boolean(),
})

const QuoteResponse = z.object({
  site: z.string(),
  locale: z.string(),
  currency: z.string(),
  usage: z.string(),
  orderable: z.boolean(),
  configuration: Configuration,
  lines: z.array(FormattedLine),
  totals: z.object({
    inclVat: z.object({ amount: z.number().int(), formatted: z.string() }),
    exclVat: z.object({ amount: z.number().int(), formatted: z.string() }),
    vat: z.object({ amount: z.number().int(), formatted: z.string() }),
  }),
  /** SPEC §3's breakdown on one stated basis: its parts (with `vat` on the net basis) add up to `msrpPrice`. */
  breakdown: z.object({
    basis: z.enum(['inclVat', 'exclVat']),
    msrp: z.number().int(),
    msrpWithoutVat: z.number().int(),
    deliveryFee: z.number().int(),
    weightTax: z.number().int(),
    otherFees: z.number().int(),
    vat: z.number().int(),
    msrpPrice: z.number().int(),
    preorderFee: z.number().int(),
  }),
  deposit: z.object({ amount: z.number().int(), formatted: z.string() }).nullable(),
  notes: z.array(z.string()),
  runningCosts: z.array(z.object({ label: z.string(), formatted: z.string(), period: z.string() })),
  delivery: z.object({ minWeeks: z.number(), maxWeeks: z.number(), earliest: z.string(), latest: z.string() }),
  validOn: z.object({
    date: z.string(),
    rulesValidFrom: z.string(),
    rulesSource: z.string(),
    catalogVersion: z.string(),
  }),
  requiresCompanyNumber: z.string().nullable(),
  hasAssumptions: z.boolean(),
})

/** Catalog and price endpoints, versioned under /api/v1. */
export const CATALOG_ENDPOINTS = {
  catalog: {
    method: 'get',
    path: '/api/v1/catalog/{model}',
    operationId: 'siteCatalog',
    summary: 'What can be built in a site’s country, named in its language, with its prices (query: site=/no)',
    tags: ['catalog'],
    responses: {
      200: { description: 'The site’s catalog', schema: z.record(z.string(), z.unknown()) },
      404: { description: 'Unknown model, or not sold on that site' },
      422: { description: 'Unknown site' },
    },
  },
  quote: {
    method: 'post',
    path: '/api/v1/price-quotes',
    operationId: 'priceQuote',
    summary: 'The itemised on-the-road price of a configuration, recomputed by the server',
    tags: ['catalog'],
    body: QuoteRequest,
    example: {
      site: '/nl',
      usage: 'personal',
      configuration: EXAMPLE_CONFIGURATION,
    },
    responses: {
      200: { description: 'The quote', schema: QuoteResponse },
      403: { description: 'Missing or wrong anti-forgery token' },
      422: { description: 'Unknown codes, impossible combinations or a wrong country, per field' },
    },
  },
} satisfies Record<string, EndpointSpec>

function money(amount: number, quote: PriceQuote, locale: string) {
  return { amount, formatted: formatMoney({ amount, currency: quote.currency } as Money, locale) }
}

function noteValue(value: number | string | Money, locale: string): string | number {
  return typeof value === 'object' ? formatMoney(value, locale) : value
}

/** The quote with every label and amount in the site's language and currency. */
export function describeQuote(
  quote: PriceQuote,
  catalog: Catalog,
  site: Site,
  delivery: ReturnType<typeof deliveryWindow>,
) {
  const intl = intlFor(site.locale, catalogOf(site.locale))
  // Line labels, notes and running costs name their messages in the price rules (data), filled by formatjs.
  const t = (key: string, values: Record<string, string | number> = {}) =>
    intl.formatMessage({ id: dataMessageKey(key) }, values)
  const label = (line: PriceQuote['lines'][number]) => {
    const item = line.role === 'vehicle' ? catalogItem(catalog, line.code) : undefined
    const name = item?.names[site.locale]
    return name ? `${t(line.labelKey)}: ${name}` : t(line.labelKey)
  }
  return {
    site: site.prefix,
    locale: site.locale,
    currency: quote.currency,
    usage: quote.usage,
    orderable: quote.orderable,
    configuration: quote.configuration,
    lines: quote.lines.map((line) => ({
      code: line.code,
      label: label(line),
      amount: line.amount,
      formatted: formatMoney({ amount: line.amount, currency: quote.currency } as Money, site.locale),
      role: line.role,
      vatTreatment: line.vatTreatment,
      source: line.source,
      assumption: line.assumption,
    })),
    totals: {
      inclVat: money(quote.totalInclVat, quote, site.locale),
      exclVat: money(quote.totalExclVat, quote, site.locale),
      vat: money(quote.vat, quote, site.locale),
    },
    breakdown: statedBreakdown(quote),
    deposit: quote.depositAmount === null ? null : money(quote.depositAmount, quote, site.locale),
    notes: quote.notes.map((note) =>
      t(note.key, Object.fromEntries(Object.entries(note.values).map(([k, v]) => [k, noteValue(v, site.locale)]))),
    ),
    runningCosts: quote.runningCosts.map((cost) => ({
      label: t(cost.labelKey),
      formatted: money(cost.amount, quote, site.locale).formatted,
      period: t(cost.periodKey),
    })),
    delivery: {
      minWeeks: delivery.minWeeks,
      maxWeeks: delivery.maxWeeks,
      earliest: delivery.earliest,
      latest: delivery.latest,
    },
    validOn: quote.validOn,
    requiresCompanyNumber: quote.requiresCompanyNumber,
    hasAssumptions: quote.hasAssumptions,
  }
}

function siteOf(c: Context<AppEnv>): Site | undefined {
  return siteByPrefix(c.req.query('site') ?? '')
}

/** Catalog and quotes. */
export const catalogApi = new Hono<AppEnv>()
  .get(routePath(CATALOG_ENDPOINTS.catalog), async (c) => {
    const site = siteOf(c)
    if (!site) throw invalidFields([{ path: 'site', message: apiMessage(c, 'api.error.invalidField') }])
    const catalog = await c.get('store').catalog(c.req.param('model') ?? '')
    const view = catalog ? siteCatalog(catalog, site.countryCode, site.locale) : null
    if (!view) throw new HTTPException(404)
    return c.json({ site: site.prefix, locale: site.locale, ...view })
  })
  .post(routePath(CATALOG_ENDPOINTS.quote), jsonBody(CATALOG_ENDPOINTS.quote), async (c) => {
    const request = c.req.valid('json')
    const site = siteByPrefix(request.site) as Site
    c.set('site', site)
    const { catalog, quote, date } = await priceCar(c.get('store'), site, {
      modelCode: request.configuration.modelCode,
      configuration: request.configuration,
      usage: request.usage,
      mode: 'strict',
      ...(request.date ? { date: request.date } : {}),
    })
    const delivery = deliveryWindow(catalog, site.countryCode, quote.configuration, date)
    const body: z.input<typeof QuoteResponse> = describeQuote(quote, catalog, site, delivery)
    return c.json(body, 200, { 'cache-control': CachePolicy.none })
  })
