import type { Database } from './database'
/**
 * Staff answers to quotes (an offer) and trade-in valuations (the final value after the inspection), in D1. Each is
 * saved with its staff action (who, when, old and new status, note) and the customer's e-mail in one batch, and only
 * for a record of the staff member's own country.
 */

import type { Money } from '../domain/money'
import type { OutboxMail } from './credentials'
import { randomId } from './ids'

export interface CountryQuote {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string
  locale: string
  configurationId: string
  price: Money | null
  status: 'requested' | 'offered'
  offer: Money | null
  offerNote: string | null
}

export interface CountryValuation {
  id: string
  createdAt: string
  vin: string
  plate: string
  ownerName: string
  ownerId: string | null
  locale: string
  car: string
  estimate: Money
  final: Money | null
  inspectedAt: string | null
  inspectionNote: string | null
}

/** A staff action on a quote or valuation, for the audit log. */
export interface StaffActionRow {
  recordKind: 'quote' | 'tradeIn'
  recordId: string
  action: string
  from: string | null
  to: string
  note: string
  actorId: string
  at: string
}

const moneyOf = (amount: number | null, currency: string | null): Money | null =>
  amount === null || currency === null ? null : { amount, currency: currency as Money['currency'] }

/**
 * The customer's e-mail about a staff reply, queued in the same batch and only if the reply was saved: the record
 * still carries the reply's time (`column` = `at`) when the insert runs.
 */
function replyNotificationInsert(
  db: Database,
  notificationId: string,
  mail: OutboxMail,
  at: string,
  saved: { table: 'quote_requests' | 'trade_in_valuations'; column: 'offered_at' | 'inspected_at'; id: string },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM ${saved.table} WHERE id = ?7 AND ${saved.column} = ?6)`,
    )
    .bind(notificationId, mail.kind, mail.locale, mail.recipient, JSON.stringify(mail.payload), at, saved.id)
}

function actionInsert(
  db: Database,
  input: {
    country: string
    actorId: string
    kind: 'quote' | 'tradeIn' | 'order' | 'financeApplication' | 'subscription' | 'charger' | 'testDrive'
    id: string
    action: string
    from: string | null
    to: string
    note: string
    at: string
  },
  guard: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO staff_actions (id, country_code, actor_id, record_kind, record_id, action, from_status, to_status, note, at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ${guard}`,
    )
    .bind(
      randomId(),
      input.country,
      input.actorId,
      input.kind,
      input.id,
      input.action,
      input.from,
      input.to,
      input.note,
      input.at,
    )
}

/**
 * @example
 * const replies = createStaffReplyStore(env.DB)
 * const quotes = await replies.quotesOf('NO')
 */
