import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import { CATALOGS } from '../../i18n/catalogs'
import type { MessageKey } from '../../i18n/intl'
import { LOCALES, type Locale } from '../../i18n/sites'

/** The one shape of every API error (documented in the README and the OpenAPI document). */
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
export function requestLocale(c: Context): Locale {
  const header = c.req.header('language')
  const fromHeader = header === 'da' ? 'da-DK' : LOCALES.find((l) => l === header)
  if (fromHeader) return fromHeader
  const accepted = (c.req.header('accept-language') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
  for (const tag of accepted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    const language = LOCALES.find((l) => l.toLowerCase().startsWith(`${tag.split('-')[0]}-`))
    if (language && tag.length > 0) return language
  }
  return 'en-US'
}

/** Translates an API message key into the request's language. */
export function apiMessage(c: Context, key: MessageKey): string {
  return CATALOGS[requestLocale(c)][key]
}

/**
 * A JSON error answer in the request's language.
 *
 * @example
 * return apiError(c, 403, 'csrf', 'api.error.csrf')
 */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  key: MessageKey,
  fields?: { path: string; message: string }[],
): Response {
  const body: ApiErrorBody = { error: { code, message: apiMessage(c, key), ...(fields ? { fields } : {}) } }
  return c.json(body, status, { 'cache-control': 'private, no-store' })
}
