import { createAnalyticsStore } from './analytics'
import { createAuditStore } from './audit'
import { createConfigurationStore } from './configurations'
import { createCustomerRecordStore } from './customer-records'
import { createDocumentStore } from './documents'
import { createFinanceApplicationStore } from './finance-applications'
import { createFinanceOfferStore } from './finance-offers'
import { createOrderStore } from './orders'
import { createPriceWatchStore } from './price-watches'
import { createProgramRequestStore } from './program-requests'
import { createProgramStore } from './programs'
import { createRoleStore } from './roles'
import { createStaffReplyStore } from './staff-replies'
import { createStockStore } from './stock'
import { createTestDriveStore } from './testdrive'

export { type ConfigurationRecord, type OrderRecord, SavedFinance, type SavedPrice } from './configurations'
export { contentSeedKey } from './documents'

export interface StoreBindings {
  DB: D1Database
  KV: KVNamespace
}

export interface StoreOptions {
  waitUntil?: (promise: Promise<unknown>) => void
}

/**
 * The stores of records people write, each made when a request first uses it: a page reads two or three of
 * them, and making all fifteen on every request cost more than the page's own reads.
 */
class RecordStores {
  readonly #db: D1Database
  readonly #made = new Map<string, unknown>()
  constructor(db: D1Database) {
    this.#db = db
  }
  #part<T>(name: string, make: (db: D1Database) => T): T {
    let part = this.#made.get(name) as T | undefined
    if (part === undefined) {
      part = make(this.#db)
      this.#made.set(name, part)
    }
    return part
  }
  get testDrives() {
    return this.#part('testDrives', createTestDriveStore)
  }
  /** Trade-in valuations, home-charger enquiries and subscription requests. */
  get programs() {
    return this.#part('programs', createProgramStore)
  }
  /** Statuses of subscription requests and home-charger enquiries, moved by staff. */
  get programRequests() {
    return this.#part('programRequests', createProgramRequestStore)
  }
  get orders() {
    return this.#part('orders', createOrderStore)
  }
  get customerRecords() {
    return this.#part('customerRecords', createCustomerRecordStore)
  }
  get audit() {
    return this.#part('audit', createAuditStore)
  }
  get roles() {
    return this.#part('roles', createRoleStore)
  }
  get staffReplies() {
    return this.#part('staffReplies', createStaffReplyStore)
  }
  get priceWatches() {
    return this.#part('priceWatches', createPriceWatchStore)
  }
  get financeApplications() {
    return this.#part('financeApplications', createFinanceApplicationStore)
  }
  get stock() {
    return this.#part('stock', createStockStore)
  }
  get analytics() {
    return this.#part('analytics', createAnalyticsStore)
  }
}

/**
 * Data access for pages and APIs: the only module that reads bindings' data. Per-country static
 * data goes through the cache; records people write are always read from D1.
 */
export function createStore(env: StoreBindings, options: StoreOptions = {}) {
  return Object.assign(
    new RecordStores(env.DB),
    createDocumentStore(env, options),
    createConfigurationStore(env.DB),
    createFinanceOfferStore(env.DB),
  )
}

export type Store = ReturnType<typeof createStore>
