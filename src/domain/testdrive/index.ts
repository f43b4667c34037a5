// Browser-safe barrel: logic only. The zod schemas (parseStoreFile, StoreFile, BookingRequestShape) are imported
// from './schema' by server code and tests, so the browser bundle never includes zod.
export * from './geo'
export * from './messages'
export * from './phone'
export type { OpeningHours, OpeningInterval, Store, TestDriveSettings } from './schema'
export * from './slots'
export * from './time'
export * from './validate'
