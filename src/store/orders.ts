import { z } from 'zod'
import type { Order } from '../domain/order/order'
import { CLOSED_STATUSES } from '../domain/order/repeat'
import { OrderSchema } from '../domain/order/schema'
import { releasesStock } from '../domain/stock/stock'
import { type BadRecordLog, badRecordLog, UnreadableRecordError } from './bad-records'
import type { Database } from './database'
import { randomId } from './ids'
import { forgetStockLists, returnStockStatements, stockTakenGuard, takeStockStatement } from './stock'

export interface StoredOrder {
  id: string
  ownerId: string | null
  configurationId: string
  order: Order
}

/**
 * The e-mail a customer gets after an order event: what they asked for, what was decided about it, and where the car
 * is. Internal steps (contract signed, purchase order, a payment recorded by staff) are shown on the timeline only; the
 * start of the preparation is mailed for the delivery window it narrows.
 */
const MAIL_OF_EVENT: Record<string, string | undefined> = {
  paymentSucceeded: 'orderPaid',
  requestCancellation: 'cancellationRequested',
  approveCancellation: 'cancellationConfirmed',
  rejectCancellation: 'cancellationRejected',
  requestRefund: 'refundRequested',
  withdrawRefund: 'refundWithdrawn',
  markRefunded: 'refundCompleted',
  issueRefund: 'refundIssued',
  refundSucceeded: 'refundSettled',
  allocate: 'carAllocated',
  ship: 'carShipped',
  // The last step before the handover moves the delivery window to a few days: the customer is told the new one.
  startPreparation: 'deliveryWindowMoved',
  deliver: 'carDelivered',
  withdraw: 'withdrawalReceived',
}

export type PlaceOutcome =
  | { status: 'created' | 'duplicate'; id: string; notificationId: string | null }
  /** A quick-delivery order whose car was sold out: nothing was written. */
  | { status: 'outOfStock'; id: null; notificationId: null }
  /** The customer already placed an order for the same car (another form, another tab): nothing was written. */
  | { status: 'sameSubmitted'; id: null; notificationId: null }

interface Row {
  id: string
  owner_id: string | null
  configuration_id: string
  document: string | null
}

/** A row as a stored order; null for a row without a document or one that fails OrderSchema (reported). */
function toStored(row: Row, bad: BadRecordLog): StoredOrder | null {
  if (!row.document) return null
  const order = bad.parse(OrderSchema, row.document, { table: 'orders', id: row.id })
  return order ? { id: row.id, ownerId: row.owner_id, configurationId: row.configuration_id, order } : null
}

/**
 * Orders in D1. Placing is idempotent (the form's key is unique), marks the configuration
 * submitted and writes the confirmation to the outbox in one batch; every change is saved with the
 * event that caused it, and only if nobody changed the order in between.
 */
