// No zod here: the browser's configurator prices with it.
import { isIsoDate } from '../catalog/markets'
import { shared } from '../shared-values'
import type { CountryPriceRules, PriceRuleSet } from './rules'

/**
 * The rule set in force on a date: the latest one whose validFrom is on or before it, or undefined
 * when the date precedes every set.
 *
 * @example
 * ruleSetValidOn(noRules, '2023-06-01')?.validFrom // '2023-01-01'
 */
export function ruleSetValidOn(rules: CountryPriceRules, date: string): PriceRuleSet | undefined {
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`)
  const day = date
  // ISO dates compare correctly as strings.
  return rules.ruleSets
    .filter((set) => set.validFrom <= day)
    .reduce<PriceRuleSet | undefined>(
      (latest, set) => (!latest || set.validFrom > latest.validFrom ? set : latest),
      undefined,
    )
}

const inForce = new WeakMap<CountryPriceRules, { date: string; rules: CountryPriceRules }>()

/**
 * The rules as the browser needs them to price on a date: only the set in force then (the configurator ships its
 * rules in the page, and Norway alone has four dated sets). When none is in force, all of them, so the problem
 * can name the first date. The same object for the same document and date (per-isolate memo of the last date
 * asked per document), so values memoised on the document stay shared between requests.
 *
 * @example
 * rulesInForceOn(noRules, '2026-11-27').ruleSets.map((set) => set.validFrom) // ['2026-01-01']
 */
export function rulesInForceOn(rules: CountryPriceRules, date: string): CountryPriceRules {
  const known = inForce.get(rules)
  if (known?.date === date) return known.rules
  const set = ruleSetValidOn(rules, date)
  const trimmed = shared(set && rules.ruleSets.length > 1 ? { ...rules, ruleSets: [set] } : rules)
  inForce.set(rules, { date, rules: trimmed })
  return trimmed
}
