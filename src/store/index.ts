import { z } from 'zod'
import { Configuration } from '../domain/catalog/configuration-schema'
import { bySort, ModelSummary } from '../domain/catalog/model'
import { Catalog } from '../domain/catalog/schema'
import { configurationKey } from '../domain/configurator/url'
import { ContentDocument, type ContentLanguage, type DocumentId } from '../domain/content/document'
import { FINANCE_KINDS } from '../domain/finance/products'
import { CountryFinanceProducts } from '../domain/finance/schema'
import { MarketingFacts } from '../domain/pricing/marketing'
import { CountryPriceRules } from '../domain/pricing/rules'
import { SubscriptionOffers } from '../domain/subscription/offer'
import { type Store as Showroom, StoreFile } from '../domain/testdrive/schema'
import { ValuationTable } from '../domain/tradein/valuation'
import type { CountryCode } from '../i18n/sites'
import { createAnalyticsStore } from './analytics'
import { createAuditStore } from './audit'
import { cacheAside } from './cache'
import { createCustomerRecordStore } from './customer-records'
import { createFinanceApplicationStore } from './finance-applications'
import { randomId } from './ids'
import { createOrderStore } from './orders'
import { createPriceWatchStore } from './price-watches'
import { createProgramRequestStore } from './program-requests'
import { createProgramStore } from './programs'
import { createRoleStore } from './roles'
import { createStaffReplyStore } from './staff-replies'
import { createStockStore } from './stock'
import { createTestDriveStore } from './testdrive'

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
  ownerId: string | null
  /** The choices as saved; null for records from before choices were stored. */
  choices: Configuration | null
  usage: 'personal' | 'business'
  /** The price when it was saved, so a later change shows as a difference. */
  savedPrice: SavedPrice | null
  /** The quick-delivery car it was made from, if any. */
  stockCarId: string | null
  /** How the visitor chose to pay while configuring, if they chose. */
  finance: SavedFinance | null
}

/**
 * A finance choice kept with a saved build: the product and what was chosen of it (money in minor units).
 *
 * @example
 * SavedFinance.parse({ kind: 'privateLease', termMonths: 36, mileageKmPerYear: 15_000 })
 */
export const SavedFinance = z.strictObject({
  kind: z.enum(FINANCE_KINDS),
  termMonths: z.int().min(1).max(120).optional(),
  mileageKmPerYear: z.int().min(1).max(100_000).optional(),
  downPayment: z.int().min(0).optional(),
  balloonAmount: z.int().min(0).optional(),
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

function toConfiguration(row: ConfigurationRow): ConfigurationRecord {
  const choices = row.choices ? Configuration.safeParse(JSON.parse(row.choices)) : null
  return {
    id: row.id,
    modelCode: row.model_code,
    countryCode: row.country_code,
    createdAt: row.created_at,
    ownerId: row.owner_id,
    choices: choices?.success ? choices.data : null,
    usage: row.usage === 'business' ? 'business' : 'personal',
    savedPrice: row.saved_price ? (JSON.parse(row.saved_price) as SavedPrice) : null,
    stockCarId: row.stock_car_id ?? null,
    finance: parseSavedFinance(row.finance),
  }
}

function parseSavedFinance(text: string | null): SavedFinance | null {
  if (!text) return null
  try {
    const parsed = SavedFinance.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export interface OrderRecord {
  id: string
  configurationId: string
  countryCode: string
  createdAt: string
}

const ModelList = z.array(ModelSummary)
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
const parsedStores = new WeakMap<object, Showroom[]>()

function storesOf(raw: z.infer<typeof RawDocument>): Showroom[] {
  let stores = parsedStores.get(raw)
  if (!stores) {
    stores = StoreFile.parse(raw).stores
    parsedStores.set(raw, stores)
  }
  return [...stores]
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
      await env.DB.prepare(
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
      const row = await env.DB.prepare(
        'SELECT id, kind, quote, created_at AS createdAt, expires_at AS expiresAt FROM finance_offers WHERE id = ?1',
      )
        .bind(id)
        .first<{ id: string; kind: string; quote: string; createdAt: string; expiresAt: string }>()
      return row ? { ...row, quote: JSON.parse(row.quote) } : null
    },

    /**
     * A country's stores (hours, time zone, capacity), or none. The raw document is cached per
     * country and parsed after the cache, because parsing adds each store's country.
     */
    async stores(country: CountryCode): Promise<Showroom[]> {
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

    testDrives: createTestDriveStore(env.DB),

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

    /** Trade-in valuations, home-charger enquiries and subscription requests. */
    programs: createProgramStore(env.DB),
    /** Statuses of subscription requests and home-charger enquiries, moved by staff. */
    programRequests: createProgramRequestStore(env.DB),

    orders: createOrderStore(env.DB),

    customerRecords: createCustomerRecordStore(env.DB),

    audit: createAuditStore(env.DB),

    roles: createRoleStore(env.DB),

    staffReplies: createStaffReplyStore(env.DB),

    priceWatches: createPriceWatchStore(env.DB),

    financeApplications: createFinanceApplicationStore(env.DB),

    stock: createStockStore(env.DB),

    analytics: createAnalyticsStore(env.DB),

    modelsForCountry,

    async findModel(country: CountryCode, code: string): Promise<ModelSummary | null> {
      const models = await modelsForCountry(country)
      return models.find((m) => m.code === code) ?? null
    },

    async findConfiguration(id: string): Promise<ConfigurationRecord | null> {
      const row = await env.DB.prepare('SELECT * FROM configurations WHERE id = ?1').bind(id).first<ConfigurationRow>()
      return row ? toConfiguration(row) : null
    },

    /**
     * Saves a configuration under a short unguessable id (12 base64url characters, 72 random bits)
     * with the price it has now.
     */
    async saveConfiguration(input: {
      configuration: Configuration
      usage: 'personal' | 'business'
      countryCode: string
      ownerId: string | null
      savedPrice: SavedPrice
      now: Date
      /** Made from a quick-delivery car (the order flow then takes it from stock). */
      stockCarId?: string
      finance?: SavedFinance | null
    }): Promise<string> {
      const id = randomId()
      await env.DB.prepare(
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
      const row = await env.DB.prepare(
        'SELECT 1 FROM configurations WHERE owner_id = ?1 AND choices_key = ?2 AND submitted_at IS NOT NULL LIMIT 1',
      )
        .bind(ownerId, configurationKey(configuration))
        .first()
      return row !== null
    },

    async markSubmitted(id: string, now: Date): Promise<void> {
      await env.DB.prepare('UPDATE configurations SET submitted_at = ?2 WHERE id = ?1 AND submitted_at IS NULL')
        .bind(id, now.toISOString())
        .run()
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
