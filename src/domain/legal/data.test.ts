import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ACCESSIBILITY_RULES,
  CREDIT_RULES,
  creditInScope,
  creditWarningRequired,
  ENERGY_LABEL_RULES,
  LEGAL_RULES,
} from './data'
import { AccessibilityRules, CreditRules, EnergyLabelRules, LegalRules } from './schema'

describe('data/legal', () => {
  it('is valid against its schemas', () => {
    expect(LegalRules.safeParse(LEGAL_RULES).error).toBeUndefined()
    expect(CreditRules.safeParse(CREDIT_RULES).error).toBeUndefined()
    expect(EnergyLabelRules.safeParse(ENERGY_LABEL_RULES).error).toBeUndefined()
    expect(AccessibilityRules.safeParse(ACCESSIBILITY_RULES).error).toBeUndefined()
  })

  it('refuses an unconfirmed rule without a note saying what was not confirmed', () => {
    const rule = { ...structuredClone(LEGAL_RULES.rules[0]), unconfirmed: true, note: undefined }
    expect(LegalRules.safeParse({ rules: [rule] }).success).toBe(false)
    expect(LegalRules.safeParse({ rules: [{ ...rule, note: 'The transposing act was not read.' }] }).success).toBe(true)
  })

  it('refuses CO₂ classes that do not rise or leave a class open in the middle', () => {
    const germany = structuredClone(ENERGY_LABEL_RULES.germany)
    germany.co2Classes[2] = { class: 'C', maxGramsPerKm: null }
    expect(EnergyLabelRules.safeParse({ ...ENERGY_LABEL_RULES, germany }).success).toBe(false)
  })

  it('has every rule in the table of docs/features/legal-requirements.md', () => {
    const doc = readFileSync(new URL('../../../docs/features/legal-requirements.md', import.meta.url), 'utf8')
    for (const rule of LEGAL_RULES.rules) expect(doc, rule.id).toContain(`\`${rule.id}\``)
  })

  it('puts a private lease outside the Consumer Credit Directive and a consumer loan inside', () => {
    expect(creditInScope('loan', 'personal')).toBe(true)
    expect(creditInScope('hirePurchase', 'personal')).toBe(true)
    expect(creditInScope('privateLease', 'personal')).toBe(false)
    expect(creditInScope('loan', 'business')).toBe(false)
    expect(creditInScope('cash', 'personal')).toBe(false)
  })

  it('requires the credit warning where the law of the country asks for it', () => {
    expect(creditWarningRequired('FR')).toBe(true)
    expect(creditWarningRequired('NL')).toBe(true)
    expect(creditWarningRequired('NO')).toBe(false)
  })

  it('gives every country site an accessibility entry', () => {
    const countries = ACCESSIBILITY_RULES.countries.map((c) => c.country).sort()
    expect(countries).toEqual(['AT', 'BE', 'DE', 'DK', 'FR', 'GLOBAL', 'IS', 'LU', 'NL', 'NO', 'SE', 'TH'])
  })
})