export function createStaffReplyStore(db: Database) {
  return {
    /** The country's newest quotes, or with `id` only that one (one row read, however old it is). */
    async quotesOf(country: string, limit = 100, id: string | null = null): Promise<CountryQuote[]> {
      const { results } = await db
        .prepare(
          `SELECT id, created_at AS createdAt, name, email, phone, locale, configuration_id AS configurationId,
             CASE WHEN json_valid(price) THEN json_extract(price, '$.totalInclVat') END AS priceAmount, CASE WHEN json_valid(price) THEN json_extract(price, '$.currency') END AS currency,
             status, offer_amount AS offerAmount, offer_note AS offerNote
           FROM quote_requests WHERE country_code = ?1 AND (?3 IS NULL OR id = ?3) ORDER BY created_at DESC LIMIT ?2`,
        )
        .bind(country, limit, id)
        .all<
          Omit<CountryQuote, 'price' | 'offer' | 'status'> & {
            priceAmount: number | null
            currency: string | null
            status: string
            offerAmount: number | null
          }
        >()
      return results.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        name: r.name,
        email: r.email,
        phone: r.phone,
        locale: r.locale,
        configurationId: r.configurationId,
        price: moneyOf(r.priceAmount, r.currency),
        status: r.status === 'offered' ? 'offered' : 'requested',
        offer: moneyOf(r.offerAmount, r.currency),
        offerNote: r.offerNote,
      }))
    },

    /** The country's newest valuations, or with `id` only that one (one row read, however old it is). */
    async valuationsOf(country: string, limit = 100, id: string | null = null): Promise<CountryValuation[]> {
      const { results } = await db
        .prepare(
          `SELECT id, created_at AS createdAt, vin, plate, owner_name AS ownerName, owner_id AS ownerId, locale,
             brand || ' ' || series AS car, estimate_amount AS estimateAmount, currency, final_amount AS finalAmount,
             inspected_at AS inspectedAt, inspection_note AS inspectionNote
           FROM trade_in_valuations WHERE country_code = ?1 AND (?3 IS NULL OR id = ?3)
           ORDER BY created_at DESC LIMIT ?2`,
        )
        .bind(country, limit, id)
        .all<
          Omit<CountryValuation, 'estimate' | 'final'> & {
            estimateAmount: number
            currency: string
            finalAmount: number | null
          }
        >()
      return results.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        vin: r.vin,
        plate: r.plate,
        ownerName: r.ownerName,
        ownerId: r.ownerId,
        locale: r.locale,
        car: r.car,
        estimate: { amount: r.estimateAmount, currency: r.currency as Money['currency'] },
        final: moneyOf(r.finalAmount, r.currency),
        inspectedAt: r.inspectedAt,
        inspectionNote: r.inspectionNote,
      }))
    },

    /**
     * Replies to a quote of the country with an offer (again, if one was made before); false when there is no such
     * quote in the country. The customer is e-mailed in the same batch.
     */
    async offerQuote(input: {
      country: string
      actorId: string
      quoteId: string
      offer: Money
      note: string
      now: Date
      mail: (quote: CountryQuote) => OutboxMail
    }): Promise<{ notificationId: string } | null> {
      const quote = (await this.quotesOf(input.country, 1, input.quoteId))[0]
      if (!quote) return null
      const at = input.now.toISOString()
      const notificationId = randomId()
      const mail = input.mail(quote)
      const guard = 'EXISTS (SELECT 1 FROM quote_requests WHERE id = ?5 AND offered_at = ?10)'
      await db.batch([
        db
          .prepare(
            `UPDATE quote_requests SET status = 'offered', offer_amount = ?3, offer_note = ?4, offered_at = ?5
             WHERE id = ?1 AND country_code = ?2`,
          )
          .bind(input.quoteId, input.country, input.offer.amount, input.note, at),
        actionInsert(
          db,
          {
            country: input.country,
            actorId: input.actorId,
            kind: 'quote',
            id: input.quoteId,
            action: 'offer',
            from: quote.status,
            to: 'offered',
            note: input.note,
            at,
          },
          guard,
        ),
        replyNotificationInsert(db, notificationId, mail, at, {
          table: 'quote_requests',
          column: 'offered_at',
          id: input.quoteId,
        }),
      ])
      return { notificationId }
    },

    /**
     * Sets a valuation's final value after the inspection (the estimate confirmed, or adjusted); false when there is
     * no such valuation in the country. A signed-in owner is e-mailed in the same batch.
     */
    async inspectTradeIn(input: {
      country: string
      actorId: string
      valuationId: string
      final: Money
      note: string
      now: Date
      mail: (valuation: CountryValuation) => Promise<OutboxMail | null>
    }): Promise<{ notificationId: string | null } | null> {
      const valuation = (await this.valuationsOf(input.country, 1, input.valuationId))[0]
      if (!valuation) return null
      const at = input.now.toISOString()
      const mail = await input.mail(valuation)
      const notificationId = mail ? randomId() : null
      const guard = 'EXISTS (SELECT 1 FROM trade_in_valuations WHERE id = ?5 AND inspected_at = ?10)'
      await db.batch([
        db
          .prepare(
            `UPDATE trade_in_valuations SET final_amount = ?3, inspection_note = ?4, inspected_at = ?5, updated_at = ?5
             WHERE id = ?1 AND country_code = ?2`,
          )
          .bind(input.valuationId, input.country, input.final.amount, input.note, at),
        actionInsert(
          db,
          {
            country: input.country,
            actorId: input.actorId,
            kind: 'tradeIn',
            id: input.valuationId,
            action: input.final.amount === valuation.estimate.amount ? 'confirm' : 'adjust',
            from: valuation.final ? 'inspected' : 'estimated',
            to: 'inspected',
            note: input.note,
            at,
          },
          guard,
        ),
        ...(mail && notificationId
          ? [
              replyNotificationInsert(db, notificationId, mail, at, {
                table: 'trade_in_valuations',
                column: 'inspected_at',
                id: input.valuationId,
              }),
            ]
          : []),
      ])
      return { notificationId }
    },

    /**
     * The note staff gave with a change of an order, finance application or request (whose event is kept in the
     * record's own events table); shown with that event in the audit log.
     */
    async addNote(input: {
      country: string
      actorId: string
      kind: 'order' | 'financeApplication' | 'subscription' | 'charger' | 'testDrive'
      id: string
      to: string
      note: string
      now: Date
    }): Promise<void> {
      await actionInsert(
        db,
        {
          country: input.country,
          actorId: input.actorId,
          kind: input.kind,
          id: input.id,
          action: 'note',
          from: null,
          to: input.to,
          note: input.note,
          at: input.now.toISOString(),
        },
        '1',
      ).run()
    },

    /** The country's staff actions on quotes and valuations, newest first (part of the audit log). */
    async actionsOf(country: string, limit = 200): Promise<StaffActionRow[]> {
      const { results } = await db
        .prepare(
          `SELECT record_kind AS recordKind, record_id AS recordId, action, from_status AS "from", to_status AS "to", note,
             actor_id AS actorId, at
           FROM staff_actions WHERE country_code = ?1 ORDER BY at DESC LIMIT ?2`,
        )
        .bind(country, limit)
        .all<StaffActionRow>()
      return results
    },
  }
}

export type StaffReplyStore = ReturnType<typeof createStaffReplyStore>
