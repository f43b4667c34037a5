import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { TradeInCarInfo } from '../domain/tradein/balance'
import type { Site } from '../i18n/sites'
import type { VisitorTradeIn } from '../routes/route'
import { findTradeInCarInfo } from '../routes/trade-in-line'
import type { AppEnv } from './types'

/**
 * The valuation a visitor carries from page to page, so every price summary and the order form show it (SPEC §3
 * `tradeInCarInfo`) without JavaScript. It holds only the valuation's random id; a necessary cookie, set because the
 * visitor asked for a valuation. Host-only, Secure, HttpOnly; it lasts as long as a final price would hold.
 */
export const TRADE_IN_COOKIE = '__Host-nv_tradein'

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60
const VALUATION_ID = /^[\w-]{12}$/

function carriedId(c: Context<AppEnv>): string | null {
  const id = getCookie(c, TRADE_IN_COOKIE)
  return id !== undefined && VALUATION_ID.test(id) ? id : null
}

/** The visitor's trade-in for a page's loader and action. */
export function visitorTradeIn(c: Context<AppEnv>): VisitorTradeIn {
  return {
    id: carriedId(c),
    remember: (valuationId) =>
      setCookie(c, TRADE_IN_COOKIE, valuationId, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: MAX_AGE_SECONDS,
      }),
    forget: () => deleteCookie(c, TRADE_IN_COOKIE, { path: '/', secure: true }),
  }
}

/** Whether the request carries a trade-in (its pages are then personal: never cached at the edge). */
export function carriesTradeIn(c: Context<AppEnv>): boolean {
  return getCookie(c, TRADE_IN_COOKIE) !== undefined
}

/**
 * The carried trade-in as the page context shows it, or null: no cookie, an unknown valuation, or one made on
 * another country's site. A failing lookup costs the page its trade-in line, never the page.
 */
export async function tradeInCarInfo(c: Context<AppEnv>, site: Site): Promise<TradeInCarInfo | null> {
  const id = carriedId(c)
  if (!id) return null
  try {
    return await findTradeInCarInfo(c.get('store'), site, id)
  } catch (error) {
    console.warn(`[${c.get('requestId')}] trade-in lookup failed`, error)
    return null
  }
}
