/**
 * Annual percentage rate of charge (APR) as the Consumer Credit Directive 2008/48/EC, Annex I, defines
 * it: the yearly rate X that makes the present value of what the lender pays out equal to the present
 * value of everything the consumer pays back,
 *
 *   Σ C_k (1 + X)^(−s_k) = Σ D_l (1 + X)^(−t_l)
 *
 * Convention used here (Annex I, part II):
 * - time is measured in years from the first drawdown; months are equal, so payment k falls at k / 12;
 * - the drawdown at t = 0 is the loan amount minus any fee the consumer pays upfront or that is
 *   deducted from the payout (fee1, establishment fee); the down payment is not credit and stays out;
 * - every monthly payment counts with its term fee (fee3); a balloon counts at the last payment's time;
 * - X is solved by Newton's method inside a bisection bracket until the bracket is narrower than 1e-10;
 * - the result is reported to 0.01 % (basis points), halves rounded up as Annex I prescribes.
 */

/**
 * A payment the consumer makes, `years` after the drawdown (month k = k / 12).
 *
 * @example
 * const third: Repayment = { years: 3 / 12, amount: 86_066 }
 */
export interface Repayment {
  years: number
  amount: number
}

const TOLERANCE = 1e-10

function presentValue(repayments: readonly Repayment[], rate: number): { value: number; slope: number } {
  let value = 0
  let slope = 0
  for (const { years, amount } of repayments) {
    const discounted = amount * (1 + rate) ** -years
    value += discounted
    slope -= (years * discounted) / (1 + rate)
  }
  return { value, slope }
}

/**
 * The unrounded APR, a decimal (0.0712 = 7.12 %), for a drawdown at time 0 and repayments after it.
 * Throws a RangeError for a drawdown that is not positive or repayments that never pay it back.
 *
 * @example
 * solveApr(1_000_000, [{ years: 1, amount: 1_100_000 }]) // 0.1 (±1e-10)
 * solveApr(1_200, Array.from({ length: 12 }, (_, k) => ({ years: (k + 1) / 12, amount: 100 }))) // 0
 */
export function solveApr(drawdown: number, repayments: readonly Repayment[]): number {
  if (!(drawdown > 0)) throw new RangeError(`the amount paid out must be positive, got ${drawdown}`)
  if (repayments.length === 0 || repayments.some((r) => !(r.years > 0) || r.amount < 0)) {
    throw new RangeError('repayments fall after the drawdown and are not negative')
  }
  const gap = (rate: number) => presentValue(repayments, rate).value - drawdown
  // The present value falls as the rate rises, from +∞ near −100 % to 0: one root, bracketed here.
  let low = -0.9999
  let high = 1
  while (gap(high) > 0) {
    high *= 2
    if (high > 1e6) throw new RangeError('no APR below 100 000 000 %')
  }
  if (gap(low) < 0) throw new RangeError('repayments are too small for any APR above −99.99 %')
  let rate = 0.05
  for (let i = 0; i < 500 && high - low > TOLERANCE; i++) {
    const { value, slope } = presentValue(repayments, rate)
    const f = value - drawdown
    if (f === 0) return rate
    if (f > 0) low = rate
    else high = rate
    const newton = slope < 0 ? rate - f / slope : Number.NaN
    // Newton when it stays inside the bracket, halving otherwise: always converges, usually in 5 steps.
    const next = newton > low && newton < high ? newton : (low + high) / 2
    if (Math.abs(next - rate) < TOLERANCE / 10) return next
    rate = next
  }
  return (low + high) / 2
}

/**
 * A yearly rate as whole basis points, halves up (Annex I: "if the figure at the following decimal
 * place is greater than or equal to 5, the figure at the preceding decimal place shall be increased").
 *
 * @example
 * rateToBasisPoints(0.071249) // 712
 * rateToBasisPoints(0.07125) // 713
 */
export function rateToBasisPoints(rate: number): number {
  if (!Number.isFinite(rate)) throw new RangeError(`rate must be finite, got ${rate}`)
  // Drop floating-point noise (0.07125 is stored as 0.0712499999…) before rounding the half up.
  const scaled = Number((rate * 10_000).toFixed(6))
  const rounded = Math.sign(scaled) * Math.floor(Math.abs(scaled) + 0.5)
  return rounded === 0 ? 0 : rounded // never −0
}

/**
 * The effective yearly rate of a nominal rate compounded monthly, (1 + r/12)^12 − 1, in basis points:
 * what the credit costs before any fee.
 *
 * @example
 * effectiveRateBp(699) // 722 (6.99 % nominal = 7.2183 % effective)
 */
export function effectiveRateBp(nominalRateBp: number): number {
  return rateToBasisPoints((1 + nominalRateBp / 120_000) ** 12 - 1)
}
