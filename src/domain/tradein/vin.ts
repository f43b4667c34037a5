/**
 * Vehicle identification numbers (ISO 3779): 17 characters from the digits and the Latin capitals without I, O
 * and Q (they look like 1 and 0). The first three characters are the world manufacturer identifier (WMI).
 *
 * The check digit (position 9) is not checked: ISO 3779 does not require one and most vehicles built for Europe
 * carry a plain serial character there, so rejecting on it would turn away valid European cars. Only North
 * American VINs (49 CFR 565) must have it.
 */

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/

/**
 * What is wrong with a VIN: nothing entered, not 17 characters, or a character outside the alphabet.
 *
 * @example
 * const problem: VinProblem = 'forbiddenLetter'
 */
export type VinProblem = 'required' | 'length' | 'forbiddenLetter' | 'character'

/**
 * A VIN in its stored form (upper case, spaces and hyphens removed), or what is wrong with it. Lower case is
 * accepted and stored upper case; I, O and Q are refused in either case.
 *
 * @example
 * normalizeVin(' yv1xzk7v0p2012345 ') // { ok: true, vin: 'YV1XZK7V0P2012345' }
 * normalizeVin('YV1XZK7VOP2012345') // { ok: false, problem: 'forbiddenLetter' }
 */
export function normalizeVin(input: string): { ok: true; vin: string } | { ok: false; problem: VinProblem } {
  const vin = input.replace(/[\s-]/g, '').toUpperCase()
  if (vin === '') return { ok: false, problem: 'required' }
  if (VIN.test(vin)) return { ok: true, vin }
  if (/[IOQ]/.test(vin)) return { ok: false, problem: 'forbiddenLetter' }
  if (vin.length !== 17) return { ok: false, problem: 'length' }
  return { ok: false, problem: 'character' }
}

/**
 * The world manufacturer identifier of a valid VIN: its first three characters.
 *
 * @example
 * worldManufacturer('WVWZZZE1ZMP012345') // 'WVW'
 */
export function worldManufacturer(vin: string): string {
  return vin.slice(0, 3)
}
