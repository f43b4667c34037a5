import type { ReactNode } from 'react'
import type { Order } from '../../domain/order/order'
import { countryPayments } from '../../domain/payment/methods'
import { formatDateTime } from '../../i18n/dates'
import { formatMoney } from '../../i18n/formats'
import type { MessageKey } from '../../i18n/intl'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import { type OrderPriceView, storedOrderPrice } from '../order-price'
import { type LoadContext, PageError } from '../route'
import { type TradeInSummary, tradeInEstimate } from '../trade-in-line'

export interface OrderView {
  id: string
  /** The saved configuration the order was placed with. */
  configurationId: string
  order: Order
  message: MessageKey | null
  /** Values of the message's placeholders (an amount, the provider's reference). */
  messageValues?: Record<string, string>
  messageKind: 'error' | 'success'
  /** Whether the order's market takes payment online (data/payments/methods.json; SPEC §8 where not). */
  onlinePayment: boolean
  /** The trade-in estimate the order was placed with (tradeInCarInfo), set against its price as an estimate. */
  tradeIn: TradeInSummary | null
  /** The price the order was placed with, itemised on one stated basis (null for a record without a readable one). */
  price: OrderPriceView | null
}

/**
 * Whether this visitor may see an order: its owner, signed in; or a browser an order link let into this very order,
 * while the order's contact address is still the one the link was sent to.
 */
export async function mayOpenOrder(
  ctx: { session: { user: { id: string } | null }; orderAccess: Pick<LoadContext['orderAccess'], 'granted'> },
  stored: { id: string; ownerId: string | null; order: { contact: { email: string } } },
): Promise<boolean> {
  if (ctx.session.user && stored.ownerId === ctx.session.user.id) return true
  const granted = await ctx.orderAccess.granted()
  if (!granted || granted.orderId !== stored.id || !stored.order.contact.email) return false
  return granted.addressHash === (await addressHashOf(stored.order.contact.email))
}

/** The first 32 hex digits of the SHA-256 of a lower-cased address (as the order link's cookie binds it). */
export async function addressHashOf(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()))
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32)
}

export async function loadOwnedOrder(ctx: LoadContext): Promise<OrderView> {
  const id = ctx.params.id ?? ''
  const stored = /^[\w-]{1,64}$/.test(id) ? await ctx.store.orders.find(id) : null
  // Anyone but the owner (or a browser an order link let into it) gets the answer of an order that does not exist.
  if (!stored || !(await mayOpenOrder(ctx, stored))) throw new PageError('noRecord', 404)
  return {
    id: stored.id,
    configurationId: stored.configurationId,
    order: stored.order,
    message: null,
    messageKind: 'success',
    onlinePayment: countryPayments(stored.order.country).online,
    tradeIn: await tradeInEstimate(ctx, (await ctx.store.programs.tradeInOfOrder(stored.id)) ?? ''),
    price: storedOrderPrice(await ctx.store.orders.priceOf(stored.id), await ctx.store.catalog('p5'), ctx.site.locale),
  }
}

/**
 * The key facts of an order; `children` adds more `dt`/`dd` pairs. Where the site takes no payment online yet
 * (`offline`), an unpaid deposit is the one the store asks for when it calls, not one "due today".
 */
export function OrderFacts({
  order,
  children,
  offline = false,
}: {
  order: Order
  children?: ReactNode
  offline?: boolean
}) {
  const t = useT()
  const { site } = useSiteContext()
  const placedAt = order.orderDate ?? order.reservationDate
  return (
    <dl className="choices-list">
      <dt>{t('order.number', { number: '' }).replace(/[:\s]+$/, '')}</dt>
      <dd>{order.orderNumber ?? order.reservationNumber}</dd>
      <dt>{t('order.date', { date: '' }).replace(/[:\s]+$/, '')}</dt>
      <dd>{placedAt ? formatDateTime(new Date(placedAt), site.locale, site.timeZone) : ''}</dd>
      <dt>{t('configurator.price.total')}</dt>
      <dd>{formatMoney(order.amounts.totalInclVat, site.locale)}</dd>
      {/* Once paid, nothing is due today any more: the facts say what was paid. */}
      {order.amounts.pendingPaymentFee.amount > 0 || order.amounts.paidFee.amount === 0 ? (
        <>
          <dt>
            {offline ? t('myOrder.depositOffline') : t('order.summary.dueToday', { amount: '' }).replace(/[:\s]+$/, '')}
          </dt>
          <dd>{formatMoney(order.amounts.pendingPaymentFee, site.locale)}</dd>
        </>
      ) : (
        <>
          <dt>{t('order.status.paid')}</dt>
          <dd>{formatMoney(order.amounts.paidFee, site.locale)}</dd>
        </>
      )}
      {children}
    </dl>
  )
}
