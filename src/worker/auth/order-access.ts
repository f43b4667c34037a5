import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { parseOrderNumber } from '../../domain/order/order'
import type { Site } from '../../i18n/sites'
import { addressHashOf } from '../../routes/order/owned-order'
import type { OrderAccessService } from '../../routes/route'
import type { AppEnv } from '../types'
import { openValue, randomToken, sealValue, sha256 } from './crypto'
import { deliver, overLimit, publicOrigin } from './recovery'

/**
 * The order a browser was let into by an order link (issue 44): signed `<order id>|<address hash>|<expiry>`.
 * HttpOnly, Secure, SameSite=Lax; a personal cookie (the edge cache never stores a page rendered with it).
 */
export const ORDER_COOKIE = '__Host-nv_order'

/** How long an order link works: one sent with an e-mail about the order, one asked for on "find my order". */
export const ORDER_LINK_TTL_MS = { mail: 14 * 24 * 3_600_000, find: 30 * 60_000 } as const
/** How long a browser stays let into the order once a link was used. */
export const ORDER_ACCESS_DAYS = 30
/** "Find my order" within 15 minutes: per address, per order number, and everything from one client. */
export const FIND_ORDER_LIMITS = { perAddress: 3, perNumber: 5, perClient: 20 } as const

const PURPOSE = 'order-access'

/** The order this browser was let into and the address it is bound to, or null (none, tampered with, expired). */
export async function grantedOrder(
  c: Context<AppEnv>,
  now = new Date(),
): Promise<{ orderId: string; addressHash: string } | null> {
  const payload = await openValue(c.get('config').APP_SECRET, PURPOSE, getCookie(c, ORDER_COOKIE))
  const [orderId, hash, expires] = payload?.split('|') ?? []
  if (!orderId || !hash || !(Number(expires) > now.getTime())) return null
  return { orderId, addressHash: hash }
}

/**
 * "Find my order": when the number is an order of this site and the address is its contact address, e-mails that
 * address a link to the order (single-use, 30 minutes). 'sent' whether or not the pair exists, so the form tells
 * nobody which orders exist or whose they are; throttled per address, per number and per client (every attempt
 * counts).
 */
async function requestLink(
  c: Context<AppEnv>,
  site: Site,
  input: { number: string; email: string },
  now = new Date(),
): Promise<'sent' | 'throttled'> {
  const email = input.email.trim().toLowerCase()
  const number = input.number.trim().toUpperCase()
  const throttled = await overLimit(
    c,
    [
      { key: `order-link:email:${email}`, limit: FIND_ORDER_LIMITS.perAddress },
      { key: `order-link:number:${number}`, limit: FIND_ORDER_LIMITS.perNumber },
      { key: `order-link:client:${c.req.header('cf-connecting-ip') ?? 'local'}`, limit: FIND_ORDER_LIMITS.perClient },
    ],
    now,
  )
  if (throttled) return 'throttled'
  const parsed = parseOrderNumber(number)
  const store = c.get('store').orderLinks
  const order =
    parsed && parsed.country === site.countryCode ? await store.orderByNumber(parsed.number, site.countryCode) : null
  // The same work either way, so that the answer's timing does not tell a match from none.
  const token = randomToken(32)
  const tokenHash = await sha256(token)
  if (!order || order.email !== email) return 'sent'
  const notificationId = await store.create({
    tokenHash,
    orderId: order.id,
    email,
    purpose: 'find',
    now,
    expiresAt: new Date(now.getTime() + ORDER_LINK_TTL_MS.find),
    mail: {
      kind: 'orderLink',
      locale: site.locale,
      recipient: email,
      payload: {
        orderId: order.id,
        name: order.name,
        number: parsed?.number ?? number,
        link: `${publicOrigin(c)}${site.prefix}/order/link/${token}`,
      },
    },
  })
  if (notificationId) deliver(c, [notificationId])
  return 'sent'
}

/**
 * Uses an order link: accepted once (one statement), while unexpired and bound to the order's contact address; the
 * browser is then let into that order alone for ORDER_ACCESS_DAYS. Answers the order's id, or null.
 */
async function redeemLink(c: Context<AppEnv>, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{43}$/.test(token)) return null
  const used = await c.get('store').orderLinks.use(await sha256(token), now)
  if (!used) return null
  const until = now.getTime() + ORDER_ACCESS_DAYS * 86_400_000
  const value = await sealValue(
    c.get('config').APP_SECRET,
    PURPOSE,
    `${used.orderId}|${await addressHashOf(used.email)}|${until}`,
  )
  setCookie(c, ORDER_COOKIE, value, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: ORDER_ACCESS_DAYS * 86_400,
  })
  return used.orderId
}

/** The order-link operations a page may perform, bound to this request. */
export function orderAccessService(c: Context<AppEnv>, site: Site): OrderAccessService {
  let granted: ReturnType<typeof grantedOrder> | undefined
  return {
    granted: () => {
      granted ??= grantedOrder(c)
      return granted
    },
    requestLink: (input) => requestLink(c, site, input),
    openLink: async (token) =>
      /^[\w-]{43}$/.test(token) ? c.get('store').orderLinks.open(await sha256(token), new Date()) : null,
    redeemLink: (token) => redeemLink(c, token),
  }
}
