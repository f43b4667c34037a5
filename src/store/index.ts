import { z } from 'zod'
import { bySort, ModelSummary } from '../domain/catalog/model'
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

  return {
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
