/** How a saved price compares with today's price of the same configuration. */
export interface PriceChange {
  saved: number
  current: number
  /** current − saved, in minor units: positive when it got dearer. */
  difference: number
  direction: 'up' | 'down' | 'same'
}

/**
 * The difference between the price a configuration was saved at and its price now, so a change
 * is shown as a change, never as a surprise.
 *
 * @example
 * priceChange(5_799_000, 5_849_000) // { difference: 50_000, direction: 'up', … }
 */
export function priceChange(saved: number, current: number): PriceChange {
  if (!Number.isSafeInteger(saved) || !Number.isSafeInteger(current)) throw new RangeError('prices are minor units')
  const difference = current - saved
  return { saved, current, difference, direction: difference > 0 ? 'up' : difference < 0 ? 'down' : 'same' }
}
