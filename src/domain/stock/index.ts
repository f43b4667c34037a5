// The logic of quick-delivery stock; the zod schemas are imported from './schema' where needed.
export * from './stock'
