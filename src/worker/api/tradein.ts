import { Hono } from 'hono'
import { z } from 'zod'
import { formatMoney, type Money } from '../../domain/money'
import { FINAL_PRICE_VALID_DAYS } from '../../domain/tradein/valuation'
import { CATALOGS } from '../../i18n/catalogs'
import { createStoreIntl, type MessageKey } from '../../i18n/intl'
import { SITES, siteByPrefix } from '../../i18n/sites'
import { requestValuation } from '../../routes/trade-in-valuation'
import { resolveUser } from '../auth/session'
import type { AppEnv } from '../types'
import { bodyOf, type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiError, requestLocale } from './errors'

const CountrySitePrefix = z.enum(SITES.filter((s) => s.canOrder).map((s) => s.prefix) as [string, ...string[]])
const Text = (max: number) => z.string().max(max)

/** A valuation request: the form's fields as text, checked field by field by the trade-in domain rules. */
const ValuationRequest = z.strictObject({
  site: CountrySitePrefix,
  vin: Text(40),
  mileage: z.union([z.int().min(0).max(99_999_999), Text(20)]),
  plate: Text(20),
  owner: Text(200),
  brand: Text(40),
  series: Text(40),
  variant: Text(40),
  firstRegistrationYear: z.union([z.int().min(0).max(9999), Text(4)]),
})

const ValuationView = z.object({
  id: z.string(),
  estimate: z.object({ amount: z.int(), currency: z.string(), formatted: z.string() }),
  finalPriceValidDays: z.literal(FINAL_PRICE_VALID_DAYS),
})

export const TRADE_IN_ENDPOINTS = {
  tradeInValuation: {
    method: 'post',
    path: '/api/v1/trade-in/valuations',
    operationId: 'valueTradeIn',
    summary:
      'Estimate the trade-in price of a car (VIN, mileage, plate, owner, brand/series/variant, first registration year) in the site’s currency, and store it with the VIN',
    tags: ['trade-in'],
    body: ValuationRequest,
    example: {
      site: '/se',
      vin: 'XNVP5AAA0R0000001',
      mileage: 40000,
      plate: 'ABC 123',
      owner: 'Anna Berg',
      brand: 'nordvolt',
      series: 'p5',
      variant: 'p5-standard',
      firstRegistrationYear: 2024,
    },
    responses: {
      201: { description: 'The estimate, stored under the VIN', schema: ValuationView },
      403: { description: 'Missing or wrong anti-forgery token' },
      409: { description: 'This VIN already matched other orders and cannot be queried repeatedly' },
      422: { description: 'Invalid fields, with a message per field in the caller’s language' },
      503: { description: 'Currently unable to give a valuation, try later' },
    },
  },
} satisfies Record<string, EndpointSpec>

const FIELD_PATHS: Record<string, string> = { year: 'firstRegistrationYear', car: 'variant' }

export const tradeInApi = new Hono<AppEnv>().post(
  routePath(TRADE_IN_ENDPOINTS.tradeInValuation),
  jsonBody(ValuationRequest),
  async (c) => {
    const request = bodyOf(c, ValuationRequest)
    const site = siteByPrefix(request.site)
    if (!site) return apiError(c, 422, 'validation', 'api.error.validation')
    const user = await resolveUser(c)
    const outcome = await requestValuation(c.get('store'), site, user?.id ?? null, {
      vin: request.vin,
      mileage: String(request.mileage),
      plate: request.plate,
      owner: request.owner,
      car: `${request.brand}/${request.series}/${request.variant}`,
      year: String(request.firstRegistrationYear),
    })
    switch (outcome.status) {
      case 'invalid': {
        const locale = requestLocale(c)
        const intl = createStoreIntl(locale, CATALOGS[locale])
        const label = (key: MessageKey | undefined) => (key ? intl.formatMessage({ id: key }) : '')
        return apiError(
          c,
          422,
          'validation',
          'api.error.validation',
          outcome.problems.map((p) => ({
            path: FIELD_PATHS[p.field] ?? p.field,
            message: intl.formatMessage({ id: p.messageKey }, { label: label(p.labelKey) }),
          })),
        )
      }
      case 'unavailable':
        return apiError(c, 503, 'valuation_unavailable', 'tradeIn.error.unavailable')
      case 'vinTaken':
        return apiError(c, 409, 'vin_taken', 'tradeIn.error.vinTaken')
      case 'valued': {
        const estimate: Money = { amount: outcome.amount, currency: outcome.currency as Money['currency'] }
        return c.json(
          {
            id: outcome.id,
            estimate: { ...estimate, formatted: formatMoney(estimate, site.locale) },
            finalPriceValidDays: FINAL_PRICE_VALID_DAYS,
          },
          201,
          { 'cache-control': 'private, no-store' },
        )
      }
    }
  },
)
