import { describe, expect, it } from 'vitest'
import { TEST_CARDS, testCardOutcome } from './payment'

describe('testCardOutcome', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded'],
    ['4242-4242-4242-4242', 'succeeded'],
    ['4242424242424242', 'succeeded'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0000 0000 9995', 'abandoned'],
    ['5555 5555 5555 4444', 'declined'],
    ['4242 4242 4242 424', 'declined'],
    ['', 'declined'],
  ] as const)('%j → %s', (card, outcome) => {
    expect(testCardOutcome(card)).toBe(outcome)
  })

  it('knows one card per outcome', () => {
    for (const [outcome, card] of Object.entries(TEST_CARDS)) expect(testCardOutcome(card)).toBe(outcome)
  })
})
