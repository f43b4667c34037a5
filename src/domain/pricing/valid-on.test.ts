import { describe, expect, it } from 'vitest'
import { defaultConfiguration } from '../catalog/configuration'
import { COUNTRY_CODES } from '../catalog/markets'
import { onTheRoadPrice } from './engine'
import { catalog, rulesByCountry } from './test-data'
import { rulesInForceOn } from './valid-on'

describe('rulesInForceOn', () => {
  const norway = rulesByCountry.NO

  it("keeps only the set in force on the day: Norway's four dated sets become the one of 2026", () => {
    const shipped = rulesInForceOn(norway, '2026-11-27')
    expect(shipped.ruleSets.map((set) => set.validFrom)).toEqual(['2026-01-01'])
    expect(rulesInForceOn(norway, '2027-01-01').ruleSets.map((set) => set.validFrom)).toEqual(['2027-01-01'])
    expect(rulesInForceOn(norway, '2022-12-31').ruleSets.map((set) => set.validFrom)).toEqual(['2022-01-01'])
  })

  it('keeps every set on a day before the first, so the problem can name the first date', () => {
    expect(rulesInForceOn(norway, '2021-06-01')).toBe(norway)
  })

  it('prices every site the same with the trimmed rules as with all of them, on either side of a change of law', () => {
    for (const date of ['2025-12-31', '2026-01-01', '2026-11-27', '2027-01-01']) {
      for (const country of COUNTRY_CODES) {
        const input = {
          catalog,
          country,
          usage: 'personal' as const,
          configuration: defaultConfiguration(catalog, country),
          date,
        }
        const full = onTheRoadPrice({ ...input, rules: rulesByCountry[country] })
        const trimmed = onTheRoadPrice({ ...input, rules: rulesInForceOn(rulesByCountry[country], date) })
        expect(trimmed, `${country} ${date}`).toEqual(full)
      }
    }
  })
})
