import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { StockCarSchema } from '../domain/stock/schema'
import { createStockStore } from './stock'

describe('stock rows', () => {
  it('are checked once while unchanged, and a changed row is read as it now is', async () => {
    const parse = vi.spyOn(StockCarSchema, 'parse')
    try {
      const stock = createStockStore(env.DB)
      const first = await stock.ofCountry('NO')
      expect(first.length).toBeGreaterThan(1)
      const checks = parse.mock.calls.length
      expect(await stock.ofCountry('NO')).toEqual(first)
      expect(parse.mock.calls.length).toBe(checks)
      // A caller that changes its car changes nobody else's.
      first[0]?.configuration.accessoryCodes.push('changed')
      expect((await stock.ofCountry('NO'))[0]?.configuration.accessoryCodes).not.toContain('changed')
      const sold = first[1]
      if (!sold) throw new Error('no second stock car')
      await env.DB.prepare('UPDATE stock_cars SET remaining = remaining - 1 WHERE id = ?1').bind(sold.id).run()
      const after = await stock.ofCountry('NO')
      expect(after.find((car) => car.id === sold.id)?.remaining).toBe(sold.remaining - 1)
      expect(parse.mock.calls.length).toBe(checks + 1)
    } finally {
      parse.mockRestore()
    }
  })
})