export function createOrderStore(db: Database, bad: BadRecordLog = badRecordLog()) {
  return {
    async place(input: {
      order: Order
      idempotencyKey: string
      configurationId: string
      ownerId: string
      locale: string
      price: unknown
      recipient: string
      /** A quick-delivery car: the order takes one unit, or is not placed at all. */
      stockCarId?: string | null
      /** The car's choices key: one order per customer and car (a unique index). */
      carKey: string
    }): Promise<PlaceOutcome> {
      const id = randomId()
      const notificationId = randomId()
      const { order } = input
      const at = order.updatedAt
      const stockCarId = input.stockCarId ?? null
      const take = stockCarId ? [takeStockStatement(db, stockCarId, id, input.idempotencyKey)] : []
      const batch = [
        ...take,
        db
          .prepare(
            `INSERT INTO orders (id, configuration_id, country_code, created_at, owner_id, kind, number, status, payment_status,
               idempotency_key, locale, usage, personal, consents, price, currency, total_amount, due_today, updated_at, document,
               stock_car_id, car_key)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?4, ?19, ?20, ?21
              WHERE ${stockTakenGuard('?20', '?1')}
             ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          )
          .bind(
            id,
            input.configurationId,
            order.country,
            at,
            input.ownerId,
            order.kind,
            order.orderNumber ?? order.reservationNumber,
            order.status,
            order.payment,
            input.idempotencyKey,
            input.locale,
            order.contact.usage,
            JSON.stringify(order.contact),
            JSON.stringify(order.consents),
            JSON.stringify(input.price),
            order.amounts.totalInclVat.currency,
            order.amounts.totalInclVat.amount,
            order.amounts.dueToday.amount,
            JSON.stringify(order),
            stockCarId,
            input.carKey,
          ),
        db
          .prepare(
            `INSERT INTO order_events (id, order_id, type, actor, actor_id, from_status, to_status, at)
             SELECT ?1, ?2, 'placed', 'customer', ?3, NULL, ?4, ?5 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2)`,
          )
          .bind(randomId(), id, input.ownerId, order.status, at),
        db
          .prepare(
            `UPDATE configurations SET submitted_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM orders WHERE id = ?3)`,
          )
          .bind(input.configurationId, at, id),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, 'orderPlaced', ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?6)`,
          )
          .bind(
            notificationId,
            input.locale,
            input.recipient,
            JSON.stringify({
              orderId: id,
              name: order.contact.firstName,
              number: order.orderNumber ?? order.reservationNumber,
              kind: order.kind,
            }),
            at,
            id,
          ),
      ]
      let results: D1Result<{ id: string }>[]
      try {
        results = await db.batch<{ id: string }>(batch)
      } catch (error) {
        // A refused stock order may mean the list this isolate kept is out of date.
        if (stockCarId) forgetStockLists()
        // The same car's order from another form won the race: the whole batch (stock unit included) rolled back.
        if (!/UNIQUE constraint failed: orders\.owner_id, orders\.car_key/.test(String(error))) throw error
        const earlier = await db
          .prepare('SELECT id FROM orders WHERE idempotency_key = ?1')
          .bind(input.idempotencyKey)
          .first<{ id: string }>()
        return earlier
          ? { status: 'duplicate', id: earlier.id, notificationId: null }
          : { status: 'sameSubmitted', id: null, notificationId: null }
      }
      // A unit taken, or one refused as sold out: the next stock list of this isolate reads D1 (store/stock.ts).
      if (stockCarId) forgetStockLists()
      if (results[take.length]?.results[0]) return { status: 'created', id, notificationId }
      const earlier = await db
        .prepare('SELECT id FROM orders WHERE idempotency_key = ?1')
        .bind(input.idempotencyKey)
        .first<{ id: string }>()
      if (!earlier && stockCarId) return { status: 'outOfStock', id: null, notificationId: null }
      return { status: 'duplicate', id: earlier?.id ?? id, notificationId: null }
    },

    /**
     * The customer's order still under way for the same car (its choices key), newest first, if any: the one a repeat
     * order is refused for. Orders from before the car's key was stored are matched through their saved build.
     */
    async openOrderForCar(
      ownerId: string,
      carKey: string,
    ): Promise<{ id: string; number: string | null; kind: string } | null> {
      return db
        .prepare(
          `SELECT o.id, o.number, o.kind FROM orders o LEFT JOIN configurations c ON c.id = o.configuration_id
            WHERE o.owner_id = ?1 AND (o.car_key = ?2 OR (o.car_key IS NULL AND c.choices_key = ?2))
              AND o.status NOT IN (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})
            ORDER BY o.created_at DESC LIMIT 1`,
        )
        .bind(ownerId, carKey)
        .first<{ id: string; number: string | null; kind: string }>()
    },

    /** The order a form's idempotency key already placed, if any. */
    async findByKey(idempotencyKey: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT id FROM orders WHERE idempotency_key = ?1')
        .bind(idempotencyKey)
        .first<{ id: string }>()
      return row?.id ?? null
    },

    /**
     * Open orders with price protection not yet checked on `day` (UTC date), oldest check first: the scheduled
     * check's next batch.
     */
    async dueForPriceCheck(day: string, limit = 100): Promise<StoredOrder[]> {
      const { results } = await db
        .prepare(
          `SELECT id, owner_id, configuration_id, document FROM orders
            WHERE document IS NOT NULL AND json_valid(document) AND json_extract(document, '$.priceProtection') IS NOT NULL
              AND status NOT IN (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})
              AND (price_checked_at IS NULL OR price_checked_at < ?1)
            ORDER BY price_checked_at LIMIT ?2`,
        )
        .bind(day, limit)
        .all<Row>()
      return results.map((row) => toStored(row, bad)).filter((o): o is StoredOrder => o !== null)
    },

    /** Orders waiting for a refund that has none under way (a crash between the two writes): for the reconciliation. */
    async refundPendingWithoutRefund(limit = 50): Promise<StoredOrder[]> {
      const { results } = await db
        .prepare(
          `SELECT o.id, o.owner_id, o.configuration_id, o.document FROM orders o
            WHERE o.status = 'refundPending' AND o.document IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status IN ('requested', 'pending', 'succeeded'))
            LIMIT ?1`,
        )
        .bind(limit)
        .all<Row>()
      return results.map((row) => toStored(row, bad)).filter((o): o is StoredOrder => o !== null)
    },

    /** Marks orders as price-checked at `at` (the scheduled check, whether or not a price fell). */
    async markPriceChecked(ids: readonly string[], at: string): Promise<void> {
      if (ids.length === 0) return
      await db.batch(ids.map((id) => db.prepare('UPDATE orders SET price_checked_at = ?2 WHERE id = ?1').bind(id, at)))
    },

    /**
     * Saves an order at its lower price (price protection) with the quote it now has, its event and its e-mail, only
     * if it is unchanged since `before`. Answers the e-mail's outbox id, or null when someone changed it first.
     */
    async lowerPrice(id: string, before: Order, after: Order, quote: unknown): Promise<string | null> {
      const notificationId = randomId()
      const [updated] = await db.batch([
        db
          .prepare(
            `UPDATE orders SET document = ?2, price = ?3, total_amount = ?4, updated_at = ?5 WHERE id = ?1 AND updated_at = ?6`,
          )
          .bind(
            id,
            JSON.stringify(after),
            JSON.stringify(quote),
            after.amounts.totalInclVat.amount,
            after.updatedAt,
            before.updatedAt,
          ),
        db
          .prepare(
            `INSERT INTO order_events (id, order_id, type, actor, actor_id, from_status, to_status, at)
             SELECT ?1, ?2, 'priceLowered', 'system', NULL, ?3, ?3, ?4 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND updated_at = ?4)`,
          )
          .bind(randomId(), id, after.status, after.updatedAt),
        db
          .prepare(
            `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
             SELECT ?1, 'priceLowered', o.locale, json_extract(o.personal, '$.email'), ?2, ?3 FROM orders o
              WHERE o.id = ?4 AND o.updated_at = ?3`,
          )
          .bind(
            notificationId,
            JSON.stringify({
              orderId: id,
              name: after.contact.firstName,
              number: after.orderNumber ?? after.reservationNumber,
            }),
            after.updatedAt,
            id,
          ),
      ])
      return (updated?.meta.changes ?? 0) === 1 ? notificationId : null
    },

    /** The latest orders of a country, for its staff. */
    async ofCountry(country: string, limit = 100): Promise<StoredOrder[]> {
      const { results } = await db
        .prepare(
          'SELECT id, owner_id, configuration_id, document FROM orders WHERE country_code = ?1 AND document IS NOT NULL ORDER BY created_at DESC LIMIT ?2',
        )
        .bind(country, limit)
        .all<Row>()
      return results.map((row) => toStored(row, bad)).filter((o): o is StoredOrder => o !== null)
    },

    /** The price an order was placed with, as stored (the price engine's quote at that moment), or null. */
    async priceOf(id: string): Promise<unknown> {
      const row = await db.prepare('SELECT price FROM orders WHERE id = ?1').bind(id).first<{ price: string | null }>()
      // The caller checks the quote's shape (it is only ever shown, never charged from).
      return row?.price ? bad.parse(z.unknown(), row.price, { table: 'orders.price', id }) : null
    },

    /** An order by its id; null when there is none, UnreadableRecordError when its row cannot be read. */
    async find(id: string): Promise<StoredOrder | null> {
      const row = await db
        .prepare('SELECT id, owner_id, configuration_id, document FROM orders WHERE id = ?1')
        .bind(id)
        .first<Row>()
      if (!row?.document) return null
      const stored = toStored(row, bad)
      if (!stored) throw new UnreadableRecordError('orders', id)
      return stored
    },

    /**
     * Saves an order after a transition, with its events and the customer's e-mails, only if it is unchanged since
     * `before`; `saved` is false when someone else changed it first (the caller reloads and decides again). The
     * e-mails' outbox ids are returned for immediate delivery (the sweep sends them otherwise).
     */
    async update(
      id: string,
      before: Order,
      after: Order,
      events: readonly { type: string; actor: string; from: string | null; to: string | null; at: string }[],
      actorId: string | null,
      /** Values the e-mails of these events show besides the order's (an amount, the provider's reference, a date). */
      mailValues: Record<string, string | number> = {},
    ): Promise<{ saved: boolean; notificationIds: string[] }> {
      const mails = events.flatMap((event) => {
        const kind = MAIL_OF_EVENT[event.type]
        return kind ? [{ id: randomId(), kind }] : []
      })
      const releases = releasesStock(before.status, after.status)
      const [updated] = await db.batch([
        db
          .prepare(
            `UPDATE orders SET document = ?2, status = ?3, payment_status = ?4, paid_amount = ?5, updated_at = ?6
              WHERE id = ?1 AND updated_at = ?7`,
          )
          .bind(
            id,
            JSON.stringify(after),
            after.status,
            after.payment,
            after.amounts.paidFee.amount,
            after.updatedAt,
            before.updatedAt,
          ),
        ...events.map((event) =>
          db
            .prepare(
              `INSERT INTO order_events (id, order_id, type, actor, actor_id, from_status, to_status, at)
               SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND updated_at = ?9)`,
            )
            .bind(randomId(), id, event.type, event.actor, actorId, event.from, event.to, event.at, after.updatedAt),
        ),
        ...mails.map((mail) =>
          db
            .prepare(
              `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
               SELECT ?1, ?2, o.locale, json_extract(o.personal, '$.email'), ?3, ?4 FROM orders o
                WHERE o.id = ?5 AND o.updated_at = ?4`,
            )
            .bind(
              mail.id,
              mail.kind,
              JSON.stringify({
                ...mailValues,
                orderId: id,
                name: after.contact.firstName,
                number: after.orderNumber ?? after.reservationNumber,
                // When it happened, in the order's country's time (a withdrawal's acknowledgement states it).
                at: after.updatedAt,
                country: after.country,
              }),
              after.updatedAt,
              id,
            ),
        ),
        // A quick-delivery car goes back on sale when its order's cancellation completes.
        ...(releases ? returnStockStatements(db, id, after.updatedAt) : []),
      ])
      // A unit given back: the next stock list of this isolate reads D1 (store/stock.ts).
      if (releases) forgetStockLists()
      const saved = (updated?.meta.changes ?? 0) === 1
      return { saved, notificationIds: saved ? mails.map((mail) => mail.id) : [] }
    },
  }
}

export type OrderStore = ReturnType<typeof createOrderStore>
