/**
 * Registration plate formats of every country site (SPEC §5 asks for a valid plate number; the patterns are ours,
 * from each registry's current series). A plate is checked in upper case; spaces and hyphens may be typed anywhere
 * the canonical spelling has a separator and are stored in that spelling. Personalised (vanity), diplomatic,
 * military and trade plates are not accepted: the store values those cars in person.
 *
 * | country | format | canonical example |
 * |---|---|---|
 * | NO | 2 letters + 5 digits | `EL 12345` |
 * | SE | 3 letters (no I, Q, V) + 2 digits + a digit or letter (no I, O, Q, V) | `ABC 123`, `ABC 12D` |
 * | DK | 2 letters + 5 digits, grouped 2 + 3 | `AB 12 345` |
 * | NL | 6 letters and digits in one of the sidecodes 1–14 (`XX-99-99` … `999-XX-9`) | `AB-12-CD`, `12-ABC-3` |
 * | DE | district 1–3 letters, 1–2 letters, 1–4 digits not starting 0, optional E (electric) or H; ≤ 8 characters | `B-AB 1234`, `M-EV 123E` |
 * | FR | SIV: 2 letters + 3 digits (not 000) + 2 letters, no I, O, U | `AB-123-CD` |
 * | BE | a digit 1–9 + 3 letters + 3 digits | `1-ABC-123` |
 * | TH | an optional digit + 1–2 Thai consonants, then 1–4 digits (the province line is not asked) | `1กข 1234` |
 * | IS | 2 letters + a letter or digit + 2 digits | `AB 123`, `AB C12` |
 * | LU | 2 letters + 4 digits, or the older 4–6 digits | `AB 1234`, `123456` |
 * | AT | district 1–2 letters, then 1–5 digits + 1–3 letters, 3–6 characters together | `W-12345 A`, `G-123 AB` |
 */
import type { StoreCountry } from '../testdrive/phone'

interface PlateRule {
  /** The canonical spelling, or null when the input is not a plate of this country. */
  parse(upper: string): string | null
  example: string
}

const compact = (upper: string) => upper.replace(/[\s-]/g, '')

function compactRule(pattern: RegExp, format: (m: RegExpExecArray) => string, example: string): PlateRule {
  return {
    parse: (upper) => {
      const m = pattern.exec(compact(upper))
      return m ? format(m) : null
    },
    example,
  }
}

/** Dutch sidecodes 1–14 as letter (L) / digit (D) shapes, with where the hyphens go. */
const NL_SIDECODES: readonly [shape: string, groups: readonly number[]][] = [
  ['LLDDDD', [2, 2, 2]],
  ['DDDDLL', [2, 2, 2]],
  ['DDLLDD', [2, 2, 2]],
  ['LLDDLL', [2, 2, 2]],
  ['LLLLDD', [2, 2, 2]],
  ['DDLLLL', [2, 2, 2]],
  ['DDLLLD', [2, 3, 1]],
  ['DLLLDD', [1, 3, 2]],
  ['LLDDDL', [2, 3, 1]],
  ['LDDDLL', [1, 3, 2]],
  ['LLLDDL', [3, 2, 1]],
  ['LDDLLL', [1, 2, 3]],
  ['DLLDDD', [1, 2, 3]],
  ['DDDLLD', [3, 2, 1]],
]

function dutchPlate(upper: string): string | null {
  const plate = compact(upper)
  if (!/^[A-Z0-9]{6}$/.test(plate)) return null
  const shape = plate.replace(/[A-Z]/g, 'L').replace(/\d/g, 'D')
  const sidecode = NL_SIDECODES.find(([s]) => s === shape)
  if (!sidecode) return null
  const [a = 0, b = 0] = sidecode[1]
  return `${plate.slice(0, a)}-${plate.slice(a, a + b)}-${plate.slice(a + b)}`
}

const GERMAN = /^([A-ZÄÖÜ]{1,3})[\s-]+([A-Z]{1,2})\s*([1-9]\d{0,3})([EH]?)$/
const AUSTRIAN = /^([A-Z]{1,2})[\s-]+(\d{1,5})\s*([A-Z]{1,3})$/
const FRENCH_LETTERS = '[A-HJ-NP-TV-Z]'

/**
 * Each country site's plate format (see the table at the top of this file).
 *
 * @example
 * PLATE_RULES.FR.example // 'AB-123-CD'
 */
export const PLATE_RULES: Record<StoreCountry, PlateRule> = {
  NO: compactRule(/^([A-Z]{2})(\d{5})$/, (m) => `${m[1]} ${m[2]}`, 'EL 12345'),
  SE: compactRule(/^([A-HJ-PR-UW-Z]{3})(\d{2}[\dA-HJ-NPR-UW-Z])$/, (m) => `${m[1]} ${m[2]}`, 'ABC 123'),
  DK: compactRule(/^([A-Z]{2})(\d{2})(\d{3})$/, (m) => `${m[1]} ${m[2]} ${m[3]}`, 'AB 12 345'),
  NL: { parse: dutchPlate, example: 'AB-12-CD' },
  DE: {
    parse: (upper) => {
      const m = GERMAN.exec(upper)
      if (!m) return null
      const [, district = '', letters = '', digits = '', suffix = ''] = m
      return district.length + letters.length + digits.length <= 8 ? `${district}-${letters} ${digits}${suffix}` : null
    },
    example: 'B-AB 1234',
  },
  FR: compactRule(
    new RegExp(`^(${FRENCH_LETTERS}{2})(\\d{3})(${FRENCH_LETTERS}{2})$`),
    (m) => (m[2] === '000' ? '' : `${m[1]}-${m[2]}-${m[3]}`),
    'AB-123-CD',
  ),
  BE: compactRule(/^([1-9])([A-Z]{3})(\d{3})$/, (m) => `${m[1]}-${m[2]}-${m[3]}`, '1-ABC-123'),
  TH: compactRule(/^(\d?[\u0e01-\u0e2e]{1,2})(\d{1,4})$/, (m) => `${m[1]} ${m[2]}`, '1กข 1234'),
  IS: compactRule(/^([A-Z]{2})([A-Z\d]\d{2})$/, (m) => `${m[1]} ${m[2]}`, 'AB 123'),
  LU: compactRule(/^(?:([A-Z]{2})(\d{4})|(\d{4,6}))$/, (m) => (m[3] ? m[3] : `${m[1]} ${m[2]}`), 'AB 1234'),
  AT: {
    parse: (upper) => {
      const m = AUSTRIAN.exec(upper)
      if (!m) return null
      const [, district = '', digits = '', letters = ''] = m
      const length = digits.length + letters.length
      return length >= 3 && length <= 6 ? `${district}-${digits} ${letters}` : null
    },
    example: 'W-12345 A',
  },
}

/**
 * A plate number in its country's canonical spelling, or null when it is not in the country's format.
 *
 * @example
 * normalizePlate('SE', 'abc123') // 'ABC 123'
 * normalizePlate('NL', 'ab12cd') // 'AB-12-CD'
 * normalizePlate('FR', 'AB-000-CD') // null
 */
export function normalizePlate(country: StoreCountry, input: string): string | null {
  const upper = input.trim().replace(/\s+/g, ' ').toUpperCase()
  if (upper === '' || upper.length > 16) return null
  return PLATE_RULES[country].parse(upper) || null
}
