/** What one customer started, for their profile: saved builds, orders, quotes and trade-in valuations, in D1. */

import type { Order } from '../domain/order/order'
import { OrderSchema } from '../domain/order/schema'
import { type BadRecordLog, badRecordLog } from './bad-records'
import type { Database } from './database'

export interface OwnedOrder {
  id: string
  createdAt: string
  order: Order
}

export interface OwnedQuote {
  id: string
  configurationId: string
  createdAt: string
  /** The store's offer, once staff replied (minor units of the quote's currency). */
  offerAmount: number | null
  offerNote: string | null
  currency: string | null
}

export interface OwnedValuation {
  id: string
  brand: string
  series: string
  plate: string
  estimateAmount: number
  currency: string
  orderId: string | null
  createdAt: string
  /** The value set at the inspection, and when. */
  finalAmount: number | null
  inspectedAt: string | null
}

/**
 * Data access for the profile's lists, always by owner and site country: a record of someone else is never read.
 *
 * @example
 * const records = createCustomerRecordStore(env.DB)
 * const orders = await records.ordersOf(user.id, 'NO')
 */
export function createCustomerRecordStore(db: Database, bad: BadRecordLog = badRecordLog()) {
  return {
    /** The ids of the owner's saved builds on a country site, newest first. */
    async buildIdsOf(ownerId: string, country: string): Promise<string[]> {
      const { results } = await db
        .prepare(
          'SELECT id FROM configurations WHERE owner_id = ?1 AND country_code = ?2 ORDER BY created_at DESC LIMIT 50',
        )
        .bind(ownerId, country)
        .all<{ id: string }>()
      return results.map((r) => r.id)
    },

    /**
     * Removes a saved build from the owner's garage: deleted when nothing was ordered or quoted from it, otherwise
     * only taken off the account (the order or quote keeps the car it was made for). False when it is not theirs.
     */
    async removeBuild(ownerId: string, id: string): Promise<boolean> {
      const [, deleted, unlinked] = await db.batch([
        db.prepare('DELETE FROM price_watches WHERE configuration_id = ?1 AND user_id = ?2').bind(id, ownerId),
        db
          .prepare(
            `DELETE FROM configurations WHERE id = ?1 AND owner_id = ?2
               AND NOT EXISTS (SELECT 1 FROM orders WHERE configuration_id = ?1)
               AND NOT EXISTS (SELECT 1 FROM quote_requests WHERE configuration_id = ?1)`,
          )
          .bind(id, ownerId),
        db.prepare('UPDATE configurations SET owner_id = NULL WHERE id = ?1 AND owner_id = ?2').bind(id, ownerId),
      ])
      return (deleted?.meta.changes ?? 0) + (unlinked?.meta.changes ?? 0) > 0
    },

    /** The owner's orders, reservations and pre-orders on a country site, by order number (newest first). */
    async ordersOf(ownerId: string, country: string): Promise<OwnedOrder[]> {
      const { results } = await db
        .prepare(
          `SELECT id, created_at AS createdAt, document FROM orders
           WHERE owner_id = ?1 AND country_code = ?2 AND document IS NOT NULL ORDER BY created_at DESC`,
        )
        .bind(ownerId, country)
        .all<{ id: string; createdAt: string; document: string }>()
      return results.flatMap((r) => {
        const order = bad.parse(OrderSchema, r.document, { table: 'orders', id: r.id })
        return order ? [{ id: r.id, createdAt: r.createdAt, order }] : []
      })
    },

    async quotesOf(ownerId: string, country: string): Promise<OwnedQuote[]> {
      const { results } = await db
        .prepare(
          `SELECT id, configuration_id AS configurationId, created_at AS createdAt, offer_amount AS offerAmount,
             offer_note AS offerNote, CASE WHEN json_valid(price) THEN json_extract(price, '$.currency') END AS currency FROM quote_requests
           WHERE owner_id = ?1 AND country_code = ?2 ORDER BY created_at DESC`,
        )
        .bind(ownerId, country)
        .all<OwnedQuote>()
      return results
    },

    /** The name and address of an account that has not been erased, to write to. */
    async ownerContact(ownerId: string): Promise<{ name: string; email: string } | null> {
      return db
        .prepare('SELECT name, email FROM users WHERE id = ?1 AND erased_at IS NULL')
        .bind(ownerId)
        .first<{ name: string; email: string }>()
    },

    async valuationsOf(ownerId: string, country: string): Promise<OwnedValuation[]> {
      const { results } = await db
        .prepare(
          `SELECT id, brand, series, plate, estimate_amount AS estimateAmount, currency, order_id AS orderId,
             created_at AS createdAt, final_amount AS finalAmount, inspected_at AS inspectedAt
           FROM trade_in_valuations WHERE owner_id = ?1 AND country_code = ?2 ORDER BY created_at DESC`,
        )
        .bind(ownerId, country)
        .all<OwnedValuation>()
      return results
    },
  }
}

export type CustomerRecordStore = ReturnType<typeof createCustomerRecordStore>
