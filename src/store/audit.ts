import type { Database } from './database'
/**
 * The audit log of staff actions, read from the events every change is saved with (order events, finance-application
 * events, request events): who did what to which record, when, from which status to which. The events are written in
 * the same batch as the change they record, so the log cannot miss one, and they hold no personal data of the
 * customer, so erasing a customer (src/store/privacy.ts) leaves the log whole.
 */

/** One staff action. `from` is null where the record had no status before (a first finance status). */
export interface AuditEntry {
  record: 'order' | 'financeApplication' | 'subscription' | 'charger' | 'testDrive' | 'quote' | 'tradeIn'
  recordId: string
  /** What staff call the record: an order's number, else the request's id. */
  reference: string
  /** The order event (`allocate`, `approveCancellation`…); 'status' for a request or finance application move. */
  action: string
  from: string | null
  to: string
  /** For order statuses: the order's kind and flow, which name them (`statusKey`). */
  orderKind: string | null
  orderFlow: string | null
  actorId: string | null
  actorName: string | null
  actorEmail: string | null
  /** The note staff gave with the action (quotes and trade-ins), or null. */
  note: string | null
  at: string
}

interface Row {
  record: AuditEntry['record']
  recordId: string
  reference: string | null
  action: string
  fromStatus: string | number | null
  toStatus: string | number
  orderKind: string | null
  orderFlow: string | null
  actorId: string | null
  actorName: string | null
  actorEmail: string | null
  erasedAt: string | null
  at: string
}

/**
 * Data access for the audit log of one country.
 *
 * @example
 * const entries = await createAuditStore(env.DB).ofCountry('NL')
 */
export function createAuditStore(db: Database) {
  return {
    /** The country's staff actions, newest first. */
    async ofCountry(country: string, limit = 200): Promise<AuditEntry[]> {
      const { results } = await db
        .prepare(
          `SELECT 'order' AS record, e.order_id AS recordId, o.number AS reference, e.type AS action,
             e.from_status AS fromStatus, e.to_status AS toStatus, o.kind AS orderKind,
             CASE WHEN json_valid(o.document) THEN json_extract(o.document, '$.flow') END AS orderFlow, e.actor_id AS actorId, e.at
           FROM order_events e JOIN orders o ON o.id = e.order_id
           WHERE e.actor = 'staff' AND o.country_code = ?1
           UNION ALL
           SELECT 'financeApplication', f.order_id, o.number, 'status', f.from_status, f.to_status, NULL, NULL,
             f.actor_id, f.at
           FROM finance_application_events f JOIN orders o ON o.id = f.order_id
           WHERE f.actor = 'staff' AND o.country_code = ?1
           UNION ALL
           SELECT e.kind, e.request_id, e.request_id, 'status', e.from_status, e.to_status, NULL, NULL, e.actor_id, e.at
           FROM program_request_events e
           WHERE e.actor = 'staff' AND (
             (e.kind = 'subscription' AND EXISTS (SELECT 1 FROM subscription_requests r WHERE r.id = e.request_id AND r.country_code = ?1))
             OR (e.kind = 'charger' AND EXISTS (SELECT 1 FROM charger_enquiries r WHERE r.id = e.request_id AND r.country_code = ?1))
             OR (e.kind = 'testDrive' AND EXISTS (SELECT 1 FROM test_drive_bookings r WHERE r.id = e.request_id AND r.country_code = ?1)))
           ORDER BY at DESC LIMIT ?2`,
        )
        .bind(country, limit)
        .all<Omit<Row, 'actorName' | 'actorEmail' | 'erasedAt'>>()
      // Answers to quotes and trade-in inspections are kept in their own table, with the staff member's note.
      const { results: actions } = await db
        .prepare(
          `SELECT record_kind AS record, record_id AS recordId, record_id AS reference, action, from_status AS fromStatus,
             to_status AS toStatus, NULL AS orderKind, NULL AS orderFlow, actor_id AS actorId, note, at
           FROM staff_actions WHERE country_code = ?1 ORDER BY at DESC LIMIT ?2`,
        )
        .bind(country, limit)
        .all<Omit<Row, 'actorName' | 'actorEmail' | 'erasedAt'> & { note: string }>()
      // A note given with a change of an order, finance application or request goes with that change's event: same
      // record, same staff member, within a few seconds. One that finds no event is listed on its own.
      const events = results.map((r) => ({ ...r, note: null as string | null }))
      const own: typeof actions = []
      for (const action of actions) {
        if (action.action !== 'note') {
          own.push(action)
          continue
        }
        const event = events.find(
          (e) =>
            e.record === action.record &&
            e.recordId === action.recordId &&
            e.actorId === action.actorId &&
            e.note === null &&
            Math.abs(Date.parse(e.at) - Date.parse(action.at)) < 5_000,
        )
        if (event) event.note = action.note
        else own.push(action)
      }
      const merged = [...events, ...own].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit)
      // D1 binds at most 100 parameters; a country has far fewer staff than that.
      const actorIds = [...new Set(merged.map((r) => r.actorId).filter((id): id is string => !!id))].slice(0, 90)
      const actors = new Map<string, { name: string; email: string; erasedAt: string | null }>()
      if (actorIds.length) {
        const { results: users } = await db
          .prepare(
            `SELECT id, name, email, erased_at AS erasedAt FROM users WHERE id IN (${actorIds.map((_, i) => `?${i + 1}`).join(', ')})`,
          )
          .bind(...actorIds)
          .all<{ id: string; name: string; email: string; erasedAt: string | null }>()
        for (const user of users) actors.set(user.id, user)
      }
      return merged.map((r) => {
        const actor = r.actorId ? actors.get(r.actorId) : undefined
        return {
          record: r.record,
          recordId: r.recordId,
          reference: r.reference ?? r.recordId,
          action: r.action,
          from: r.fromStatus === null ? null : String(r.fromStatus),
          to: String(r.toStatus),
          orderKind: r.orderKind,
          orderFlow: r.orderFlow,
          actorId: r.actorId,
          actorName: actor && !actor.erasedAt ? actor.name : null,
          actorEmail: actor && !actor.erasedAt ? actor.email : null,
          note: r.note,
          at: r.at,
        }
      })
    },
  }
}

export type AuditStore = ReturnType<typeof createAuditStore>
