import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from './catalog/markets'
import { ACCESSIBILITY_RULES, CREDIT_RULES, ENERGY_LABEL_RULES, LEGAL_RULES } from './legal/data'
import { ruleSetValidOn } from './pricing/rules'
import { rulesByCountry } from './pricing/test-data'

/**
 * Law, taxes and rates are facts with a date: each was compared with its official source on `checkedOn` and
 * must be compared again by `reviewBy`. This fails once today is past a review date of anything in force
 * or still to come, so stale law is caught in CI before a customer sees it.
 */
const today = new Date().toISOString().slice(0, 10)

function expectCurrent(what: string, fact: { checkedOn: string; reviewBy: string }) {
  expect(fact.checkedOn <= today, `${what}: checked in the future (${fact.checkedOn})`).toBe(true)
  expect(today <= fact.reviewBy, `${what}: review was due ${fact.reviewBy}`).toBe(true)
}

describe('review dates', () => {
  it('has every price rule set in force today or still to come checked and not past its review date', () => {
    for (const country of COUNTRY_CODES) {
      const sets = rulesByCountry[country].ruleSets
      const current = ruleSetValidOn(rulesByCountry[country], today)
      for (const set of sets.filter((s) => s === current || s.validFrom > today)) {
        expectCurrent(`${country} price rules from ${set.validFrom}`, set)
      }
    }
  })

  it('has every legal rule, credit fact, energy figure and accessibility entry not past its review date', () => {
    for (const rule of LEGAL_RULES.rules) expectCurrent(`legal rule ${rule.id}`, rule)
    for (const warning of CREDIT_RULES.warnings) expectCurrent(`credit warning ${warning.country}`, warning)
    for (const scope of CREDIT_RULES.scope) expectCurrent(`credit scope ${scope.kind}/${scope.usage}`, scope)
    const { germany, france } = ENERGY_LABEL_RULES
    expectCurrent('Pkw-EnVKV electricity price', germany.electricityPrice)
    expectCurrent('German vehicle tax', germany.vehicleTax)
    expectCurrent('French advertising messages', france)
    for (const entry of ACCESSIBILITY_RULES.countries) expectCurrent(`accessibility ${entry.country}`, entry)
  })

  it('would fail on a review date in the past', () => {
    expect(() => expectCurrent('a lapsed fact', { checkedOn: '2020-01-01', reviewBy: '2020-06-30' })).toThrow(
      /review was due 2020-06-30/,
    )
  })
})
