import { describe, expect, it } from 'vitest'
import { validExpiry } from './cards'

const now = new Date('2026-12-02T12:00:00Z')

describe('validExpiry', () => {
  it.each(['0130', '01/30', '01 / 30', ' 01 /30 ', '1/30', '1 / 30', '12/26'])(
    'takes %j, as Stripe’s field does',
    (typed) => {
      expect(validExpiry(typed, now)).toBe(true)
    },
  )

  it.each(['130', '13/30', '00/30', '11/26', '1126', '01/2030', '0a/30', ''])('refuses %j', (typed) => {
    expect(validExpiry(typed, now)).toBe(false)
  })
})
