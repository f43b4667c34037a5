/**
 * Values handed to every request alike: the views and computations a cached document gives (a site's slim
 * catalog, the price rules in force, the configurator's computed car), made once per isolate and then read by each
 * request, never changed. Marking one lets a page's payload write its JSON once per isolate instead of on every
 * render (worker/ssr/serialize.ts); in development and tests it is also deep-frozen, so that code changing a value
 * the next visitor would see fails where it runs instead of leaking.
 */
const sharedValues = new WeakSet<object>()

/** Whether shared values are frozen: everywhere but a production build (vite's `MODE`; vitest's is 'test'). */
const FREEZE = import.meta.env.MODE !== 'production'

/**
 * Marks a value as shared between requests (read, never changed) and returns it, deep-frozen outside production.
 *
 * @example
 * return shared(visitorView(catalog, country, locale))
 */
export function shared<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null) return value
  sharedValues.add(value)
  if (FREEZE) deepFreeze(value)
  return value
}

/** Whether a value was marked with `shared`. */
export function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedValues.has(value)
}

/**
 * Freezes a value and everything it holds (arrays, plain objects, Maps' and Sets' entries are frozen in place; a Map
 * or Set itself stays writable, as freezing does not reach its entries).
 *
 * @example
 * deepFreeze({ lines: [{ amount: 1 }] }).lines[0].amount = 2 // TypeError in strict mode
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  if (value instanceof Map) {
    for (const [key, entry] of value) {
      deepFreeze(key)
      deepFreeze(entry)
    }
  } else if (value instanceof Set) {
    for (const entry of value) deepFreeze(entry)
  } else {
    for (const entry of Object.values(value)) deepFreeze(entry)
  }
  return value
}
