// The logic of the order domain; the zod schemas are imported from './schema' where they are needed.
export * from './consents'
export * from './incentive'
export * from './instant'
export * from './messages'
export * from './order'
export * from './payment'
export * from './personal'
export * from './state'
