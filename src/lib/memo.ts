import { shared } from './shared'

/** At most this many values per document (or set of documents) unless a memo names its own limit. */
const DEFAULT_LIMIT = 128

interface Node<V> {
  values?: Map<string, V>
  next: WeakMap<object, Node<V>>
}

/**
 * The one memo of values shared between requests: per isolate, by the documents a value is derived from (held
 * weakly: the cache hands out the same object until it expires, and a data release is a new object, so no value of
 * an old document is ever given), then by `key`, which must name everything else the value depends on (country,
 * language, day, car). At most `limit` values per set of documents, the one used longest ago dropped. Nothing personal belongs in
 * a key or a value. On the server every value is `shared` (read, never changed; frozen outside production), but for
 * `share: false`: an object of the platform or a library that keeps state of its own (an Intl formatter, a
 * CryptoKey, formatjs's intl instance), used and never read as data. The browser serves one visitor and shares
 * nothing.
 *
 * @example
 * const views = memo<[Catalog, CountryPriceRules], ConfiguratorView>()
 * views([basis.catalog, basis.rules], key, () => computeView(basis, requested))
 * const texts = memo<[], string>(4000) // by key alone
 * const formats = memo<[], Intl.NumberFormat>(Number.POSITIVE_INFINITY, { share: false })
 */
// Calling it changes nothing outside: a bundle drops a memo no code of its uses.
/* @__NO_SIDE_EFFECTS__ */
export function memo<Documents extends readonly object[], V>(
  limit = DEFAULT_LIMIT,
  { share = true }: { share?: boolean } = {},
): (documents: Documents, key: string, make: () => V) => V {
  const root: Node<V> = { next: new WeakMap() }
  return (documents, key, make) => {
    let node = root
    for (const document of documents) {
      let next = node.next.get(document)
      if (!next) {
        next = { next: new WeakMap() }
        node.next.set(document, next)
      }
      node = next
    }
    node.values ??= new Map()
    const values = node.values
    if (values.has(key)) {
      // The most recently used goes last: what is dropped is what was used longest ago.
      const known = values.get(key) as V
      values.delete(key)
      values.set(key, known)
      return known
    }
    const value = share && import.meta.env.SSR ? shared(make()) : make()
    if (values.size >= limit) values.delete(values.keys().next().value as string)
    values.set(key, value)
    return value
  }
}
