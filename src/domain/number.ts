/**
 * Rounds a number down (towards negative infinity) to a given count of decimals, without
 * binary floating-point surprises such as `roundDown(1.005, 2)` giving 1.00 because 1.005 is
 * stored as 1.00499…: the value is first shifted as a decimal string.
 *
 * @example
 * roundDown(7.45678, 2) // 7.45
 * roundDown(-1.231, 1) // -1.3
 */
export function roundDown(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a whole number ≥ 0')
  const shifted = Number(`${value}e${decimals}`)
  return Number(`${Math.floor(shifted)}e-${decimals}`)
}
