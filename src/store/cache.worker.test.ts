import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { StoreFile } from '../domain/testdrive/schema'
import { createStore } from '.'
import { CACHE_VERSION, cacheAside, clearMemoryCache, MEMORY_ENTRIES } from './cache'

const failingKv = {
  get: async () => {
    throw new Error('KV unavailable')
  },
  put: async () => {
    throw new Error('KV unavailable')
  },
} as unknown as KVNamespace

beforeEach(async () => {
  clearMemoryCache()
  await env.KV.delete(`${CACHE_VERSION}:models:NO`)
})

describe('per-country data through the cache', () => {
  it('reads D1 on a miss and fills KV under a versioned key', async () => {
    const models = await createStore(env).modelsForCountry('NO')
    expect(models.map((m) => m.code)).toEqual(['p5'])
    expect(models[0]).toMatchObject({ rangeKm: 465, batteryKwh: 66, cargoLitres: 520 })
    expect(await env.KV.get(`${CACHE_VERSION}:models:NO`, 'json')).toEqual(models)
  })

  it('serves KV without asking D1 once it holds the value', async () => {
    const cached = [{ code: 'p5', name: 'P5 (cached)', rangeKm: 465, batteryKwh: 66, cargoLitres: 520, sort: 10 }]
    await env.KV.put(`${CACHE_VERSION}:models:NO`, JSON.stringify(cached))
    const noD1 = { prepare: () => expect.unreachable('D1 read on a KV hit') } as unknown as D1Database
    expect(await createStore({ DB: noD1, KV: env.KV }).modelsForCountry('NO')).toEqual(cached)
  })

  it('falls back to D1 with the same answer when KV is down', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fromD1 = await createStore({ DB: env.DB, KV: failingKv }).modelsForCountry('NO')
    clearMemoryCache()
    const normal = await createStore(env).modelsForCountry('NO')
    expect(fromD1).toEqual(normal)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/KV read failed.*"message":"KV unavailable"/))
  })

  it('ignores a malformed KV value and repairs it from D1', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await env.KV.put(`${CACHE_VERSION}:models:NO`, JSON.stringify([{ code: 42 }]))
    const models = await createStore(env).modelsForCountry('NO')
    expect(models.map((m) => m.code)).toEqual(['p5'])
    expect(await env.KV.get(`${CACHE_VERSION}:models:NO`, 'json')).toEqual(models)
  })

  it('keeps countries apart', async () => {
    await env.DB.prepare(
      `INSERT OR IGNORE INTO models (code, name, range_km, battery_kwh, cargo_litres, sort) VALUES ('p5-only-se', 'Test', 400, 60, 500, 99)`,
    ).run()
    await env.DB.prepare(
      `INSERT OR IGNORE INTO model_markets (model_code, country_code) VALUES ('p5-only-se', 'SE')`,
    ).run()
    const store = createStore(env)
    expect((await store.modelsForCountry('SE')).map((m) => m.code)).toEqual(['p5', 'p5-only-se'])
    expect((await store.modelsForCountry('NO')).map((m) => m.code)).toEqual(['p5'])
  })
})

describe('documents parsed once while cached', () => {
  it("checks a country's stores once per cached document, with the same stores every time", async () => {
    const parse = vi.spyOn(StoreFile, 'parse')
    try {
      const store = createStore(env)
      const first = await store.showrooms('NO')
      const second = await createStore(env).showrooms('NO')
      expect(first.length).toBeGreaterThan(0)
      expect(second).toEqual(first)
      expect(parse).toHaveBeenCalledTimes(1)
      // A caller that reorders its list does not reorder the next page's.
      first.reverse()
      expect((await store.showrooms('NO')).map((s) => s.id)).toEqual(second.map((s) => s.id))
    } finally {
      parse.mockRestore()
    }
  })
})

describe('what a caller can put in the cache', () => {
  it('stores nothing for a model code a caller made up, through the API or the store', async () => {
    const before = (await env.KV.list({ prefix: `${CACHE_VERSION}:catalog:` })).keys.length
    for (const code of ['no-such-car', '../../etc/passwd', 'x'.repeat(200)]) {
      const res = await exports.default.fetch(
        new Request(`http://local.test/api/v1/catalog/${encodeURIComponent(code)}?site=/no`),
      )
      expect(res.status).toBe(404)
      await res.arrayBuffer()
      expect(await createStore(env).catalog(code)).toBeNull()
    }
    const after = (await env.KV.list({ prefix: `${CACHE_VERSION}:catalog:` })).keys
    expect(after.length).toBe(before)
    expect(after.map((k) => k.name)).not.toContain(`${CACHE_VERSION}:catalog:no-such-car`)
    expect(await createStore(env).catalog('p5')).not.toBeNull()
  })

  it('keeps at most MEMORY_ENTRIES values in memory, the least recently used going first', async () => {
    const kv = { get: async () => null, put: async () => {} } as unknown as KVNamespace
    let loads = 0
    const read = (key: string) => cacheAside({ kv, key, schema: z.number(), ttlSeconds: 60, load: async () => ++loads })
    await read('first')
    for (let i = 0; i < MEMORY_ENTRIES; i++) await read(`filler-${i}`)
    expect(loads).toBe(MEMORY_ENTRIES + 1)
    // 'first' was pushed out by the fillers and is loaded again; the newest filler is still in memory.
    await read('first')
    await read(`filler-${MEMORY_ENTRIES - 1}`)
    expect(loads).toBe(MEMORY_ENTRIES + 2)
  })
})
