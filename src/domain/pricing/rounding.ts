/**
 * Integer money arithmetic. Rates are basis points (2500 = 25 %) and amounts whole minor units, so
 * every division happens once, here, in BigInt, with one explicit rounding rule.
 */

const BASIS_POINTS = 10_000n

function toBigInt(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`)
  return BigInt(value)
}

function toSafeNumber(value: bigint): number {
  const result = Number(value)
  if (!Number.isSafeInteger(result)) throw new RangeError(`result ${value} is beyond safe integers`)
  return result
}

/**
 * numerator / denominator rounded half up, i.e. halves go away from zero (commercial rounding, as
 * invoices and tax authorities round VAT), exact for any safe-integer inputs.
 *
 * @example
 * roundHalfUp(5, 2) // 3
 * roundHalfUp(-5, 2) // -3
 * roundHalfUp(7, 3) // 2
 */
export function roundHalfUp(numerator: number, denominator: number): number {
  return toSafeNumber(divideHalfUp(toBigInt(numerator, 'numerator'), toBigInt(denominator, 'denominator')))
}

/**
 * The same as roundHalfUp on big integers, for products of amounts that exceed safe integers.
 *
 * @example
 * divideHalfUp(5n, 2n) // 3n
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const quotient = (2n * n + d) / (2n * d)
  return negative ? -quotient : quotient
}

/**
 * A rate of an amount, rounded half up to whole minor units: VAT on a net amount, for instance.
 *
 * @example
 * percentOf(10_000_001, 2500) // 2_500_000 (25 % of 100 000.01 is 25 000.0025 → 25 000.00)
 * percentOf(2, 2500) // 1 (0.5 minor units round up)
 */
export function percentOf(amountMinor: number, rateBasisPoints: number): number {
  return toSafeNumber(divideHalfUp(toBigInt(amountMinor, 'amount') * toBigInt(rateBasisPoints, 'rate'), BASIS_POINTS))
}

/**
 * The VAT contained in a gross amount: gross minus the net, where the net is gross / (1 + rate)
 * rounded half up. Taking the rounding on the net keeps net + VAT equal to the gross exactly.
 *
 * @example
 * vatIncludedIn(119_800, 2100) // 20_792 (net 99 008 = round(1198.00 / 1.21) cents)
 */
export function vatIncludedIn(grossMinor: number, rateBasisPoints: number): number {
  const gross = toBigInt(grossMinor, 'gross')
  const rate = toBigInt(rateBasisPoints, 'rate')
  const net = divideHalfUp(gross * BASIS_POINTS, BASIS_POINTS + rate)
  return toSafeNumber(gross - net)
}

/**
 * A rate in basis points as the percentage number messages show: 2500 → 25, 550 → 5.5.
 *
 * @example
 * ratePercent(2100) // 21
 */
export function ratePercent(rateBasisPoints: number): number {
  return rateBasisPoints / 100
}
