import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blocksRepeat, CLOSED_STATUSES } from './repeat'

describe('ordering the same car again', () => {
  it('is refused while the first order is under way, and allowed once it is cancelled, refunded or delivered', () => {
    for (const status of ['placed', 'depositPaid', 'contractSigned', 'allocated', 'cancellationRequested', 'poPlaced'])
      expect(blocksRepeat(status), status).toBe(true)
    for (const status of ['cancelled', 'refunded', 'orderCancelled', 'requestCancelled', 'delivered'])
      expect(blocksRepeat(status), status).toBe(false)
  })

  it('follows the same list as the database index', () => {
    const sql = readFileSync(new URL('../../../migrations/0050_one_open_order_per_car.sql', import.meta.url), 'utf8')
    const listed = /status NOT IN \(([^)]*)\)/.exec(sql)?.[1] ?? ''
    const statuses = [...listed.matchAll(/'(\w+)'/g)].map((m) => m[1])
    expect(statuses.sort()).toEqual([...CLOSED_STATUSES].sort())
  })
})
