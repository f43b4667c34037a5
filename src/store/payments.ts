import { attemptMovesFrom, refundMovesFrom, type StoredRefundStatus } from '../domain/payment/attempt'
import type { AttemptStatus } from '../domain/payment/provider'
import { randomId } from './ids'

/** One payment attempt: a hosted checkout at the provider for an order's amount due. */
export interface PaymentAttempt {
  id: string
  orderId: string
  amount: number
  currency: string
  /** pending, processing, succeeded, failed, expired; the local test provider's old rows: succeeded, duplicate. */
  status: string
  provider: string
  /** The provider's checkout (Stripe's Checkout Session id). */
  reference: string
  /** The provider's payment (Stripe's PaymentIntent id), once known. */
  paymentReference: string | null
  method: string | null
  attempt: number
  checkoutUrl: string | null
  createdAt: string
  updatedAt: string
}

/** One refund of a payment through the provider. */
export interface RefundRecord {
  id: string
  orderId: string
  paymentId: string
  attempt: number
  amount: number
  currency: string
  status: StoredRefundStatus
  provider: string
  reference: string | null
  idempotencyKey: string
  reason: string
  failureReason: string | null
  createdAt: string
  updatedAt: string
}

const attemptColumns = (
  p = '',
) => `${p}id AS id, ${p}order_id AS orderId, ${p}amount AS amount, ${p}currency AS currency,
  ${p}outcome AS status, ${p}provider AS provider, ${p}provider_reference AS reference,
  ${p}payment_reference AS paymentReference, ${p}method AS method, ${p}attempt AS attempt,
  ${p}checkout_url AS checkoutUrl, ${p}created_at AS createdAt, COALESCE(${p}updated_at, ${p}created_at) AS updatedAt`
const ATTEMPT_COLUMNS = attemptColumns()

const REFUND_COLUMNS = `id, order_id AS orderId, payment_id AS paymentId, attempt, amount, currency, status, provider,
  provider_reference AS reference, idempotency_key AS idempotencyKey, reason, failure_reason AS failureReason,
  created_at AS createdAt, updated_at AS updatedAt`

const placeholders = (values: readonly unknown[], from: number) => values.map((_, i) => `?${i + from}`).join(', ')

/**
 * Payments and refunds in D1. Every change of state is one conditional statement: an attempt only moves forward
 * (attempt.ts), a second succeeded payment of the same order and amount is refused by a unique index, and a payment
 * has at most one refund under way or done.
 */
