import { describe, expect, it } from 'vitest'
import { DEFAULT_HANDOVER_DAYS, hasMoved, windowAfterStep, windowAtPlacement } from './delivery-window'

describe('the delivery window', () => {
  it('starts as the lead time from the order date and moves with allocation, shipping and preparation', () => {
    const placed = windowAtPlacement({ earliest: '2026-04-26', latest: '2026-05-24' }, '2026-03-01')
    expect(placed).toEqual({ from: '2026-04-26', to: '2026-05-24', step: 'placed', estimatedOn: '2026-03-01' })
    // Allocated on 10 April: 21–42 days to the handover, 1 May to 22 May.
    const allocated = windowAfterStep('allocated', '2026-04-10', DEFAULT_HANDOVER_DAYS)
    expect(allocated).toEqual({ from: '2026-05-01', to: '2026-05-22', step: 'allocated', estimatedOn: '2026-04-10' })
    expect(hasMoved(placed, allocated)).toBe(true)
    // Shipped on 30 April: 10–21 days, 10 May to 21 May; in preparation on 12 May: 3–7 days, 15 to 19 May.
    expect(windowAfterStep('shipped', '2026-04-30', DEFAULT_HANDOVER_DAYS)).toMatchObject({
      from: '2026-05-10',
      to: '2026-05-21',
    })
    expect(windowAfterStep('vehiclePreparation', '2026-05-12', DEFAULT_HANDOVER_DAYS)).toMatchObject({
      from: '2026-05-15',
      to: '2026-05-19',
    })
    expect(windowAfterStep('contractSigned', '2026-05-12', DEFAULT_HANDOVER_DAYS)).toBeNull()
    expect(hasMoved(allocated ?? undefined, allocated)).toBe(false)
  })
})
