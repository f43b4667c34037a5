import { z } from 'zod'
import { bySort, ModelSummary } from '../domain/catalog/model'
import { Catalog } from '../domain/catalog/schema'
import { ContentDocument, type ContentLanguage, type DocumentId } from '../domain/content/document'
import { CountryFinanceProducts } from '../domain/finance/schema'
import { MarketingFacts } from '../domain/pricing/marketing'
import { CountryPriceRules } from '../domain/pricing/rules'
import { SubscriptionOffers } from '../domain/subscription/offer'
import { type Store as Showroom, StoreFile } from '../domain/testdrive/schema'
import { ValuationTable } from '../domain/tradein/valuation'
import type { CountryCode } from '../i18n/sites'
import { memo } from '../lib/memo'
import { cacheAside } from './cache'
import type { Database } from './database'

const ModelList = z.array(ModelSummary)
const ModelCodes = z.array(z.string())
/** A store document before parsing: its shape is checked by StoreFile after the cache. */
const RawDocument = z.object({ country: z.string(), stores: z.array(z.record(z.string(), z.unknown())) })

// Each read names its document's schema; built once here, not on every read (a zod schema costs more to build
// than a cache hit costs to serve).
const NullableCatalog = Catalog.nullable()
const NullableCountryPriceRules = CountryPriceRules.nullable()
const NullableMarketingFacts = MarketingFacts.nullable()
const NullableCountryFinanceProducts = CountryFinanceProducts.nullable()
const NullableRawDocument = RawDocument.nullable()
const NullableContentDocument = ContentDocument.nullable()
const NullableValuationTable = ValuationTable.nullable()
const NullableSubscriptionOffers = SubscriptionOffers.nullable()

/**
 * A country's stores parsed once per cached document: the memory cache hands out the same raw object until it
 * expires, so each is checked by StoreFile once, not on every page that lists stores.
 */
const parsedStores = memo<[object], Showroom[]>(1)

function storesOf(raw: z.infer<typeof RawDocument>): Showroom[] {
  return [...parsedStores([raw], '', () => StoreFile.parse(raw).stores)]
}

/** Where the seeding puts a document in KV; the cache keeps its parsed copy under its own key. */
export const contentSeedKey = (language: ContentLanguage, id: DocumentId) => `content/${language}/${id}`

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

/**
 * Per-country static data (models, catalog, price rules, finance products, stores, legal documents,
 * programme tables): seeded documents read through the memory → KV → D1 cache.
 */
export function createDocumentStore(
  env: { DB: Database; KV: KVNamespace },
  options: { waitUntil?: (promise: Promise<unknown>) => void } = {},
) {
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

  /** The codes of every model with a catalog: what a caller's model code is checked against before any cache. */
  function catalogModelCodes(): Promise<string[]> {
    return cacheAside({
      kv: env.KV,
      key: 'catalog-models',
      schema: ModelCodes,
      ttlSeconds: DOCUMENT_TTL_SECONDS,
      load: async () => {
        const { results } = await env.DB.prepare('SELECT model_code FROM catalog_documents ORDER BY model_code').all<{
          model_code: string
        }>()
        return results.map((row) => row.model_code)
      },
      waitUntil: options.waitUntil,
    })
  }

  return {
    /**
     * A model's catalog (versions, options, prices per country, rules), or null. Cached under the model's code only
     * when the model exists: an address a caller made up is answered without a cache entry of its own.
     */
    async catalog(modelCode: string): Promise<Catalog | null> {
      if (!(await catalogModelCodes()).includes(modelCode)) return null
      const found = await cacheAside({
        kv: env.KV,
        key: `catalog:${modelCode}`,
        schema: NullableCatalog,
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
        schema: NullableCountryPriceRules,
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
        schema: NullableMarketingFacts,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () => document('SELECT body FROM marketing_documents WHERE id = ?1', 'marketing', MarketingFacts),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /** A country's finance products, or null where it has none. Cached per country. */
    async financeProducts(country: CountryCode): Promise<CountryFinanceProducts | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: `finance:${country}`,
        schema: NullableCountryFinanceProducts,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () =>
          document(
            'SELECT body FROM finance_product_documents WHERE country_code = ?1',
            country,
            CountryFinanceProducts,
          ),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /**
     * A country's stores (hours, time zone, capacity), or none. The raw document is cached per
     * country and parsed after the cache, because parsing adds each store's country.
     */
    async showrooms(country: CountryCode): Promise<Showroom[]> {
      const raw = await cacheAside({
        kv: env.KV,
        key: `stores:${country}`,
        schema: NullableRawDocument,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () => document('SELECT body FROM store_documents WHERE country_code = ?1', country, RawDocument),
        waitUntil: options.waitUntil,
      })
      return raw ? storesOf(raw) : []
    },

    /**
     * A legal document in a language as seeded into KV (`content/<language>/<id>`, see
     * scripts/content-seed.mjs), or null when it was never seeded. Cached in memory and under a
     * versioned KV key; throws when KV cannot be read, so the page can say it is unavailable.
     */
    async contentDocument(language: ContentLanguage, id: DocumentId): Promise<ContentDocument | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: `content:${language}:${id}`,
        schema: NullableContentDocument,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: async () => {
          const seeded = await env.KV.get(contentSeedKey(language, id), 'json')
          return seeded === null ? null : ContentDocument.parse(seeded)
        },
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /** The trade-in valuation table, or null before it is seeded. Cached. */
    async valuationTable(): Promise<ValuationTable | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: 'tradein-valuation',
        schema: NullableValuationTable,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () => document('SELECT body FROM program_documents WHERE id = ?1', 'tradein-valuation', ValuationTable),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    /** The subscription offers of every country, or null before they are seeded. Cached. */
    async subscriptionOffers(): Promise<SubscriptionOffers | null> {
      const found = await cacheAside({
        kv: env.KV,
        key: 'subscription-offers',
        schema: NullableSubscriptionOffers,
        ttlSeconds: DOCUMENT_TTL_SECONDS,
        load: () =>
          document('SELECT body FROM program_documents WHERE id = ?1', 'subscription-offers', SubscriptionOffers),
        waitUntil: options.waitUntil,
      })
      return found ?? null
    },

    modelsForCountry,

    async findModel(country: CountryCode, code: string): Promise<ModelSummary | null> {
      const models = await modelsForCountry(country)
      return models.find((m) => m.code === code) ?? null
    },
  }
}
