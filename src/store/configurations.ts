import { z } from 'zod'
import { Configuration } from '../domain/catalog/configuration-schema'
import type { Usage } from '../domain/catalog/markets'
import { configurationKey } from '../domain/configurator/url'
import { FINANCE_KINDS, LEASE_SERVICES } from '../domain/finance/products'
import { ChosenFinanceSchema } from '../domain/finance/schema'
import { type BadRecordLog, badRecordLog } from './bad-records'
import type { Database } from './database'
import { randomId } from './ids'

export interface ConfigurationRecord {
  id: string
  modelCode: string
  countryCode: string
  createdAt: string
  ownerId: string | null
  /** The choices as saved; null for records from before choices were stored. */
  choices: Configuration | null
  usage: Usage
  /** The price when it was saved, so a later change shows as a difference. */
  savedPrice: SavedPrice | null
  /** The quick-delivery car it was made from, if any. */
  stockCarId: string | null
  /** How the visitor chose to pay while configuring, if they chose. */
  finance: SavedFinance | null
}

/**
 * A finance choice kept with a saved build: the product, what was chosen of it (money in minor units) and the offer
 * as the configurator showed it (its figures, price, trade-in credit and day; builds saved before have none).
 *
 * @example
 * SavedFinance.parse({ kind: 'privateLease', termMonths: 36, mileageKmPerYear: 15_000, services: ['insurance'] })
 */
export const SavedFinance = z.strictObject({
  kind: z.enum(FINANCE_KINDS),
  termMonths: z.int().min(1).max(120).optional(),
  mileageKmPerYear: z.int().min(1).max(100_000).optional(),
  downPayment: z.int().min(0).optional(),
  balloonAmount: z.int().min(0).optional(),
  services: z.array(z.enum(LEASE_SERVICES)).max(LEASE_SERVICES.length).optional(),
  offer: ChosenFinanceSchema.optional(),
})
export type SavedFinance = z.infer<typeof SavedFinance>

/** The part of a quote kept with a saved configuration. */
export interface SavedPrice {
  totalInclVat: number
  currency: string
  validOn: string
}

interface ConfigurationRow {
  id: string
  model_code: string
  country_code: string
  created_at: string
  owner_id: string | null
  choices: string | null
  usage: string | null
  saved_price: string | null
  stock_car_id: string | null
  finance: string | null
}

const SavedPriceSchema: z.ZodType<SavedPrice> = z.object({
  totalInclVat: z.number().int(),
  currency: z.string(),
  validOn: z.string(),
})

/**
 * A row as a saved configuration. A stored part that fails its schema reads as absent (choices: the build is
 * restored to its defaults when confirmed, SPEC §4; price and finance: not shown) and is reported.
 */
function toConfiguration(row: ConfigurationRow, bad: BadRecordLog): ConfigurationRecord {
  const where = (column: string) => ({ table: `configurations.${column}`, id: row.id })
  return {
    id: row.id,
    modelCode: row.model_code,
    countryCode: row.country_code,
    createdAt: row.created_at,
    ownerId: row.owner_id,
    choices: row.choices ? bad.parse(Configuration, row.choices, where('choices')) : null,
    usage: row.usage === 'business' ? 'business' : 'personal',
    savedPrice: row.saved_price ? bad.parse(SavedPriceSchema, row.saved_price, where('saved_price')) : null,
    stockCarId: row.stock_car_id ?? null,
    finance: row.finance ? bad.parse(SavedFinance, row.finance, where('finance')) : null,
  }
}

export interface OrderRecord {
  id: string
  configurationId: string
  countryCode: string
  createdAt: string
}

/** Saved configurations (builds), their submission mark, and the orders made of them. */
export function createConfigurationStore(db: Database, bad: BadRecordLog = badRecordLog()) {
  return {
    async findConfiguration(id: string): Promise<ConfigurationRecord | null> {
      const row = await db.prepare('SELECT * FROM configurations WHERE id = ?1').bind(id).first<ConfigurationRow>()
      return row ? toConfiguration(row, bad) : null
    },

    /**
     * Makes the account the owner of these builds saved without one, unless another account claimed them first;
     * answers how many it claimed.
     */
    async claimUnowned(ownerId: string, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0
      const result = await db
        .prepare(
          `UPDATE configurations SET owner_id = ?1 WHERE owner_id IS NULL AND id IN (${ids.map((_, i) => `?${i + 2}`).join(', ')})`,
        )
        .bind(ownerId, ...ids)
        .run()
      return result.meta.changes
    },

    /**
     * Saves a configuration under a short unguessable id (12 base64url characters, 72 random bits)
     * with the price it has now.
     */
    async saveConfiguration(input: {
      configuration: Configuration
      usage: Usage
      countryCode: string
      ownerId: string | null
      savedPrice: SavedPrice
      now: Date
      /** Made from a quick-delivery car (the order flow then takes it from stock). */
      stockCarId?: string
      finance?: SavedFinance | null
    }): Promise<string> {
      const id = randomId()
      await db
        .prepare(
          `INSERT INTO configurations (id, model_code, country_code, created_at, owner_id, choices, usage, saved_price, choices_key,
           stock_car_id, finance)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
        )
        .bind(
          id,
          input.configuration.modelCode,
          input.countryCode,
          input.now.toISOString(),
          input.ownerId,
          JSON.stringify(input.configuration),
          input.usage,
          JSON.stringify(input.savedPrice),
          configurationKey(input.configuration),
          input.stockCarId ?? null,
          input.finance ? JSON.stringify(SavedFinance.parse(input.finance)) : null,
        )
        .run()
      return id
    },

    /**
     * Whether this owner already submitted the same car (the order flow refuses it: "Same
     * configuration has been submitted").
     */
    async hasSubmittedSame(ownerId: string, configuration: Configuration): Promise<boolean> {
      const row = await db
        .prepare(
          'SELECT 1 FROM configurations WHERE owner_id = ?1 AND choices_key = ?2 AND submitted_at IS NOT NULL LIMIT 1',
        )
        .bind(ownerId, configurationKey(configuration))
        .first()
      return row !== null
    },

    async markSubmitted(id: string, now: Date): Promise<void> {
      await db
        .prepare('UPDATE configurations SET submitted_at = ?2 WHERE id = ?1 AND submitted_at IS NULL')
        .bind(id, now.toISOString())
        .run()
    },

    async findOrder(id: string): Promise<OrderRecord | null> {
      return db
        .prepare(
          `SELECT id, configuration_id AS configurationId, country_code AS countryCode, created_at AS createdAt
           FROM orders WHERE id = ?1`,
        )
        .bind(id)
        .first<OrderRecord>()
    },
  }
}
