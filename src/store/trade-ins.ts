import type { ValidTradeIn } from '../domain/tradein/validate'
import type { Database } from './database'
import { randomId } from './ids'

/**
 * A stored trade-in valuation.
 *
 * @example
 * const v: TradeInValuationRecord = { id, vin: 'XNVP5AAA0R0000001', ... }
 */
export interface TradeInValuationRecord {
  id: string
  vin: string
  ownerName: string
  plate: string
  countryCode: string
  brand: string
  series: string
  variant: string
  firstRegistrationYear: number
  mileageKm: number
  estimateAmount: number
  currency: string
  createdAt: string
  updatedAt: string
}

/**
 * Who a valuation belongs to: the signed-in customer, else the browser that made it (the SHA-256 of the random key
 * in its trade-in cookie). A valuation is found, valued again and attached only by its owner.
 */
export interface TradeInOwner {
  userId: string | null
  browserKey: string | null
}

/** Outcome of saving a valuation: stored (new or the owner's again), or the VIN was placed with an order. */
export type ValuationOutcome = { status: 'saved'; id: string } | { status: 'vinTaken' }

/** Trade-in valuations in D1: each belongs to its owner (customer or browser) and can be attached to one order. */
export function createTradeInStore(db: Database) {
  return {
    /**
     * Stores a valuation in one statement: the owner's first valuation of a VIN is inserted, their next one updates
     * it; anyone else valuing the same car gets their own record. A VIN placed with an order is refused to everyone
     * ("this VIN already matched other orders"): the order keeps the estimate it was placed with.
     */
    async saveValuation(input: {
      tradeIn: ValidTradeIn
      owner: TradeInOwner
      countryCode: string
      locale: string
      estimate: { amount: number; currency: string }
      modelValidFrom: string
      now: Date
    }): Promise<ValuationOutcome> {
      const { tradeIn, owner } = input
      const ownerKey = owner.userId ? `u:${owner.userId}` : owner.browserKey ? `b:${owner.browserKey}` : null
      if (!ownerKey) throw new Error('a valuation needs an owner')
      const at = input.now.toISOString()
      const row = await db
        .prepare(
          `INSERT INTO trade_in_valuations
             (id, vin, owner_id, browser_key, owner_key, owner_name, plate, country_code, locale, brand, series,
              variant, first_registration_year, mileage_km, estimate_amount, currency, model_valid_from, created_at,
              updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18
            WHERE NOT EXISTS (SELECT 1 FROM trade_in_valuations WHERE vin = ?2 AND order_id IS NOT NULL)
           ON CONFLICT (vin, owner_key) DO UPDATE SET
             owner_name = excluded.owner_name, plate = excluded.plate,
             country_code = excluded.country_code, locale = excluded.locale, brand = excluded.brand,
             series = excluded.series, variant = excluded.variant,
             first_registration_year = excluded.first_registration_year, mileage_km = excluded.mileage_km,
             estimate_amount = excluded.estimate_amount, currency = excluded.currency,
             model_valid_from = excluded.model_valid_from, updated_at = excluded.updated_at
           WHERE trade_in_valuations.order_id IS NULL
           RETURNING id`,
        )
        .bind(
          randomId(),
          tradeIn.vin,
          owner.userId,
          owner.userId ? null : owner.browserKey,
          ownerKey,
          tradeIn.owner,
          tradeIn.plate,
          input.countryCode,
          input.locale,
          tradeIn.car.brand,
          tradeIn.car.series,
          tradeIn.car.variant,
          tradeIn.firstRegistrationYear,
          tradeIn.mileageKm,
          input.estimate.amount,
          input.estimate.currency,
          input.modelValidFrom,
          at,
        )
        .first<{ id: string }>()
      return row ? { status: 'saved', id: row.id } : { status: 'vinTaken' }
    },

    /** The owner's valuation with this id, or null (unknown, or someone else's: the same answer). */
    async findValuation(id: string, owner: TradeInOwner): Promise<TradeInValuationRecord | null> {
      if (!owner.userId && !owner.browserKey) return null
      return db
        .prepare(
          `SELECT id, vin, owner_name AS ownerName, plate, country_code AS countryCode, brand, series, variant,
                  first_registration_year AS firstRegistrationYear, mileage_km AS mileageKm,
                  estimate_amount AS estimateAmount, currency, created_at AS createdAt, updated_at AS updatedAt
             FROM trade_in_valuations
            WHERE id = ?1 AND ((?2 IS NOT NULL AND owner_id = ?2) OR (?3 IS NOT NULL AND browser_key = ?3))`,
        )
        .bind(id, owner.userId, owner.browserKey)
        .first<TradeInValuationRecord>()
    },

    /**
     * Keeps the trade-in estimate an order was placed with, if the valuation is the owner's: an estimate goes with
     * one order only, and one valuation of a VIN at most is on an order (a unique index; a second is ignored). The
     * order's customer becomes the valuation's owner. Returns whether it was attached.
     */
    async attachTradeIn(orderId: string, valuationId: string, owner: TradeInOwner & { userId: string }) {
      const result = await db
        .prepare(
          `UPDATE OR IGNORE trade_in_valuations SET order_id = ?1, owner_id = ?3
            WHERE id = ?2 AND order_id IS NULL AND (owner_id = ?3 OR (?4 IS NOT NULL AND browser_key = ?4))`,
        )
        .bind(orderId, valuationId, owner.userId, owner.browserKey)
        .run()
      return result.meta.changes === 1
    },

    /** The valuation an order was placed with, read through the order that owns it (its e-mails), or null. */
    async valuationOfOrder(orderId: string): Promise<TradeInValuationRecord | null> {
      return db
        .prepare(
          `SELECT id, vin, owner_name AS ownerName, plate, country_code AS countryCode, brand, series, variant,
                  first_registration_year AS firstRegistrationYear, mileage_km AS mileageKm,
                  estimate_amount AS estimateAmount, currency, created_at AS createdAt, updated_at AS updatedAt
             FROM trade_in_valuations
            WHERE order_id = ?1
            LIMIT 1`,
        )
        .bind(orderId)
        .first<TradeInValuationRecord>()
    },

    /** The valuation an order was placed with, or null. */
    async tradeInOfOrder(orderId: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT id FROM trade_in_valuations WHERE order_id = ?1 LIMIT 1')
        .bind(orderId)
        .first<{ id: string }>()
      return row?.id ?? null
    },
  }
}
