import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createStockStore, forgetStockLists, STOCK_LIST_SECONDS } from './stock'

describe('stock rows', () => {
  it('are handed to each caller as its own, and a changed row is read as it now is', async () => {
    forgetStockLists()
    const stock = createStockStore(env.DB)
    const first = await stock.ofCountry('NO')
    expect(first.length).toBeGreaterThan(1)
    expect(await stock.ofCountry('NO')).toEqual(first)
    // A caller that changes its car changes nobody else's.
    first[0]?.configuration.accessoryCodes.push('changed')
    expect((await stock.ofCountry('NO'))[0]?.configuration.accessoryCodes).not.toContain('changed')
    const sold = first[1]
    if (!sold) throw new Error('no second stock car')
    await env.DB.prepare('UPDATE stock_cars SET remaining = remaining - 1 WHERE id = ?1').bind(sold.id).run()
    forgetStockLists()
    const after = await stock.ofCountry('NO')
    expect(after.find((car) => car.id === sold.id)?.remaining).toBe(sold.remaining - 1)
  })
})

describe('a country’s stock list', () => {
  const sellOne = async (id: string) =>
    env.DB.prepare('UPDATE stock_cars SET remaining = remaining - 1 WHERE id = ?1').bind(id).run()

  it(`is read from D1 once per ${STOCK_LIST_SECONDS} s by an isolate: a sale elsewhere shows after that`, async () => {
    forgetStockLists()
    const at = Date.parse('2026-11-29T10:00:00Z')
    const stock = createStockStore(env.DB)
    const first = await stock.ofCountry('DK', at)
    const car = first[0]
    if (!car) throw new Error('no Danish stock car')
    await sellOne(car.id)
    const seconds = (s: number) => at + s * 1000
    expect((await stock.ofCountry('DK', seconds(STOCK_LIST_SECONDS - 1))).find((c) => c.id === car.id)?.remaining).toBe(
      car.remaining,
    )
    // A single car, the one a customer orders, is always read anew.
    expect((await stock.find(car.id))?.remaining).toBe(car.remaining - 1)
    expect((await stock.ofCountry('DK', seconds(STOCK_LIST_SECONDS))).find((c) => c.id === car.id)?.remaining).toBe(
      car.remaining - 1,
    )
    // Each caller still gets cars of its own.
    const kept = await stock.ofCountry('DK', seconds(STOCK_LIST_SECONDS + 1))
    kept[0]?.configuration.accessoryCodes.push('changed')
    const again = await stock.ofCountry('DK', seconds(STOCK_LIST_SECONDS + 2))
    expect(again[0]?.configuration.accessoryCodes).not.toContain('changed')
  })

  it('is read anew for a visitor who has just written, and after forgetStockLists', async () => {
    forgetStockLists()
    const at = Date.now()
    const first = await createStockStore(env.DB).ofCountry('SE', at)
    const car = first[0]
    if (!car) throw new Error('no Swedish stock car')
    await sellOne(car.id)
    const remaining = async (store: ReturnType<typeof createStockStore>) =>
      (await store.ofCountry('SE', at + 1000)).find((c) => c.id === car.id)?.remaining
    expect(await remaining(createStockStore(env.DB))).toBe(car.remaining)
    expect(await remaining(createStockStore(env.DB, { recentWrite: true }))).toBe(car.remaining - 1)
    await sellOne(car.id)
    forgetStockLists()
    expect(await remaining(createStockStore(env.DB))).toBe(car.remaining - 2)
  })
})
