import type { Database } from './database'
import { randomId } from './ids'

/** A handover appointment as stored. */
export interface HandoverBooking {
  id: string
  orderId: string
  storeId: string
  slotStart: string
  status: 'booked' | 'cancelled'
  /** Raised with every move: the calendar file's SEQUENCE. */
  sequence: number
  createdAt: string
  updatedAt: string
}

const COLUMNS = `id, order_id AS orderId, store_id AS storeId, slot_start AS slotStart, status, sequence,
  created_at AS createdAt, updated_at AS updatedAt`

/** Places taken in a slot: the appointments booked at that store and start. */
const TAKEN = `(SELECT COUNT(*) FROM handover_bookings h WHERE h.store_id = ?3 AND h.slot_start = ?4 AND h.status = 'booked')`

/**
 * Handover appointments in D1 (migration 0052). Booking and moving each run as one statement that counts the slot's
 * appointments itself, so two buyers can never both take a slot's last place; an order has at most one appointment
 * (a unique order id), moved in place. The confirmation e-mail is written in the same batch.
 */
export function createHandoverStore(db: Database) {
  const mail = (
    id: string,
    kind: string,
    locale: string,
    recipient: string,
    payload: unknown,
    at: string,
    orderId: string,
  ) =>
    db
      .prepare(
        `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM handover_bookings WHERE order_id = ?7 AND updated_at = ?6)`,
      )
      .bind(id, kind, locale, recipient, JSON.stringify(payload), at, orderId)

  const ofOrder = (orderId: string) =>
    db.prepare(`SELECT ${COLUMNS} FROM handover_bookings WHERE order_id = ?1`).bind(orderId).first<HandoverBooking>()

  return {
    /** Booked places per slot start of one store within a period. */
    async bookedCounts(storeId: string, fromIso: string, toIso: string): Promise<Map<string, number>> {
      const { results } = await db
        .prepare(
          `SELECT slot_start AS slotStart, COUNT(*) AS n FROM handover_bookings
            WHERE store_id = ?1 AND slot_start >= ?2 AND slot_start < ?3 AND status = 'booked' GROUP BY slot_start`,
        )
        .bind(storeId, fromIso, toIso)
        .all<{ slotStart: string; n: number }>()
      return new Map(results.map((row) => [row.slotStart, row.n]))
    },

    /** The order's appointment (booked or called off), or null. */
    async ofOrder(orderId: string): Promise<HandoverBooking | null> {
      return db
        .prepare(`SELECT ${COLUMNS} FROM handover_bookings WHERE order_id = ?1`)
        .bind(orderId)
        .first<HandoverBooking>()
    },

    /**
     * Books the order's handover, or moves the one it has, within the slot's capacity: 'full' when the slot's last
     * place went meanwhile (nothing changed), 'unchanged' when the order already has this very slot.
     */
    async book(input: {
      orderId: string
      storeId: string
      slotStart: string
      capacity: number
      now: Date
      mail: { locale: string; recipient: string; payload: Record<string, string> }
    }): Promise<{ status: 'booked' | 'moved'; notificationId: string } | { status: 'full' | 'unchanged' }> {
      const at = input.now.toISOString()
      const current = await ofOrder(input.orderId)
      if (current?.status === 'booked' && current.storeId === input.storeId && current.slotStart === input.slotStart)
        return { status: 'unchanged' }
      const notificationId = randomId()
      const kind = current?.status === 'booked' ? 'handoverMoved' : 'handoverBooked'
      const write = current
        ? db
            .prepare(
              `UPDATE handover_bookings SET store_id = ?3, slot_start = ?4, status = 'booked', sequence = sequence + 1,
                 updated_at = ?2
               WHERE order_id = ?1 AND ${TAKEN} < ?5 RETURNING id`,
            )
            .bind(input.orderId, at, input.storeId, input.slotStart, input.capacity)
        : db
            .prepare(
              `INSERT INTO handover_bookings (id, order_id, store_id, slot_start, status, sequence, created_at, updated_at)
               SELECT ?6, ?1, ?3, ?4, 'booked', 0, ?2, ?2 WHERE ${TAKEN} < ?5
               ON CONFLICT (order_id) DO NOTHING RETURNING id`,
            )
            .bind(input.orderId, at, input.storeId, input.slotStart, input.capacity, randomId())
      const [written] = await db.batch<{ id: string }>([
        write,
        mail(notificationId, kind, input.mail.locale, input.mail.recipient, input.mail.payload, at, input.orderId),
      ])
      if (!written?.results[0]) return { status: 'full' }
      return { status: kind === 'handoverMoved' ? 'moved' : 'booked', notificationId }
    },

    /** Calls the order's appointment off (a cancelled order): its place is free again. */
    async cancel(orderId: string, now: Date): Promise<void> {
      await db
        .prepare(
          `UPDATE handover_bookings SET status = 'cancelled', sequence = sequence + 1, updated_at = ?2
            WHERE order_id = ?1 AND status = 'booked'`,
        )
        .bind(orderId, now.toISOString())
        .run()
    },
  }
}

export type HandoverStore = ReturnType<typeof createHandoverStore>
