import type { Database } from './database'
import { randomId } from './ids'

/** Customised finance offers kept until they expire (`POST /api/v1/finance-quotes` with `keep`). */
export function createFinanceOfferStore(db: Database) {
  return {
    /** Keeps a customised finance offer until it expires; returns its id. */
    async saveFinanceOffer(offer: {
      countryCode: string
      kind: string
      request: unknown
      quote: unknown
      createdAt: string
      expiresAt: string
    }): Promise<string> {
      const id = randomId()
      await db
        .prepare(
          `INSERT INTO finance_offers (id, country_code, kind, request, quote, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
        )
        .bind(
          id,
          offer.countryCode,
          offer.kind,
          JSON.stringify(offer.request),
          JSON.stringify(offer.quote),
          offer.createdAt,
          offer.expiresAt,
        )
        .run()
      return id
    },

    async findFinanceOffer(
      id: string,
    ): Promise<{ id: string; kind: string; createdAt: string; expiresAt: string; quote: unknown } | null> {
      const row = await db
        .prepare(
          'SELECT id, kind, quote, created_at AS createdAt, expires_at AS expiresAt FROM finance_offers WHERE id = ?1',
        )
        .bind(id)
        .first<{ id: string; kind: string; quote: string; createdAt: string; expiresAt: string }>()
      return row ? { ...row, quote: JSON.parse(row.quote) } : null
    },
  }
}
