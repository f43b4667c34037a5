import type { TradeInCarInfo } from '../domain/tradein/balance'
import type { CountryCode, Locale } from '../i18n/sites'

/** Channel the visitor uses: 10 web, 20 the native app's webview (SPEC §3, §9). */
export type Channel = 10 | 20
export type ClientType = 'desktop' | 'mobile'
export type Environment = 'development' | 'test' | 'production'

/** The signed-in visitor as the header and pages see it (SPEC §3). Empty object when anonymous. */
export interface UserInfo {
  nickName?: string
  id?: string
  uid?: string
  types?: number[]
  logoutUrl?: string
}

/**
 * Built once per request on the server (SPEC §3 "Page context built on load") and handed to the
 * client, serialized safely, on pages that hydrate.
 */
export interface PageContext {
  clientType: ClientType
  language: Locale
  languageCode: string
  countryCode: CountryCode
  officialUrl: string
  /** Site prefix including the language segment where the site has one ('' on the global site). */
  pathWithLanguage: string
  channel: Channel
  env: Environment
  /** The current address: path and query. */
  url: string
  grayTag: boolean
  userInfo: UserInfo
  /** The visitor's trade-in estimate on this site, or null: set by a valuation, removed on the result page. */
  tradeInCarInfo: TradeInCarInfo | null
  /** The previous page's path on this site, from navigation state or the referrer; '' if none. */
  __from: string
}
