// No zod here: pages and the browser read these facts. schema.ts validates the same files (data.test.ts).

import accessibilityJson from '../../../data/legal/accessibility.json'
import creditJson from '../../../data/legal/credit.json'
import energyJson from '../../../data/legal/energy-label.json'
import rulesJson from '../../../data/legal/rules.json'
import type { CountryCode, Usage } from '../catalog/markets'
import type { FinanceKind } from '../finance/products'
import type { AccessibilityRules, CreditRules, EnergyLabelRules, LegalRules } from './schema'

/** Every legal requirement of data/legal/rules.json (docs/features/legal-requirements.md is its table). */
export const LEGAL_RULES = rulesJson as unknown as LegalRules
export const CREDIT_RULES = creditJson as unknown as CreditRules
export const ENERGY_LABEL_RULES = energyJson as unknown as EnergyLabelRules
export const ACCESSIBILITY_RULES = accessibilityJson as unknown as AccessibilityRules

/**
 * Whether the country's own law asks for the credit warning next to a monthly figure or rate. Sites whose
 * law does not ask for it show it all the same (`showsCreditWarning`), so only the source differs.
 *
 * @example
 * creditWarningRequired('FR') // true
 */
export function creditWarningRequired(country: CountryCode): boolean {
  return CREDIT_RULES.warnings.some((w) => w.country === country && w.required)
}

/**
 * Whether a product for a usage falls under the Consumer Credit Directive (the SECCI, the 14-day credit
 * withdrawal and the right to human intervention then apply). Unknown pairs count as in scope.
 *
 * @example
 * creditInScope('loan', 'personal') // true
 * creditInScope('privateLease', 'personal') // false
 */
export function creditInScope(kind: FinanceKind, usage: Usage): boolean {
  return CREDIT_RULES.scope.find((s) => s.kind === kind && s.usage === usage)?.inScope ?? kind !== 'cash'
}

/**
 * The accessibility facts of a country: its law and the enforcement body, if one is known.
 *
 * @example
 * accessibilityOf('AT').body // 'Sozialministeriumservice'
 */
export function accessibilityOf(country: CountryCode): AccessibilityRules['countries'][number] {
  const entry = ACCESSIBILITY_RULES.countries.find((c) => c.country === country)
  if (!entry) throw new RangeError(`no accessibility facts for ${country}`)
  return entry
}

/**
 * Whether a rule of data/legal/rules.json applies in a country (its own country list).
 *
 * @example
 * ruleAppliesIn('credit-withdrawal', 'DE') // true
 * ruleAppliesIn('credit-withdrawal', 'TH') // false
 */
export function ruleAppliesIn(id: string, country: CountryCode): boolean {
  const rule = LEGAL_RULES.rules.find((r) => r.id === id)
  if (!rule) throw new RangeError(`no legal rule ${id}`)
  return rule.countries.includes(country)
}
