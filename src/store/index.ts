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
 * Data access for pages and APIs: the only module that reads bindings' data. Per-country static
 * data goes through the cache; records people write are always read from D1.
 */
export function createStore(env: StoreBindings, options: StoreOptions = {}) {
  // The record stores are made when a request first uses one (a page uses one or two of the eleven): making all of
  // them on every request was a measurable share of a page's CPU.
  const made = new Map<string, unknown>()
  const once = <T>(name: string, make: () => T): T => {
    if (!made.has(name)) made.set(name, make())
    return made.get(name) as T
  }
  return {
    ...createDocumentStore(env, options),
    ...createConfigurationStore(env.DB),
    ...createFinanceOfferStore(env.DB),

    get testDrives() {
      return once('testDrives', () => createTestDriveStore(env.DB))
    },
    /** Trade-in valuations, home-charger enquiries and subscription requests. */
    get programs() {
      return once('programs', () => createProgramStore(env.DB))
    },
    /** Statuses of subscription requests and home-charger enquiries, moved by staff. */
    get programRequests() {
      return once('programRequests', () => createProgramRequestStore(env.DB))
    },
    get orders() {
      return once('orders', () => createOrderStore(env.DB))
    },
    get customerRecords() {
      return once('customerRecords', () => createCustomerRecordStore(env.DB))
    },
    get audit() {
      return once('audit', () => createAuditStore(env.DB))
    },
    get roles() {
      return once('roles', () => createRoleStore(env.DB))
    },
    get staffReplies() {
      return once('staffReplies', () => createStaffReplyStore(env.DB))
    },
    get priceWatches() {
      return once('priceWatches', () => createPriceWatchStore(env.DB))
    },
    get financeApplications() {
      return once('financeApplications', () => createFinanceApplicationStore(env.DB))
    },
    get stock() {
      return once('stock', () => createStockStore(env.DB))
    },
  }
}

export type Store = ReturnType<typeof createStore>
