import type { Context } from 'hono'
import { channelOf, clientTypeOf } from '../../domain/client-platform'
import { returnLink } from '../../i18n/links'
import type { Site } from '../../i18n/sites'
import type { PageContext } from '../../ui/page-context'
import type { AppEnv } from '../types'

/** The previous page on this origin from the Referer header, as path + query; '' otherwise. */
export function previousPage(referer: string | undefined, origin: string): string {
  if (!referer) return ''
  try {
    const from = new URL(referer)
    return from.origin === origin ? `${from.pathname}${from.search}` : ''
  } catch {
    return ''
  }
}

/** SPEC §3 page context, built once per request. */
export function buildPageContext(
  c: Context<AppEnv>,
  site: Site,
  visitor: Pick<PageContext, 'userInfo' | 'grayTag' | 'tradeInCarInfo'>,
  /** The page may be stored in the edge cache for everyone (edge-cache.ts): nothing from this request's referrer. */
  shared = false,
): PageContext {
  const url = new URL(c.req.url)
  const userAgent = c.req.header('user-agent') ?? ''
  const config = c.get('config')
  return {
    clientType: clientTypeOf(userAgent, c.req.header('sec-ch-ua-mobile') ?? null),
    language: site.locale,
    languageCode: site.languageCode,
    countryCode: site.countryCode,
    officialUrl: config.OFFICIAL_URL,
    pathWithLanguage: site.prefix,
    channel: channelOf(userAgent),
    env: config.ENVIRONMENT,
    url: returnLink(url),
    grayTag: visitor.grayTag,
    userInfo: visitor.userInfo,
    tradeInCarInfo: visitor.tradeInCarInfo,
    __from: shared ? '' : previousPage(c.req.header('referer'), url.origin),
  }
}
