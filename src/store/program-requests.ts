import {
  FIRST_STATUS,
  parseRequestStatus,
  type RequestKind,
  type RequestStatus,
  requestStatusKey,
} from '../domain/programs/requests'
import type { Database } from './database'
import { randomId } from './ids'

/** A subscription request or home-charger enquiry as a list shows it. */
export interface ProgramRequestSummary {
  kind: RequestKind
  id: string
  status: RequestStatus
  createdAt: string
  name: string
  email: string
  phone: string
  /** A test drive's slot (UTC ISO) and store; null for the other kinds. */
  slot: { start: string; storeId: string } | null
}

/** One change of a request's status: who (the customer or staff) and when. */
export interface ProgramRequestEvent {
  from: RequestStatus
  to: RequestStatus
  actor: 'customer' | 'staff'
  at: string
}

export interface ProgramRequest extends ProgramRequestSummary {
  countryCode: string
  ownerId: string | null
  updatedAt: string
  events: ProgramRequestEvent[]
}

interface Row {
  kind: string
  id: string
  status: string
  createdAt: string
  name: string
  email: string
  phone: string
  slotStart: string | null
  storeId: string | null
}

// One SELECT per kind with the same columns, so both read as one list. A subscription keeps the personal form as
// JSON (the lease's form); an enquiry has its contact in columns.
const SELECT = {
  subscription: `SELECT 'subscription' AS kind, id, status, created_at AS createdAt,
      CASE WHEN json_valid(personal) THEN json_extract(personal, '$.firstName') END || ' ' || CASE WHEN json_valid(personal) THEN json_extract(personal, '$.lastName') END AS name,
      CASE WHEN json_valid(personal) THEN json_extract(personal, '$.email') END AS email, CASE WHEN json_valid(personal) THEN json_extract(personal, '$.phone') END AS phone,
      country_code AS countryCode, owner_id AS ownerId, COALESCE(updated_at, created_at) AS updatedAt, locale,
      NULL AS slotStart, NULL AS storeId
    FROM subscription_requests`,
  charger: `SELECT 'charger' AS kind, id, status, created_at AS createdAt, name, email, phone,
      country_code AS countryCode, owner_id AS ownerId, COALESCE(updated_at, created_at) AS updatedAt, locale,
      NULL AS slotStart, NULL AS storeId
    FROM charger_enquiries`,
  testDrive: `SELECT 'testDrive' AS kind, id, status, created_at AS createdAt, name, email, phone,
      country_code AS countryCode, owner_id AS ownerId, COALESCE(updated_at, created_at) AS updatedAt, locale,
      slot_start AS slotStart, store_id AS storeId
    FROM test_drive_bookings`,
} as const satisfies Record<RequestKind, string>

const TABLE = {
  subscription: 'subscription_requests',
  charger: 'charger_enquiries',
  testDrive: 'test_drive_bookings',
} as const satisfies Record<RequestKind, string>

function summary(row: Row): ProgramRequestSummary {
  const kind: RequestKind = row.kind === 'charger' || row.kind === 'testDrive' ? row.kind : 'subscription'
  return {
    kind,
    id: row.id,
    // A status this version does not know reads as the first one rather than breaking the list.
    status: parseRequestStatus(kind, row.status) ?? FIRST_STATUS[kind],
    createdAt: row.createdAt,
    name: row.name,
    email: row.email,
    phone: row.phone,
    slot: row.slotStart && row.storeId ? { start: row.slotStart, storeId: row.storeId } : null,
  }
}

/**
 * The statuses of subscription requests and home-charger enquiries in D1 (migration 0013). A move is saved with
 * its event only if nobody moved the request in between; which moves are allowed lives in
 * src/domain/programs/requests.ts.
 */
