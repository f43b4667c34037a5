import { type DutchFinanceStatus, parseDutchFinanceStatus } from '../domain/finance/status'
import type { Database } from './database'
import { randomId } from './ids'

/** One change of a finance application's status: who (customer or staff) and when. */
export interface FinanceApplicationEvent {
  from: DutchFinanceStatus | null
  to: DutchFinanceStatus
  actor: 'customer' | 'staff'
  at: string
}

export interface FinanceApplication {
  orderId: string
  status: DutchFinanceStatus
  updatedAt: string
  events: FinanceApplicationEvent[]
}

interface EventRow {
  from_status: number | null
  to_status: number
  actor: string
  at: string
}

const status = (code: number): DutchFinanceStatus => {
  const parsed = parseDutchFinanceStatus(code)
  if (parsed === null) throw new RangeError(`unknown finance application status ${code}`)
  return parsed
}

/**
 * Dutch finance applications in D1 (migration 0011): opened once per order at status 1 (waiting for
 * application), then moved by staff. A move is saved with its event only if nobody moved the
 * application in between; the rules of which moves are allowed live in src/domain/finance/status.ts.
 */
export function createFinanceApplicationStore(db: Database) {
  return {
    /** Starts the application of an order; a second call (a retried form) changes nothing. */
    async open(orderId: string, customerId: string, at: string): Promise<void> {
      await db.batch([
        db
          .prepare(
            `INSERT INTO finance_application_events (id, order_id, from_status, to_status, actor, actor_id, at)
             SELECT ?1, ?2, NULL, 1, 'customer', ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM finance_applications WHERE order_id = ?2)`,
          )
          .bind(randomId(), orderId, customerId, at),
        db
          .prepare(
            `INSERT INTO finance_applications (order_id, status, updated_at) VALUES (?1, 1, ?2) ON CONFLICT (order_id) DO NOTHING`,
          )
          .bind(orderId, at),
      ])
    },

    /** An order's application with its events, oldest first; null when the order has none. */
    async find(orderId: string): Promise<FinanceApplication | null> {
      const row = await db
        .prepare('SELECT status, updated_at FROM finance_applications WHERE order_id = ?1')
        .bind(orderId)
        .first<{ status: number; updated_at: string }>()
      if (!row) return null
      const { results } = await db
        .prepare(
          'SELECT from_status, to_status, actor, at FROM finance_application_events WHERE order_id = ?1 ORDER BY at, rowid',
        )
        .bind(orderId)
        .all<EventRow>()
      return {
        orderId,
        status: status(row.status),
        updatedAt: row.updated_at,
        events: results.map((e) => ({
          from: e.from_status === null ? null : status(e.from_status),
          to: status(e.to_status),
          actor: e.actor === 'staff' ? 'staff' : 'customer',
          at: e.at,
        })),
      }
    },

    /** The current status of the applications of a country's orders, by order id. */
    async statusesOfCountry(country: string): Promise<Map<string, DutchFinanceStatus>> {
      const { results } = await db
        .prepare(
          `SELECT a.order_id, a.status FROM finance_applications a JOIN orders o ON o.id = a.order_id WHERE o.country_code = ?1`,
        )
        .bind(country)
        .all<{ order_id: string; status: number }>()
      return new Map(results.map((r) => [r.order_id, status(r.status)]))
    },

    /**
     * Moves an application from `from` to `to` as staff, with its event; false when its status is
     * no longer `from` (someone moved it first).
     */
    async move(
      orderId: string,
      from: DutchFinanceStatus,
      to: DutchFinanceStatus,
      staffId: string,
      at: string,
    ): Promise<boolean> {
      const [updated] = await db.batch([
        db
          .prepare('UPDATE finance_applications SET status = ?3, updated_at = ?4 WHERE order_id = ?1 AND status = ?2')
          .bind(orderId, from, to, at),
        db
          .prepare(
            `INSERT INTO finance_application_events (id, order_id, from_status, to_status, actor, actor_id, at)
             SELECT ?1, ?2, ?3, ?4, 'staff', ?5, ?6
              WHERE EXISTS (SELECT 1 FROM finance_applications WHERE order_id = ?2 AND status = ?4 AND updated_at = ?6)`,
          )
          .bind(randomId(), orderId, from, to, staffId, at),
      ])
      return (updated?.meta.changes ?? 0) === 1
    },
  }
}

export type FinanceApplicationStore = ReturnType<typeof createFinanceApplicationStore>
