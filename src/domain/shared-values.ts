/**
 * Values handed to every request alike: the views and computations a cached document gives (`catalogForVisitor`,
 * `rulesInForceOn`, the configurator's `viewOnce`), made once per isolate and then read by each request, never
 * changed. Marking one lets a page's payload write its JSON once per isolate instead of on every render
 * (worker/ssr/serialize.ts).
 */
const sharedValues = new WeakSet<object>()

/**
 * Marks a value as shared between requests (read, never changed) and returns it.
 *
 * @example
 * return shared(visitorView(catalog, country, locale))
 */
export function shared<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) sharedValues.add(value)
  return value
}

/** Whether a value was marked with `shared`. */
export function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedValues.has(value)
}
