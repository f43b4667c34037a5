import { formatMoney, type Money } from '../../domain/money'
import { PAID_METHOD_KEYS, PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment/methods'
import { formatDateTime } from '../../i18n/dates'
import type { MessageKey } from '../../i18n/intl'
import type { PaymentAttempt, RefundRecord } from '../../store/payments'
import { useT } from '../../ui/intl-context'

/** The provider name of the payments the earlier local test provider recorded (before the payment provider). */
export const LEGACY_TEST_PROVIDER = 'test'

/** One payment or refund of an order as a line: its amount, method, state, when and the provider's reference. */
export interface PaymentLine {
  id: string
  kind: 'payment' | 'refund'
  amount: string
  method: PaymentMethod | null
  status: MessageKey
  /** When it last changed: paid, refunded, failed. */
  at: string
  /** The provider's id (Stripe: the PaymentIntent `pi_…`, the Refund `re_…`); null before the provider has one. */
  reference: string | null
  /** The provider's reason for a failed refund (Stripe's code), for staff. */
  failureReason: string | null
  /** False for a payment recorded without the provider (the earlier test provider): refunded by hand. */
  byProvider: boolean
}

const ATTEMPT_STATUS_KEYS: Record<string, MessageKey> = {
  pending: 'payment.status.pending',
  processing: 'payment.status.processing',
  succeeded: 'payment.status.succeeded',
  failed: 'payment.status.failed',
  expired: 'payment.status.expired',
  duplicate: 'payment.status.duplicate',
}

const REFUND_STATUS_KEYS = {
  requested: 'payment.refundStatus.pending',
  pending: 'payment.refundStatus.pending',
  succeeded: 'payment.refundStatus.succeeded',
  failed: 'payment.refundStatus.failed',
  canceled: 'payment.refundStatus.failed',
} as const satisfies Record<RefundRecord['status'], MessageKey>

const asMethod = (value: string | null): PaymentMethod | null =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? '') ? (value as PaymentMethod) : null

const amountOf = (minor: number, currency: string, locale: string) =>
  formatMoney({ amount: minor, currency: currency as Money['currency'] }, locale)

/**
 * An order's payments and refunds as lines, oldest first. `everything` (staff) lists every attempt; the customer
 * sees the payments that took or are taking money, and every refund.
 */
export function paymentLines(
  attempts: readonly PaymentAttempt[],
  refunds: readonly RefundRecord[],
  site: { locale: string; timeZone: string },
  everything = false,
): PaymentLine[] {
  const when = (iso: string) => formatDateTime(new Date(iso), site.locale, site.timeZone)
  const shown = everything
    ? attempts
    : attempts.filter((a) => ['succeeded', 'processing', 'duplicate'].includes(a.status))
  const payments = shown.map(
    (a): PaymentLine => ({
      id: a.id,
      kind: 'payment',
      amount: amountOf(a.amount, a.currency, site.locale),
      method: asMethod(a.method) ?? (a.provider === LEGACY_TEST_PROVIDER ? 'card' : null),
      status: ATTEMPT_STATUS_KEYS[a.status] ?? 'payment.status.pending',
      at: when(a.updatedAt),
      reference: a.provider === LEGACY_TEST_PROVIDER ? null : (a.paymentReference ?? a.reference),
      failureReason: null,
      byProvider: a.provider !== LEGACY_TEST_PROVIDER,
    }),
  )
  const backs = refunds.map(
    (r): PaymentLine => ({
      id: r.id,
      kind: 'refund',
      amount: amountOf(r.amount, r.currency, site.locale),
      method: null,
      // A failed refund is staff's to issue again: to the customer it is still on its way.
      status: everything
        ? REFUND_STATUS_KEYS[r.status]
        : REFUND_STATUS_KEYS[r.status === 'succeeded' ? 'succeeded' : 'pending'],
      at: when(r.updatedAt),
      reference: r.reference,
      failureReason: r.status === 'failed' || r.status === 'canceled' ? (r.failureReason ?? r.status) : null,
      byProvider: true,
    }),
  )
  return [...payments, ...backs]
}

/** The lines of an order's money: what was paid with what, what went back, each with the provider's reference. */
export function PaymentLines({ lines, staff = false }: { lines: readonly PaymentLine[]; staff?: boolean }) {
  const t = useT()
  return (
    <ul className="payment-lines">
      {lines.map((line) => (
        <li key={line.id} className={`payment-lines__line payment-lines__line--${line.kind}`}>
          <span className="payment-lines__what">
            {line.kind === 'refund'
              ? t('payment.lines.refund', { amount: line.amount })
              : t('payment.lines.payment', {
                  amount: line.amount,
                  method: line.method ? t(PAID_METHOD_KEYS[line.method]) : '',
                })}
          </span>{' '}
          <span className="payment-lines__status">{t(line.status)}</span>{' '}
          <span className="payment-lines__at">{line.at}</span>
          {line.reference ? (
            <span className="payment-lines__reference">
              {t('payment.lines.reference')} <code>{line.reference}</code>
            </span>
          ) : null}
          {staff && !line.byProvider ? (
            <span className="payment-lines__reference">{t('payment.lines.manual')}</span>
          ) : null}
          {staff && line.failureReason ? (
            <span className="payment-lines__reference">
              {t('payment.lines.failure')} <code>{line.failureReason}</code>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
