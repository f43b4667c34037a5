import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { logLine } from '../domain/log'
import type { TradeInCarInfo } from '../domain/tradein/balance'
import type { Site } from '../i18n/sites'
import type { VisitorTradeIn } from '../routes/route'
import { findTradeInCarInfo } from '../routes/trade-in-line'
import type { TradeInOwner } from '../store/trade-ins'
import { randomToken, sha256 } from './auth/crypto'
import { resolveUser } from './auth/session'
import type { AppEnv } from './types'

/**
 * The valuation a visitor carries from page to page, so every price summary and the order form show it (SPEC §3
 * `tradeInCarInfo`) without JavaScript: `<valuation id>.<browser key>`. The browser key is a random secret of this
 * browser; the valuations it made without an account store its SHA-256, so knowing a valuation's id (from a shared
 * link, say) is not enough to see or use it. A necessary cookie, set because the visitor asked for a valuation.
 * Host-only, Secure, HttpOnly; it lasts as long as a final price would hold.
 */
export const TRADE_IN_COOKIE = '__Host-nv_tradein'

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60
const COOKIE_VALUE = /^([\w-]{12})\.([\w-]{43})$/

function carried(c: Context<AppEnv>): { id: string; key: string } | null {
  const match = COOKIE_VALUE.exec(getCookie(c, TRADE_IN_COOKIE) ?? '')
  return match?.[1] && match[2] ? { id: match[1], key: match[2] } : null
}

/** Who owns the valuations this request may see: the signed-in customer, and this browser. */
async function ownerOf(c: Context<AppEnv>, key: string | null, userId?: string | null): Promise<TradeInOwner> {
  const user = userId === undefined ? ((await resolveUser(c))?.id ?? null) : userId
  return { userId: user, browserKey: key ? await sha256(key) : null }
}

/** The visitor's trade-in for a page's loader and action, or an API handler. */
export function visitorTradeIn(c: Context<AppEnv>, userId?: string | null): VisitorTradeIn {
  const cookie = carried(c)
  let key = cookie?.key
  let owner: Promise<TradeInOwner> | undefined
  // A browser without a key gets one with its first valuation (it is only sent back if remember() is called).
  const browserKey = () => {
    key ??= randomToken(32)
    return key
  }
  return {
    id: cookie?.id ?? null,
    owner: () => {
      owner ??= ownerOf(c, browserKey(), userId)
      return owner
    },
    remember: (valuationId) =>
      setCookie(c, TRADE_IN_COOKIE, `${valuationId}.${browserKey()}`, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: MAX_AGE_SECONDS,
      }),
    forget: () => deleteCookie(c, TRADE_IN_COOKIE, { path: '/', secure: true }),
  }
}

/**
 * The carried trade-in as the page context shows it, or null: no cookie, an unknown valuation, someone else's, or
 * one made on another country's site. A failing lookup costs the page its trade-in line, never the page.
 */
export async function tradeInCarInfo(c: Context<AppEnv>, site: Site): Promise<TradeInCarInfo | null> {
  const cookie = carried(c)
  if (!cookie) return null
  try {
    return await findTradeInCarInfo(c.get('store'), site, cookie.id, await ownerOf(c, cookie.key))
  } catch (error) {
    console.warn(logLine('warn', 'trade-in lookup failed', { requestId: c.get('requestId'), error }))
    return null
  }
}
