import type { ChargerEnquiry } from '../domain/charger/enquiry'
import type { NormalisedPersonal } from '../domain/order/personal'
import type { SubscriptionOffer } from '../domain/subscription/offer'
import type { ValidTradeIn } from '../domain/tradein/validate'
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

/** Outcome of saving a valuation: stored (new or the same customer's again), or the VIN is someone else's. */
export type ValuationOutcome = { status: 'saved'; id: string } | { status: 'vinTaken' }

/** Outcome of a request stored once per submission: the first one's id on a retry. */
export interface RequestOutcome {
  id: string
  notificationId: string | null
}

/**
 * Trade-in valuations, home-charger enquiries and subscription requests in D1. Enquiries and requests carry an
 * idempotency key and write their confirmation e-mail into the outbox in the same batch (as test drives do).
 */
export function createProgramStore(db: D1Database) {
  async function once(
    table: 'charger_enquiries' | 'subscription_requests',
    insert: D1PreparedStatement,
    mail: { id: string; kind: string; locale: string; recipient: string; payload: unknown; at: string; rowId: string },
    idempotencyKey: string,
  ): Promise<RequestOutcome> {
    const [inserted] = await db.batch<{ id: string }>([
      insert,
      db
        .prepare(
          `INSERT INTO notifications (id, kind, locale, recipient, payload, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ?7)`,
        )
        .bind(mail.id, mail.kind, mail.locale, mail.recipient, JSON.stringify(mail.payload), mail.at, mail.rowId),
    ])
    if (inserted?.results[0]) return { id: mail.rowId, notificationId: mail.id }
    const earlier = await db
      .prepare(`SELECT id FROM ${table} WHERE idempotency_key = ?1`)
      .bind(idempotencyKey)
      .first<{ id: string }>()
    return { id: earlier?.id ?? mail.rowId, notificationId: null }
  }

  return {
    /**
     * Stores a valuation under its VIN in one statement: a new VIN is inserted; a known VIN is updated only for
     * the customer who valued it (the same signed-in customer, or the same plate number: whoever holds the VIN
     * and the plate holds the registration certificate), else it is refused. A VIN an order was placed with is
     * refused to everyone: the order keeps the estimate it was placed with.
     */
    async saveValuation(input: {
      tradeIn: ValidTradeIn
      ownerId: string | null
      countryCode: string
      locale: string
      estimate: { amount: number; currency: string }
      modelValidFrom: string
      now: Date
    }): Promise<ValuationOutcome> {
      const { tradeIn } = input
      const at = input.now.toISOString()
      const row = await db
        .prepare(
          `INSERT INTO trade_in_valuations
             (id, vin, owner_id, owner_name, plate, country_code, locale, brand, series, variant,
              first_registration_year, mileage_km, estimate_amount, currency, model_valid_from, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16)
           ON CONFLICT (vin) DO UPDATE SET
             owner_id = COALESCE(trade_in_valuations.owner_id, excluded.owner_id), owner_name = excluded.owner_name,
             country_code = excluded.country_code, locale = excluded.locale, brand = excluded.brand,
             series = excluded.series, variant = excluded.variant,
             first_registration_year = excluded.first_registration_year, mileage_km = excluded.mileage_km,
             estimate_amount = excluded.estimate_amount, currency = excluded.currency,
             model_valid_from = excluded.model_valid_from, updated_at = excluded.updated_at
           WHERE trade_in_valuations.order_id IS NULL
             AND ((excluded.owner_id IS NOT NULL AND trade_in_valuations.owner_id = excluded.owner_id)
               OR trade_in_valuations.plate = excluded.plate)
           RETURNING id`,
        )
        .bind(
          randomId(),
          tradeIn.vin,
          input.ownerId,
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

    async findValuation(id: string): Promise<TradeInValuationRecord | null> {
      return db
        .prepare(
          `SELECT id, vin, owner_name AS ownerName, plate, country_code AS countryCode, brand, series, variant,
                  first_registration_year AS firstRegistrationYear, mileage_km AS mileageKm,
                  estimate_amount AS estimateAmount, currency, created_at AS createdAt, updated_at AS updatedAt
             FROM trade_in_valuations WHERE id = ?1`,
        )
        .bind(id)
        .first<TradeInValuationRecord>()
    },

    /** Keeps the trade-in estimate an order was placed with; an estimate goes with one order only. */
    async attachTradeIn(orderId: string, valuationId: string): Promise<void> {
      await db
        .prepare('UPDATE trade_in_valuations SET order_id = ?1 WHERE id = ?2 AND order_id IS NULL')
        .bind(orderId, valuationId)
        .run()
    },

    /** The valuation an order was placed with, or null. */
    async tradeInOfOrder(orderId: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT id FROM trade_in_valuations WHERE order_id = ?1 LIMIT 1')
        .bind(orderId)
        .first<{ id: string }>()
      return row?.id ?? null
    },

    /** Stores a home-charger enquiry once per submission, with its confirmation e-mail. */
    async createChargerEnquiry(input: {
      idempotencyKey: string
      enquiry: ChargerEnquiry
      countryCode: string
      locale: string
      ownerId: string | null
      now: Date
    }): Promise<RequestOutcome> {
      const id = randomId()
      const at = input.now.toISOString()
      const e = input.enquiry
      return once(
        'charger_enquiries',
        db
          .prepare(
            `INSERT INTO charger_enquiries
               (id, idempotency_key, country_code, locale, name, email, phone, street, zip, city, house_type,
                installation_window, owner_id, privacy_accepted_at, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14)
             ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          )
          .bind(
            id,
            input.idempotencyKey,
            input.countryCode,
            input.locale,
            e.name,
            e.email,
            e.phone,
            e.street,
            e.zip,
            e.city,
            e.houseType,
            e.installationWindow,
            input.ownerId,
            at,
          ),
        {
          id: randomId(),
          kind: 'charger.mail',
          locale: input.locale,
          recipient: e.email,
          payload: { enquiryId: id, name: e.name },
          at,
          rowId: id,
        },
        input.idempotencyKey,
      )
    },

    async findChargerEnquiry(id: string): Promise<{ id: string; name: string; email: string } | null> {
      return db
        .prepare('SELECT id, name, email FROM charger_enquiries WHERE id = ?1')
        .bind(id)
        .first<{ id: string; name: string; email: string }>()
    },

    /** Stores a subscription request once per submission, with the offer as shown and its confirmation e-mail. */
    async createSubscriptionRequest(input: {
      idempotencyKey: string
      offer: SubscriptionOffer
      personal: NormalisedPersonal
      consents: { privacy: string; marketing: string | null }
      countryCode: string
      locale: string
      ownerId: string | null
      now: Date
    }): Promise<RequestOutcome> {
      const id = randomId()
      const at = input.now.toISOString()
      const name = `${input.personal.firstName} ${input.personal.lastName}`
      return once(
        'subscription_requests',
        db
          .prepare(
            `INSERT INTO subscription_requests
               (id, idempotency_key, country_code, locale, offer, personal, consents, owner_id, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          )
          .bind(
            id,
            input.idempotencyKey,
            input.countryCode,
            input.locale,
            JSON.stringify(input.offer),
            JSON.stringify(input.personal),
            JSON.stringify(input.consents),
            input.ownerId,
            at,
          ),
        {
          id: randomId(),
          kind: 'subscription.mail',
          locale: input.locale,
          recipient: input.personal.email,
          payload: { requestId: id, name },
          at,
          rowId: id,
        },
        input.idempotencyKey,
      )
    },
  }
}

export type ProgramStore = ReturnType<typeof createProgramStore>
