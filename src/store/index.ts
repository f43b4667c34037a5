import { createAccountStore } from './accounts'
import { createAppSignInStore } from './app-sign-in'
import { createAuditStore } from './audit'
import { type BadRecord, badRecordLog } from './bad-records'
import { createConfigurationStore } from './configurations'
import { createCredentialStore } from './credentials'
import { createCustomerRecordStore } from './customer-records'
import type { Database } from './database'
import { createDocumentStore } from './documents'
import { createFinanceApplicationStore } from './finance-applications'
import { createFinanceOfferStore } from './finance-offers'
import { createHandoverStore } from './handovers'
import { createMailboxStore, createNotificationStore } from './notifications'
import { createOrderLinkStore } from './order-links'
import { createOrderStore } from './orders'
import { createPaymentStore } from './payments'
import { createPriceWatchStore } from './price-watches'
import { createPrivacyStore } from './privacy'
import { createProgramRequestStore } from './program-requests'
import { createProgramStore } from './programs'
import { createRoleStore } from './roles'
import { createStaffReplyStore } from './staff-replies'
import { createStockStore } from './stock'
import { createTestDriveStore } from './testdrive'

export { type BadRecord, UnreadableRecordError } from './bad-records'
export { type ConfigurationRecord, type OrderRecord, SavedFinance, type SavedPrice } from './configurations'
export { contentSeedKey } from './documents'

/**
 * What the store reads: D1 (a request hands in its D1 session, `worker/d1-session.ts`; a queue consumer or scheduled
 * job the database itself) and KV.
 */
export interface StoreBindings {
  DB: Database
  KV: KVNamespace
}

export interface StoreOptions {
  waitUntil?: (promise: Promise<unknown>) => void
  /**
   * The request carries the bookmark of the visitor's own recent write (d1-session.ts): everything it reads comes
   * from D1 as of that write, none of it from figures an isolate keeps for everyone.
   */
  recentWrite?: boolean
  /** A stored row failed its schema: it was left out of its list (the worker logs and reports it). */
  onBadRecord?: (record: BadRecord) => void
}

/**
 * Data access for pages and APIs: the only module that reads bindings' data. Per-country static
 * data goes through the cache; records people write are always read from D1 (the free test-drive slots, counted from
 * bookings and alike for every visitor, are kept by an isolate for 20 s: app/test-drive.ts).
 */
export function createStore(env: StoreBindings, options: StoreOptions = {}) {
  // The record stores are made when a request first uses one (a page uses one or two of them): making all of
  // them on every request was a measurable share of a page's CPU.
  const bad = badRecordLog(options.onBadRecord)
  const records = madeOnFirstUse({
    /** Accounts, sessions and attempt counters. */
    accounts: () => createAccountStore(env.DB, bad),
    /** The app's single-use sign-in codes for its webview. */
    appSignIns: () => createAppSignInStore(env.DB),
    /** Password resets and changes, e-mail confirmations. */
    credentials: () => createCredentialStore(env.DB),
    /** Consents, data export and erasure. */
    privacy: () => createPrivacyStore(env.DB),
    /** The e-mail outbox. */
    notifications: () => createNotificationStore(env.DB),
    /** The dev mailbox (outside production). */
    mailbox: () => createMailboxStore(env.DB),
    testDrives: () => createTestDriveStore(env.DB),
    /** Trade-in valuations, home-charger enquiries and subscription requests. */
    programs: () => createProgramStore(env.DB),
    /** Statuses of subscription requests and home-charger enquiries, moved by staff. */
    programRequests: () => createProgramRequestStore(env.DB),
    orders: () => createOrderStore(env.DB, bad),
    /** Single-use links to one order (e-mails, "find my order"). */
    orderLinks: () => createOrderLinkStore(env.DB),
    /** Handover appointments at the delivery store. */
    handovers: () => createHandoverStore(env.DB),
    /** Payments and refunds through the payment provider. */
    payments: () => createPaymentStore(env.DB),
    customerRecords: () => createCustomerRecordStore(env.DB, bad),
    audit: () => createAuditStore(env.DB),
    roles: () => createRoleStore(env.DB),
    staffReplies: () => createStaffReplyStore(env.DB),
    priceWatches: () => createPriceWatchStore(env.DB),
    financeApplications: () => createFinanceApplicationStore(env.DB),
    stock: () => createStockStore(env.DB, { recentWrite: options.recentWrite === true, bad }),
  })
  // Assigned onto the lazy object (a spread would read, and so make, every record store).
  return Object.assign(records, createDocumentStore(env, options), createConfigurationStore(env.DB, bad), {
    ...createFinanceOfferStore(env.DB),
    recentWrite: options.recentWrite === true,
    /** The rows this request read that failed their schema: a page says that some records cannot be shown. */
    badRecords: () => bad.records(),
  })
}

/** An object whose properties are made by their functions on first read, once each. */
function madeOnFirstUse<Makers extends Record<string, () => unknown>>(
  makers: Makers,
): { readonly [Name in keyof Makers]: ReturnType<Makers[Name]> } {
  const made = {}
  for (const [name, make] of Object.entries(makers)) {
    Object.defineProperty(made, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = make()
        Object.defineProperty(made, name, { value, enumerable: true })
        return value
      },
    })
  }
  return made as { readonly [Name in keyof Makers]: ReturnType<Makers[Name]> }
}

export type Store = ReturnType<typeof createStore>