export function createProgramRequestStore(db: Database) {
  return {
    /** A country's requests of every kind, newest first (the 200 most recent). */
    async ofCountry(country: string): Promise<ProgramRequestSummary[]> {
      const { results } = await db
        .prepare(
          `SELECT * FROM (${SELECT.subscription} WHERE country_code = ?1 UNION ALL ${SELECT.charger} WHERE country_code = ?1
             UNION ALL ${SELECT.testDrive} WHERE country_code = ?1)
           ORDER BY createdAt DESC LIMIT 200`,
        )
        .bind(country)
        .all<Row>()
      return results.map(summary)
    },

    /** A customer's subscription requests and charger enquiries on a country site, newest first (test drives are
     * listed with their stores by the test-drive store). */
    async ofOwner(ownerId: string, country: string): Promise<ProgramRequestSummary[]> {
      const { results } = await db
        .prepare(
          `SELECT * FROM (${SELECT.subscription} WHERE owner_id = ?1 AND country_code = ?2
             UNION ALL ${SELECT.charger} WHERE owner_id = ?1 AND country_code = ?2)
           ORDER BY createdAt DESC`,
        )
        .bind(ownerId, country)
        .all<Row>()
      return results.map(summary)
    },

    /** A request with its events, oldest first; null when there is none of that kind and id. */
    async find(kind: RequestKind, id: string): Promise<ProgramRequest | null> {
      const row = await db
        .prepare(`${SELECT[kind]} WHERE id = ?1`)
        .bind(id)
        .first<Row & { countryCode: string; ownerId: string | null; updatedAt: string }>()
      if (!row) return null
      const { results } = await db
        .prepare(
          `SELECT from_status, to_status, actor, at FROM program_request_events
            WHERE kind = ?1 AND request_id = ?2 ORDER BY at, rowid`,
        )
        .bind(kind, id)
        .all<{ from_status: string; to_status: string; actor: string; at: string }>()
      const events = results.flatMap((e) => {
        const from = parseRequestStatus(kind, e.from_status)
        const to = parseRequestStatus(kind, e.to_status)
        return from && to
          ? [{ from, to, actor: e.actor === 'staff' ? ('staff' as const) : ('customer' as const), at: e.at }]
          : []
      })
      return { ...summary(row), countryCode: row.countryCode, ownerId: row.ownerId, updatedAt: row.updatedAt, events }
    },

    /**
     * Moves a request from `from` to `to` with its event and an e-mail telling the customer the new status, in the
     * language they asked in. Nothing is saved when its status is no longer `from` (someone moved it first), so a
     * double click or two staff at once record one change.
     */
    async move(
      kind: RequestKind,
      id: string,
      from: RequestStatus,
      to: RequestStatus,
      actor: { role: 'customer' | 'staff'; id: string },
      at: string,
    ): Promise<{ moved: boolean; notificationId: string | null }> {
      const table = TABLE[kind]
      const notificationId = randomId()
      // The event and the e-mail follow the update only if it happened: the row now has `to` and this timestamp.
      const [updated] = await db.batch([
        db
          .prepare(`UPDATE ${table} SET status = ?3, updated_at = ?4 WHERE id = ?1 AND status = ?2`)
          .bind(id, from, to, at),
        db
          .prepare(
            `INSERT INTO program_request_events (id, kind, request_id, from_status, to_status, actor, actor_id, at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
              WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ?3 AND status = ?5 AND updated_at = ?8)`,
          )
          .bind(randomId(), kind, id, from, to, actor.role, actor.id, at),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, 'programs.statusMail', r.locale, r.email, json_object('name', r.name, 'statusKey', ?2), ?3
               FROM (${SELECT[kind]}) r
              WHERE r.id = ?4 AND r.status = ?5 AND r.updatedAt = ?3`,
          )
          .bind(notificationId, requestStatusKey(kind, to), at, id, to),
      ])
      const moved = (updated?.meta.changes ?? 0) === 1
      return { moved, notificationId: moved ? notificationId : null }
    },
  }
}

export type ProgramRequestStore = ReturnType<typeof createProgramRequestStore>
