import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { REGIONAL_BASES, regionalDifferences } from './regional'

const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'))

describe('regional catalogs as differences', () => {
  it.each(Object.entries(REGIONAL_BASES))('%s is rebuilt exactly from %s and its differences', (locale, base) => {
    const own = read(locale)
    const differences = regionalDifferences(own, read(base))
    expect({ ...read(base), ...differences }).toEqual(own)
    // The point of it: most of the catalog is shared.
    expect(Object.keys(differences).length).toBeLessThan(Object.keys(own).length / 2)
  })

  it('refuses a regional catalog that lacks a message of its base', () => {
    expect(() => regionalDifferences({ a: 'x' }, { a: 'x', b: 'y' })).toThrow(/lacks b/)
  })
})
