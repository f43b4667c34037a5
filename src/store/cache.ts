import type { z } from 'zod'
import { logLine } from '../domain/log'

/** Bump to invalidate every cached entry after a change of shape in what is cached. */
export const CACHE_VERSION = 'v1'

interface MemoryEntry {
  value: unknown
  expiresAt: number
}

// Per-isolate memory cache. Holds only per-country static data, never anything about a visitor; keys are ours (a
// country, a model that exists, a document id), and at most MEMORY_ENTRIES of them, the least recently used first out.
const memory = new Map<string, MemoryEntry>()
export const MEMORY_ENTRIES = 256

function remember(key: string, entry: MemoryEntry): void {
  memory.delete(key)
  memory.set(key, entry)
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string)
}

export interface CacheAsideOptions<T> {
  kv: KVNamespace
  /** Logical key without version; stored as `${CACHE_VERSION}:${key}`. */
  key: string
  schema: z.ZodType<T>
  ttlSeconds: number
  /** The source of truth (D1). */
  load: () => Promise<T>
  /** Lets the KV write finish after the response (ctx.waitUntil); awaited when absent. */
  waitUntil?: (promise: Promise<unknown>) => void
  now?: () => number
  warn?: (message: string, cause: unknown) => void
}

/**
 * Reads per-country static data through in-isolate memory → KV → D1. A KV miss, a corrupt KV value
 * or a KV outage falls through to D1 and repopulates; it never fails the read.
 *
 * @example
 * const models = await cacheAside({ kv: env.KV, key: `models:${country}`, schema, ttlSeconds: 300,
 *   load: () => queryModels(env.DB, country) })
 */
export async function cacheAside<T>(options: CacheAsideOptions<T>): Promise<T> {
  const { kv, schema, ttlSeconds, load } = options
  const now = options.now ?? Date.now
  const warn = options.warn ?? ((message, cause) => console.warn(logLine('warn', message, { error: cause })))
  const key = `${CACHE_VERSION}:${options.key}`

  const hit = memory.get(key)
  if (hit && hit.expiresAt > now()) {
    remember(key, hit)
    return hit.value as T
  }

  try {
    const cached = await kv.get(key, 'json')
    if (cached !== null) {
      const parsed = schema.safeParse(cached)
      if (parsed.success) {
        remember(key, { value: parsed.data, expiresAt: now() + ttlSeconds * 1000 })
        return parsed.data
      }
      warn(`cache: ignoring malformed KV value for ${key}`, parsed.error)
    }
  } catch (cause) {
    warn(`cache: KV read failed for ${key}, reading D1`, cause)
  }

  const value = await load()
  remember(key, { value, expiresAt: now() + ttlSeconds * 1000 })
  const write = kv
    .put(key, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds * 4) })
    .catch((cause: unknown) => warn(`cache: KV write failed for ${key}`, cause))
  if (options.waitUntil) options.waitUntil(write)
  else await write
  return value
}

/** Empties the in-isolate cache (tests, and after a seed in development). */
export function clearMemoryCache(): void {
  memory.clear()
}
