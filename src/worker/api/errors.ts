import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import { catalogItem } from '../../domain/catalog/items'
import type { PricedCarProblem } from '../../domain/pricing/priced-car'
import { catalog } from '../../i18n/catalog-store'
import { formatDate } from '../../i18n/dates'
import { intlFor, type MessageKey } from '../../i18n/intl'
import { LOCALES, type Locale } from '../../i18n/sites'
import { CachePolicy } from '../ssr/cache-policy'

/** The one shape of every API error (documented in docs/architecture.md and the OpenAPI document). */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/**
 * The language to answer an API call in: the `language` header the client sends (SPEC §7, a
 * locale or the `da` code), then the best Accept-Language match, then en-US.
 */
export function requestLocale(c: Context, fallback: Locale = 'en-US'): Locale {
  const header = c.req.header('language')
  if (header !== undefined) {
    const fromHeader = header === 'da' ? 'da-DK' : LOCALES.find((l) => l === header)
    if (fromHeader) return fromHeader
  }
  // Asked on every request (the worker reads this language's messages before routing): no work without the header.
  const acceptLanguage = c.req.header('accept-language')
  if (!acceptLanguage) return fallback
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.length === 0) continue
    const exact = LOWER_LOCALES.find(([lower]) => lower === tag)
    if (exact) return exact[1]
    const prefix = `${tag.split('-')[0]}-`
    const language = LOWER_LOCALES.find(([lower]) => lower.startsWith(prefix))
    if (language) return language[1]
  }
  return fallback
}

const LOWER_LOCALES: readonly (readonly [string, Locale])[] = LOCALES.map((locale) => [locale.toLowerCase(), locale])

/** Translates an API message key into the request's language. */
export function apiMessage(c: Context, key: MessageKey): string {
  return catalog(requestLocale(c))[key]
}

/** A field of an API error: its path in the body and what is wrong with it, in the caller's language. */
export interface ApiField {
  path: string
  message: string
}

/**
 * An API call refused for a reason of its own (a code other than its status's), thrown by a handler or middleware
 * and answered by `errorAnswer` (errors.ts) in the one JSON shape, under any path.
 *
 * @example
 * throw new ApiProblem(410, 'offer_expired', 'finance.offerExpired.message')
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly key: MessageKey,
    readonly fields?: ApiField[],
    /** Seconds after which the caller may try again (`Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${code}`)
    this.name = 'ApiProblem'
  }
}

/**
 * An API answer of `status` that says `key` (in the caller's language) with these fields: 422 `validation`.
 *
 * @example
 * throw invalidFields([{ path: 'site', message: apiMessage(c, 'api.error.invalidField') }])
 */
export function invalidFields(fields?: ApiField[], code = 'validation'): ApiProblem {
  return new ApiProblem(422, code, 'api.error.validation', fields)
}

/** A JSON error answer in the request's language: only `errorAnswer` (errors.ts) writes one. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  key: MessageKey,
  fields?: ApiField[],
): Response {
  const body: ApiErrorBody = { error: { code, message: apiMessage(c, key), ...(fields ? { fields } : {}) } }
  return c.json(body, status, { 'cache-control': CachePolicy.none })
}

/**
 * The answer to a car that cannot be priced: 422 with one message per field, in the caller's language (the
 * language of the site it was priced for when the call names none). Given by `errorAnswer` (errors.ts) alone.
 */
export function pricedCarProblem(c: Context, problem: PricedCarProblem, siteLocale?: Locale): Response {
  const locale = requestLocale(c, siteLocale)
  const intl = intlFor(locale, catalog(locale))
  const t = (key: MessageKey, values?: Record<string, string>) => intl.formatMessage({ id: key }, values)
  const field = (path: string, message: string) => ({ path, message })
  switch (problem.code) {
    case 'unknownModel':
      return apiError(c, 422, 'validation', 'api.error.validation', [
        field('configuration.modelCode', t('configuration.problem.unknownModel')),
      ])
    case 'noPriceRules':
      return apiError(c, 422, 'validation', 'api.error.validation', [field('site', t('api.error.invalidField'))])
    case 'noRulesOnDate': {
      const [date, from] = [problem.date, problem.firstDate].map((day) => formatDate(day, locale))
      return apiError(c, 422, 'validation', 'api.error.validation', [
        field(
          'date',
          t('price.problem.noRulesOnDate', { date: date ?? problem.date, from: from ?? problem.firstDate }),
        ),
      ])
    }
    case 'invalidConfiguration': {
      const name = (code: string | undefined) =>
        code ? (catalogItem(problem.catalog, code)?.names[locale] ?? code) : ''
      return apiError(
        c,
        422,
        'configuration',
        'api.error.validation',
        problem.problems.map((p) =>
          field(
            `configuration.${p.path}`,
            t(p.messageKey, { option: name(p.optionCode), related: name(p.relatedCode) }),
          ),
        ),
      )
    }
  }
}
