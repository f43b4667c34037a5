// No zod here: the browser's configurator prices with it.
import { isIsoDate } from '../catalog/markets'
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

/**
 * The rules as the browser needs them to price on a date: only the set in force then (the configurator ships its
 * rules in the page, and Norway alone has four dated sets). When none is in force, all of them, so the problem
 * can name the first date.
 *
 * @example
 * rulesInForceOn(noRules, '2026-11-27').ruleSets.map((set) => set.validFrom) // ['2026-01-01']
 */
export function rulesInForceOn(rules: CountryPriceRules, date: string): CountryPriceRules {
  const set = ruleSetValidOn(rules, date)
  return set && rules.ruleSets.length > 1 ? { ...rules, ruleSets: [set] } : rules
}
