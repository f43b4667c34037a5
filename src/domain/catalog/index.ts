export * from './configuration'
export * from './configuration-schema'
export * from './delivery'
export * from './markets'
// The schemas share their names with the types in ./markets; import them from ./markets-schema.
export { CountryCodeSchema, UsageSchema } from './markets-schema'
export * from './model'
export * from './schema'
export * from './view'
