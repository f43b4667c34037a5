import { z } from 'zod'
import { bySort, ModelSummary } from '../domain/catalog/model'
import { Catalog } from '../domain/catalog/schema'
import { MarketingFacts } from '../domain/pricing/marketing'
import { CountryPriceRules } from '../domain/pricing/rules'
import type { CountryCode } from '../i18n/sites'
import { cacheAside } from './cache'

export interface StoreBindings {
  DB: D1Database
  KV: KVNamespace
}

export interface StoreOptions {
  waitUntil?: (promise: Promise<unknown>) => void
}

export interface ConfigurationRecord {
  id: string
  modelCode: string
  countryCode: string
  createdAt: string
}

export interface OrderRecord {
  id: string
  configurationId: string
  countryCode: string
  createdAt: string
}

const ModelList = z.array(ModelSummary)
const MODELS_TTL_SECONDS = 300
/** Catalog and price documents change with a data release; five minutes in memory, longer in KV. */
const DOCUMENT_TTL_SECONDS = 300

interface ModelRow {
  code: string
  name: string
  range_km: number
  battery_kwh: number
  cargo_litres: number
  sort: number
}

/**
 * Data access for pages and APIs: the only module that reads bindings' data. Per-country static
 * data goes through the cache; records people write are always read from D1.
 */
export function createStore(env: StoreBindings, options: StoreOptions = {}) {
  async function queryModels(country: CountryCode): Promise<ModelSummary[]> {
    const { results } = await env.DB.prepare(
      `SELECT m.code, m.name, m.range_km, m.battery_kwh, m.cargo_litres, m.sort
         FROM models m JOIN model_markets mm ON mm.model_code = m.code
        WHERE mm.country_code = ?1`,
    )
      .bind(country)
      .all<ModelRow>()
    return bySort(
      results.map((r) => ({
        code: r.code,
        name: r.name,
        rangeKm: r.range_km,
        batteryKwh: r.battery_kwh,
        cargoLitres: r.cargo_litres,
        sort: r.sort,
      })),
    )
  }

  /** Models on sale in a country, in spec-list order. Cached per country. */
  function modelsForCountry(country: CountryCode): Promise<ModelSummary[]> {
    return cacheAside({
      kv: env.KV,
      key: `models:${country}`,
      schema: ModelList,
      ttlSeconds: MODELS_TTL_SECONDS,
      load: () => queryModels(country),
      waitUntil: options.waitUntil,
    })
  }

  async function document<T>(sql: string, key: string, schema: z.ZodType<T>): Promise<T | null> {
    const row = await env.DB.prepare(sql).bind(key).first<{ body: string }>()
    if (!row) return null
    // Data that does not fit its schema is a seeding bug: fail loudly rather than price wrongly.
    return schema.parse(JSON.parse(row.body))
  }

  return {
    /** A model's catalog (versions, options, prices per country, rules), or null. Cached. */
    async catalog(modelCode: string): Promise<Catalog | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: `catalog:${modelCode}`,
        schema: Catalog.nullable(),
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () => document('SELECT body FROM catalog_documents WHERE model_code = ?1', modelCode, Catalog),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /** A country's dated price rules, or null. Cached per country. */
    async priceRules(country: CountryCode): Promise<CountryPriceRules | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: `price-rules:${country}`,
        schema: CountryPriceRules.nullable(),
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () =>
          document('SELECT body FROM price_rule_documents WHERE country_code = ?1', country, CountryPriceRules),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /** Marketing facts of SPEC §9 (stock-list "from" price, business lease rates). Cached. */
    async marketingFacts(): Promise<MarketingFacts | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: 'marketing',
        schema: MarketingFacts.nullable(),
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () => document('SELECT body FROM marketing_documents WHERE id = ?1', 'marketing', MarketingFacts),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    modelsForCountry,

    async findModel(country: CountryCode, code: string): Promise<ModelSummary | null> {
      const models = await modelsForCountry(country)
      return models.find((m) => m.code === code) ?? null
    },

    async findConfiguration(id: string): Promise<ConfigurationRecord | null> {
      return env.DB.prepare(
        `SELECT id, model_code AS modelCode, country_code AS countryCode, created_at AS createdAt
           FROM configurations WHERE id = ?1`,
      )
        .bind(id)
        .first<ConfigurationRecord>()
    },

    async findOrder(id: string): Promise<OrderRecord | null> {
      return env.DB.prepare(
        `SELECT id, configuration_id AS configurationId, country_code AS countryCode, created_at AS createdAt
           FROM orders WHERE id = ?1`,
      )
        .bind(id)
        .first<OrderRecord>()
    },
  }
}

export type Store = ReturnType<typeof createStore>
