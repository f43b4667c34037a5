import type { Order } from '../domain/order/order'
import { formatDate } from '../i18n/dates'
import { formatMoney } from '../i18n/formats'
import { COUNTRY_SITES, type Locale, SITES, type Site } from '../i18n/sites'
import type { Store } from '../store'
import { randomToken, sha256 } from './auth/crypto'
import { ORDER_LINK_TTL_MS } from './auth/order-access'

type Translate = (key: string, values?: Record<string, string | number>) => string

/** The site an order was placed on, in the language of its e-mails. */
function siteOfOrder(order: Order, locale: Locale): Site | null {
  return (
    SITES.find((site) => site.countryCode === order.country && site.locale === locale) ??
    COUNTRY_SITES.find((site) => site.countryCode === order.country) ??
    null
  )
}

/**
 * Where an e-mail about an order leads: on a site with an account menu, the order's page (signing in brings the
 * customer back to it); elsewhere an order link (single-use, 14 days, bound to the order and the address it goes to).
 */
async function linkToOrder(
  store: Store,
  origin: string,
  site: Site,
  orderId: string,
  recipient: string,
  now: Date,
): Promise<string> {
  if (site.showUserMenu) return `${origin}${site.prefix}/order/${orderId}`
  const token = randomToken(32)
  await store.orderLinks.create({
    tokenHash: await sha256(token),
    orderId,
    email: recipient,
    purpose: 'mail',
    now,
    expiresAt: new Date(now.getTime() + ORDER_LINK_TTL_MS.mail),
  })
  return `${origin}${site.prefix}/order/link/${token}`
}

/**
 * What every e-mail about an order says besides its own text (issue 44): the estimated delivery window as it is now,
 * the latest lowering of the price (price protection), and the link to the order. Values for the e-mail's own
 * message come back too (`from`, `to`, `previous`, `amount`, `difference`). Nothing for an order that is gone or an
 * e-mail that is itself the order's link.
 *
 * @example
 * const { lines, values } = await orderMailParts(store, row, payload.orderId, locale, t, origin)
 */
export async function orderMailParts(
  store: Store,
  row: { kind: string; recipient: string },
  orderId: string,
  locale: Locale,
  t: Translate,
  origin: string,
  now = new Date(),
): Promise<{ lines: string[]; values: Record<string, string> }> {
  const stored = await store.orders.find(orderId)
  const site = stored ? siteOfOrder(stored.order, locale) : null
  if (!stored || !site || row.kind === 'orderLink') return { lines: [], values: {} }
  const { order } = stored
  const values: Record<string, string> = {}
  const lines: string[] = []
  if (order.delivery) {
    values.from = formatDate(order.delivery.from, locale)
    values.to = formatDate(order.delivery.to, locale)
    if (order.status !== 'delivered') lines.push(t('orderMail.delivery', { from: values.from, to: values.to }))
  }
  const change = order.priceProtection?.changes.at(-1)
  if (change) {
    const currency = order.amounts.totalInclVat.currency
    values.previous = formatMoney({ amount: change.from, currency }, locale)
    values.amount = formatMoney({ amount: change.to, currency }, locale)
    values.difference = formatMoney({ amount: change.from - change.to, currency }, locale)
  }
  const link = await linkToOrder(store, origin, site, orderId, row.recipient, now)
  lines.push(t('orderMail.link', { link }))
  return { lines, values }
}
