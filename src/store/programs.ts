import type { ChargerEnquiry } from '../domain/charger/enquiry'
import type { NormalisedPersonal } from '../domain/order/personal'
import type { SubscriptionOffer } from '../domain/subscription/offer'
import type { Database } from './database'
import { randomId } from './ids'
import { createTradeInStore } from './trade-ins'

/** Outcome of a request stored once per submission: the first one's id on a retry. */
export interface RequestOutcome {
  id: string
  notificationId: string | null
}

/**
 * Trade-in valuations, home-charger enquiries and subscription requests in D1. Enquiries and requests carry an
 * idempotency key and write their confirmation e-mail into the outbox in the same batch (as test drives do).
 */
export function createProgramStore(db: Database) {
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
    ...createTradeInStore(db),

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
