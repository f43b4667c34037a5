import { logLine } from '../../domain/log'
import { formatMoney, type Money } from '../../domain/money'
import type { Order } from '../../domain/order/order'
import { PAID_METHOD_KEYS, PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment/methods'
import { catalog } from '../../i18n/catalog-store'
import { intlFor, type MessageKey } from '../../i18n/intl'
import type { PaymentAttempt } from '../../store/payments'
import type { LoadContext } from '../route'

export interface PaymentNews {
  message: { message: MessageKey | null; messageKind: 'error' | 'success'; messageValues?: Record<string, string> }
  /** A payment is under way at the provider (confirmed later): none other is offered meanwhile. */
  processing: boolean
  lastMethod: PaymentMethod | null
}

const asMethod = (value: string | null): PaymentMethod | null =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? '') ? (value as PaymentMethod) : null

/**
 * What the customer is told about paying, back from the provider's page or later: paid (with the amount, the method
 * and the provider's reference), processing until the provider confirms it (its signed event), or why it was not
 * completed (a declined card, a failed authentication, the page left, a debit that failed); nothing was charged then.
 */
export async function paymentNews(ctx: LoadContext, orderId: string, order: Order): Promise<PaymentNews> {
  const attempts = (await ctx.store.payments.attemptsOf(orderId)).filter((a) => a.provider !== 'test')
  const last: PaymentAttempt | undefined = attempts.at(-1)
  const query = ctx.url.searchParams
  const returned = query.get('checkout')
  const paid = attempts.find((a) => a.status === 'succeeded')
  const processing =
    order.payment === 'unpaid' &&
    attempts.some((a) => a.status === 'processing' || (a.status === 'pending' && a.reference === returned))
  const none = { message: null, messageKind: 'success' as const }
  const news = (message: PaymentNews['message']): PaymentNews => ({
    message,
    processing,
    lastMethod: asMethod(last?.method ?? null),
  })
  if (paid && order.payment !== 'unpaid' && (returned || query.get('paid') === '1')) {
    const intl = intlFor(ctx.site.locale, catalog(ctx.site.locale))
    const method = asMethod(paid.method)
    return news({
      message: 'payment.return.paid',
      messageKind: 'success',
      messageValues: {
        amount: formatMoney({ amount: paid.amount, currency: paid.currency as Money['currency'] }, ctx.site.locale),
        method: method ? intl.formatMessage({ id: PAID_METHOD_KEYS[method] }) : '',
        reference: paid.paymentReference ?? paid.reference,
      },
    })
  }
  if (processing) return news({ message: 'payment.return.processing', messageKind: 'success' })
  if (order.payment !== 'unpaid' || !last) return news(none)
  if (last.status === 'failed') return news({ message: 'payment.return.failed', messageKind: 'error' })
  if (query.get('payment') === 'left' && last.status === 'pending') {
    // Why the customer came back without paying: the provider knows whether the last try was declined.
    let problem: string | null = null
    try {
      problem = (await ctx.payments().provider.findCheckout(last.reference)).problem
    } catch (error) {
      console.warn(logLine('warn', 'payments: could not ask the provider', { checkout: last.reference, error }))
    }
    const message: MessageKey =
      problem === 'declined'
        ? 'payment.return.declined'
        : problem === 'authenticationFailed'
          ? 'payment.return.authenticationFailed'
          : 'payment.return.left'
    return news({ message, messageKind: 'error' })
  }
  return news(none)
}