export function createPaymentStore(db: D1Database) {
  return {
    /** Every attempt of an order, oldest first. */
    async attemptsOf(orderId: string): Promise<PaymentAttempt[]> {
      const { results } = await db
        .prepare(`SELECT ${ATTEMPT_COLUMNS} FROM payments WHERE order_id = ?1 ORDER BY created_at, attempt`)
        .bind(orderId)
        .all<PaymentAttempt>()
      return results
    },

    async findByReference(provider: string, reference: string): Promise<PaymentAttempt | null> {
      return db
        .prepare(`SELECT ${ATTEMPT_COLUMNS} FROM payments WHERE provider = ?1 AND provider_reference = ?2`)
        .bind(provider, reference)
        .first<PaymentAttempt>()
    },

    async findByPaymentReference(provider: string, paymentReference: string): Promise<PaymentAttempt | null> {
      return db
        .prepare(`SELECT ${ATTEMPT_COLUMNS} FROM payments WHERE provider = ?1 AND payment_reference = ?2`)
        .bind(provider, paymentReference)
        .first<PaymentAttempt>()
    },

    /**
     * Records a checkout the provider made; a second record of the same checkout (a retry, a parallel click) is the
     * same row. Answers the stored attempt.
     */
    async recordCheckout(input: {
      orderId: string
      amount: number
      currency: string
      provider: string
      reference: string
      method: string
      attempt: number
      checkoutUrl: string | null
      idempotencyKey: string
      at: string
    }): Promise<PaymentAttempt | null> {
      await db
        .prepare(
          `INSERT INTO payments (id, order_id, amount, currency, outcome, provider, provider_reference, created_at, method,
             attempt, idempotency_key, checkout_url, updated_at)
           VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?7)
           ON CONFLICT DO NOTHING`,
        )
        .bind(
          randomId(),
          input.orderId,
          input.amount,
          input.currency,
          input.provider,
          input.reference,
          input.at,
          input.method,
          input.attempt,
          input.idempotencyKey,
          input.checkoutUrl,
        )
        .run()
      return this.findByReference(input.provider, input.reference)
    },

    /**
     * Moves an attempt to what the provider reported, only forward. `moved` when this call changed it; `duplicate`
     * when it would be a second succeeded payment of the same order and amount (it is marked so, to be refunded).
     */
    async moveAttempt(
      id: string,
      status: AttemptStatus,
      facts: { paymentReference: string | null; method: string | null; at: string },
    ): Promise<'moved' | 'unchanged' | 'duplicate'> {
      const from = attemptMovesFrom(status)
      if (from.length === 0) return 'unchanged'
      const statement = (outcome: string) =>
        db
          .prepare(
            `UPDATE payments SET outcome = ?2, payment_reference = COALESCE(?3, payment_reference),
               method = COALESCE(?4, method), updated_at = ?5
             WHERE id = ?1 AND outcome IN (${placeholders(from, 6)})`,
          )
          .bind(id, outcome, facts.paymentReference, facts.method, facts.at, ...from)
      try {
        const result = await statement(status).run()
        return result.meta.changes === 1 ? 'moved' : 'unchanged'
      } catch (error) {
        if (
          status !== 'succeeded' ||
          !/UNIQUE constraint failed: payments\.order_id, payments\.amount/.test(String(error))
        )
          throw error
        const result = await statement('duplicate').run()
        return result.meta.changes === 1 ? 'duplicate' : 'unchanged'
      }
    },

    /** Attempts still pending or processing since before `before`, oldest first: for the reconciliation. */
    async unsettledSince(before: string, limit = 50): Promise<PaymentAttempt[]> {
      const { results } = await db
        .prepare(
          `SELECT ${ATTEMPT_COLUMNS} FROM payments WHERE outcome IN ('pending', 'processing') AND provider <> 'test'
             AND COALESCE(updated_at, created_at) < ?1 ORDER BY created_at LIMIT ?2`,
        )
        .bind(before, limit)
        .all<PaymentAttempt>()
      return results
    },

    /** Paid attempts whose order does not show the payment yet (a crash between the two writes): to settle. */
    async succeededUnsettled(limit = 50): Promise<PaymentAttempt[]> {
      const { results } = await db
        .prepare(
          `SELECT ${attemptColumns('p.')}
             FROM payments p JOIN orders o ON o.id = p.order_id
            WHERE p.outcome = 'succeeded' AND p.provider <> 'test' AND o.payment_status IN ('unpaid', 'cancelled')
            ORDER BY p.created_at LIMIT ?1`,
        )
        .bind(limit)
        .all<PaymentAttempt>()
      return results
    },

    /** The attempts and refunds of many orders at once (a staff list), oldest first; ids as one JSON parameter. */
    async ofOrders(orderIds: readonly string[]): Promise<{ attempts: PaymentAttempt[]; refunds: RefundRecord[] }> {
      if (orderIds.length === 0) return { attempts: [], refunds: [] }
      const ids = JSON.stringify(orderIds)
      const [attempts, refunds] = await db.batch([
        db
          .prepare(
            `SELECT ${ATTEMPT_COLUMNS} FROM payments WHERE order_id IN (SELECT value FROM json_each(?1))
              ORDER BY created_at, attempt`,
          )
          .bind(ids),
        db
          .prepare(
            `SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id IN (SELECT value FROM json_each(?1))
              ORDER BY created_at, attempt`,
          )
          .bind(ids),
      ])
      return {
        attempts: (attempts?.results ?? []) as PaymentAttempt[],
        refunds: (refunds?.results ?? []) as RefundRecord[],
      }
    },

    async refundsOf(orderId: string): Promise<RefundRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = ?1 ORDER BY created_at, attempt`)
        .bind(orderId)
        .all<RefundRecord>()
      return results
    },

    async findRefund(id: string): Promise<RefundRecord | null> {
      return db.prepare(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = ?1`).bind(id).first<RefundRecord>()
    },

    async findRefundByReference(provider: string, reference: string): Promise<RefundRecord | null> {
      return db
        .prepare(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE provider = ?1 AND provider_reference = ?2`)
        .bind(provider, reference)
        .first<RefundRecord>()
    },

    /**
     * A new refund attempt of a payment, written `requested` before the provider is asked (so a lost answer is asked
     * again with the same key). Null when the payment already has a refund under way or done.
     */
    async requestRefund(input: {
      orderId: string
      paymentId: string
      amount: number
      currency: string
      provider: string
      reason: string
      requestedBy: string | null
      idempotencyKey: (attempt: number) => string
      at: string
    }): Promise<RefundRecord | null> {
      const previous = await db
        .prepare('SELECT COALESCE(MAX(attempt), 0) AS attempts FROM refunds WHERE payment_id = ?1')
        .bind(input.paymentId)
        .first<{ attempts: number }>()
      const attempt = (previous?.attempts ?? 0) + 1
      const id = randomId()
      const inserted = await db
        .prepare(
          `INSERT INTO refunds (id, order_id, payment_id, attempt, amount, currency, status, provider, idempotency_key,
             reason, requested_by, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'requested', ?7, ?8, ?9, ?10, ?11, ?11)
           ON CONFLICT DO NOTHING RETURNING id`,
        )
        .bind(
          id,
          input.orderId,
          input.paymentId,
          attempt,
          input.amount,
          input.currency,
          input.provider,
          input.idempotencyKey(attempt),
          input.reason,
          input.requestedBy,
          input.at,
        )
        .first<{ id: string }>()
      return inserted ? this.findRefund(id) : null
    },

    /** Moves a refund to what the provider reported, only forward; `moved` when this call changed it. */
    async moveRefund(
      id: string,
      status: StoredRefundStatus,
      facts: { reference: string | null; failureReason: string | null; at: string },
    ): Promise<'moved' | 'unchanged'> {
      const from = refundMovesFrom(status)
      if (from.length === 0) return 'unchanged'
      const result = await db
        .prepare(
          `UPDATE refunds SET status = ?2, provider_reference = COALESCE(?3, provider_reference),
             failure_reason = COALESCE(?4, failure_reason), updated_at = ?5
           WHERE id = ?1 AND status IN (${placeholders(from, 6)})`,
        )
        .bind(id, status, facts.reference, facts.failureReason, facts.at, ...from)
        .run()
      return result.meta.changes === 1 ? 'moved' : 'unchanged'
    },

    /** Refunds not confirmed since before `before` (requested but unanswered, or pending): for the reconciliation. */
    async unsettledRefundsSince(before: string, limit = 50): Promise<RefundRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT ${REFUND_COLUMNS} FROM refunds WHERE status IN ('requested', 'pending') AND updated_at < ?1
            ORDER BY created_at LIMIT ?2`,
        )
        .bind(before, limit)
        .all<RefundRecord>()
      return results
    },

    /** Records a verified provider event once; false when it was seen before. */
    async recordEvent(input: { id: string; provider: string; type: string; reference: string | null; at: string }) {
      const row = await db
        .prepare(
          `INSERT INTO payment_events (id, provider, type, object_reference, received_at) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
        )
        .bind(input.id, input.provider, input.type, input.reference, input.at)
        .first<{ id: string }>()
      return row !== null
    },
  }
}

export type PaymentStore = ReturnType<typeof createPaymentStore>
