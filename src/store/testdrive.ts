import type { ValidBooking } from '../domain/testdrive/validate'
import type { Database } from './database'
import { randomId } from './ids'

export type BookingOutcome =
  | { status: 'created'; id: string; notificationId: string }
  /** The same submission again (retry, double click, second tab): the first booking. */
  | { status: 'duplicate'; id: string }
  /** Another visitor took the last place first. */
  | { status: 'full' }

export interface BookingRecord {
  id: string
  storeId: string
  slotStart: string
  modelCode: string
  name: string
  createdAt: string
  /** Where the booking is (src/domain/programs/requests.ts): requested until the store confirms it. */
  status: string
}

// A declined or cancelled booking no longer takes its slot (freesSlot in src/domain/programs/requests.ts).
const TAKES_SLOT = `status NOT IN ('declined', 'cancelled')`

/**
 * Test-drive bookings and quote requests in D1. Capacity holds under concurrent bookings because
 * the insert counts the slot's bookings in the same statement (D1 runs each statement atomically);
 * the confirmation e-mail goes into the outbox in the same batch, so it is never lost.
 */
export function createTestDriveStore(db: Database) {
  return {
    /** Bookings per slot start (UTC ISO) of one store within a period. */
    async bookedCounts(storeId: string, fromIso: string, toIso: string): Promise<Map<string, number>> {
      const { results } = await db
        .prepare(
          `SELECT slot_start AS slotStart, COUNT(*) AS n FROM test_drive_bookings
            WHERE store_id = ?1 AND slot_start >= ?2 AND slot_start < ?3 AND ${TAKES_SLOT} GROUP BY slot_start`,
        )
        .bind(storeId, fromIso, toIso)
        .all<{ slotStart: string; n: number }>()
      return new Map(results.map((row) => [row.slotStart, row.n]))
    },

    async createBooking(input: {
      idempotencyKey: string
      booking: ValidBooking
      capacity: number
      locale: string
      ownerId: string | null
      now: Date
    }): Promise<BookingOutcome> {
      const id = randomId()
      const notificationId = randomId()
      const { booking } = input
      const at = input.now.toISOString()
      const [inserted] = await db.batch<{ id: string }>([
        db
          .prepare(
            `INSERT INTO test_drive_bookings
               (id, idempotency_key, country_code, store_id, slot_start, model_code, name, email, phone, locale, owner_id, privacy_accepted_at, created_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12
              WHERE (SELECT COUNT(*) FROM test_drive_bookings WHERE store_id = ?4 AND slot_start = ?5 AND ${TAKES_SLOT}) < ?13
             ON CONFLICT (idempotency_key) DO NOTHING
             RETURNING id`,
          )
          .bind(
            id,
            input.idempotencyKey,
            booking.country,
            booking.storeId,
            booking.slotStart,
            booking.modelCode,
            booking.name,
            booking.email,
            booking.phone,
            input.locale,
            input.ownerId,
            at,
            input.capacity,
          ),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, 'testDriveBooked', ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM test_drive_bookings WHERE id = ?6)`,
          )
          .bind(notificationId, input.locale, booking.email, JSON.stringify({ bookingId: id, ...booking }), at, id),
      ])
      if (inserted?.results[0]) return { status: 'created', id, notificationId }
      const earlier = await db
        .prepare('SELECT id FROM test_drive_bookings WHERE idempotency_key = ?1')
        .bind(input.idempotencyKey)
        .first<{ id: string }>()
      return earlier ? { status: 'duplicate', id: earlier.id } : { status: 'full' }
    },

    async findBooking(id: string): Promise<BookingRecord | null> {
      return db
        .prepare(
          `SELECT id, store_id AS storeId, slot_start AS slotStart, model_code AS modelCode, name, created_at AS createdAt,
                  status
             FROM test_drive_bookings WHERE id = ?1`,
        )
        .bind(id)
        .first<BookingRecord>()
    },

    async bookingsOf(ownerId: string): Promise<BookingRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT id, store_id AS storeId, slot_start AS slotStart, model_code AS modelCode, name, created_at AS createdAt,
                  status
             FROM test_drive_bookings WHERE owner_id = ?1 ORDER BY slot_start DESC`,
        )
        .bind(ownerId)
        .all<BookingRecord>()
      return results
    },

    /**
     * A quote request of the country, for its "request received" page: the build it is about and when
     * it was sent. Null for an unknown id or another country's request.
     */
    async findQuoteRequest(
      id: string,
      countryCode: string,
    ): Promise<{ id: string; configurationId: string; ownerId: string | null } | null> {
      return db
        .prepare(
          'SELECT id, configuration_id AS configurationId, owner_id AS ownerId FROM quote_requests WHERE id = ?1 AND country_code = ?2',
        )
        .bind(id, countryCode)
        .first<{ id: string; configurationId: string; ownerId: string | null }>()
    },

    /** Stores a quote request once per submission, with the price the visitor saw. */
    async createQuoteRequest(input: {
      idempotencyKey: string
      configurationId: string
      countryCode: string
      storeId: string | null
      name: string
      email: string
      phone: string
      locale: string
      ownerId: string | null
      price: unknown
      consents: { privacy: string; marketing: string | null }
      now: Date
    }): Promise<{ id: string; duplicate: boolean; notificationId: string | null }> {
      const id = randomId()
      const notificationId = randomId()
      const at = input.now.toISOString()
      const [inserted] = await db.batch<{ id: string }>([
        db
          .prepare(
            `INSERT INTO quote_requests
               (id, idempotency_key, configuration_id, country_code, store_id, name, email, phone, locale, owner_id, price, consents, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
             ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          )
          .bind(
            id,
            input.idempotencyKey,
            input.configurationId,
            input.countryCode,
            input.storeId,
            input.name,
            input.email,
            input.phone,
            input.locale,
            input.ownerId,
            JSON.stringify(input.price),
            JSON.stringify(input.consents),
            at,
          ),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, 'quoteRequested', ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM quote_requests WHERE id = ?6)`,
          )
          .bind(
            notificationId,
            input.locale,
            input.email,
            JSON.stringify({ quoteId: id, configurationId: input.configurationId, name: input.name }),
            at,
            id,
          ),
      ])
      if (inserted?.results[0]) return { id, duplicate: false, notificationId }
      const earlier = await db
        .prepare('SELECT id FROM quote_requests WHERE idempotency_key = ?1')
        .bind(input.idempotencyKey)
        .first<{ id: string }>()
      return { id: earlier?.id ?? id, duplicate: true, notificationId: null }
    },
  }
}

export type TestDriveStore = ReturnType<typeof createTestDriveStore>
