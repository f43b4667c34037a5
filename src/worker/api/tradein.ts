import { Hono } from 'hono'
import { z } from 'zod'
import { requestValuation } from '../../app/trade-in'
import type { Money } from '../../domain/money'
import { isStoreCountry } from '../../domain/testdrive/phone'
import { MAX_MILEAGE_KM, parseMileage } from '../../domain/tradein/mileage'
import { normalizePlate } from '../../domain/tradein/plates'
import { isValidOwnerName, OLDEST_YEAR_OFFSET } from '../../domain/tradein/validate'
import { FINAL_PRICE_VALID_DAYS } from '../../domain/tradein/valuation'
import { normalizeVin } from '../../domain/tradein/vin'
import { catalog } from '../../i18n/catalog-store'
import { formatMoney } from '../../i18n/formats'
import { intlFor, type MessageKey } from '../../i18n/intl'
import { dataMessageKey } from '../../i18n/keys'
import { SITES, siteByPrefix } from '../../i18n/sites'
import { CachePolicy } from '../ssr/cache-policy'
import { visitorTradeIn } from '../tradein-cookie'
import type { AppEnv } from '../types'
import { type EndpointSpec, jsonBody, routePath } from './endpoint'
import { ApiProblem, invalidFields, requestLocale } from './errors'

const COUNTRY_SITE_PREFIXES = SITES.filter((s) => s.canOrder).map((s) => s.prefix) as [string, ...string[]]
const Code = z.string().regex(/^[a-z0-9-]{1,40}$/)
const thisYear = () => new Date().getUTCFullYear()

/**
 * A valuation request. The schema holds every rule of the trade-in form that does not depend on data (VIN,
 * mileage, the site country's plate format, owner name, year range), so a body it accepts is refused only for
 * what the data decides: a car the table does not know (422), no valuation (503), a VIN of another customer (409).
 */
const ValuationRequest = z
  .strictObject({
    site: z.enum(COUNTRY_SITE_PREFIXES),
    vin: z
      .string()
      .max(40)
      .refine((vin) => normalizeVin(vin).ok, 'not a VIN'),
    mileage: z.union([
      z.int().min(1).max(MAX_MILEAGE_KM),
      z
        .string()
        .max(20)
        .refine((text) => parseMileage(text) !== null, 'not a mileage'),
    ]),
    plate: z.string().max(20),
    owner: z.string().max(200).refine(isValidOwnerName, 'not a name'),
    car: z.strictObject({ brand: Code, series: Code, variant: Code }),
    firstRegistrationYear: z
      .int()
      .refine((year) => year <= thisYear() && year >= thisYear() - OLDEST_YEAR_OFFSET, 'out of range'),
  })
  .superRefine((request, ctx) => {
    const country = siteByPrefix(request.site)?.countryCode ?? 'GLOBAL'
    if (!isStoreCountry(country) || normalizePlate(country, request.plate) === null) {
      ctx.addIssue({ code: 'custom', path: ['plate'], message: 'not a plate of the site’s country' })
    }
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
      'Estimate the trade-in price of a car (VIN, mileage, plate, owner, car as brand/series/variant codes of the valuation table, first registration year) in the site’s currency, and store it with the VIN',
    tags: ['trade-in'],
    body: ValuationRequest,
    example: {
      site: '/se',
      vin: 'XNVP5AAA0R0000001',
      mileage: 40000,
      plate: 'ABC 123',
      owner: 'Anna Berg',
      car: { brand: 'nordvolt', series: 'p5', variant: 'p5-standard' },
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

const FIELD_PATHS: Record<string, string> = { year: 'firstRegistrationYear' }

export const tradeInApi = new Hono<AppEnv>().post(
  routePath(TRADE_IN_ENDPOINTS.tradeInValuation),
  jsonBody(TRADE_IN_ENDPOINTS.tradeInValuation),
  async (c) => {
    const request = c.req.valid('json')
    const site = siteByPrefix(request.site)
    if (!site) throw invalidFields()
    const visitor = visitorTradeIn(c)
    const outcome = await requestValuation(c.get('store'), site, await visitor.owner(), {
      vin: request.vin,
      mileage: String(request.mileage),
      plate: request.plate,
      owner: request.owner,
      car: `${request.car.brand}/${request.car.series}/${request.car.variant}`,
      year: String(request.firstRegistrationYear),
    })
    switch (outcome.status) {
      case 'invalid': {
        const locale = requestLocale(c)
        const intl = intlFor(locale, catalog(locale))
        const label = (key: MessageKey | undefined) => (key ? intl.formatMessage({ id: key }) : '')
        throw invalidFields(
          outcome.problems.map((p) => ({
            path: FIELD_PATHS[p.field] ?? p.field,
            message: intl.formatMessage(
              { id: p.messageKey },
              { label: label(p.labelKey === undefined ? undefined : dataMessageKey(p.labelKey)) },
            ),
          })),
        )
      }
      case 'unavailable':
        throw new ApiProblem(503, 'valuation_unavailable', 'tradeIn.error.unavailable')
      case 'vinTaken':
        throw new ApiProblem(409, 'vin_taken', 'tradeIn.error.vinTaken')
      case 'valued': {
        // The valuation is this browser's (or the signed-in customer's): its pages and order form show it.
        visitor.remember(outcome.id)
        const estimate: Money = { amount: outcome.amount, currency: outcome.currency as Money['currency'] }
        return c.json(
          {
            id: outcome.id,
            estimate: { ...estimate, formatted: formatMoney(estimate, site.locale) },
            finalPriceValidDays: FINAL_PRICE_VALID_DAYS,
          } satisfies z.input<typeof ValuationView>,
          201,
          { 'cache-control': CachePolicy.none },
        )
      }
    }
  },
)
