import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { onTheRoadPrice } from '../pricing/engine'
import { rulesByCountry } from '../pricing/test-data'
import { defaultConfiguration, validateConfiguration } from './configuration'
import { deliveryWindow } from './delivery'
import { Catalog } from './schema'
import { catalogForVisitor, siteCatalog } from './view'

const catalog = Catalog.parse(
  JSON.parse(readFileSync(new URL('../../../data/catalog/p5.json', import.meta.url), 'utf8')),
)

describe('siteCatalog', () => {
  it('names every option in the site’s language and prices it in the country’s currency', () => {
    const view = siteCatalog(catalog, 'DK', 'da-DK')
    expect(view?.currency).toBe('DKK')
    const paint = catalog.paints[0]
    expect(view?.paints[0]).toMatchObject({ code: paint?.code, name: paint?.names['da-DK'], price: paint?.prices.DK })
  })

  it('leaves out what the country does not sell and keeps spec-list order', () => {
    const view = siteCatalog(catalog, 'TH', 'th-TH')
    const sold = catalog.accessories.filter((a) => a.prices.TH !== undefined).sort((a, b) => a.sort - b.sort)
    expect(view?.accessories.map((a) => a.code)).toEqual(sold.map((a) => a.code))
    expect(view?.accessories.length).toBeLessThan(catalog.accessories.length)
  })

  it('offers a valid default configuration', () => {
    expect(siteCatalog(catalog, 'NO', 'nb-NO')?.defaults).toMatchObject({ modelCode: 'p5', packCodes: [] })
  })
})

describe('catalogForVisitor', () => {
  const sites = [
    ['NO', 'nb-NO'],
    ['BE', 'fr-BE'],
    ['TH', 'th-TH'],
    ['IS', 'is-IS'],
  ] as const

  it('shows, prices and validates exactly like the full catalog for its site', () => {
    for (const [country, locale] of sites) {
      const slim = catalogForVisitor(catalog, country, locale)
      expect(siteCatalog(slim, country, locale), country).toEqual(siteCatalog(catalog, country, locale))
      const configuration = defaultConfiguration(catalog, country)
      const input = {
        rules: rulesByCountry[country],
        country,
        usage: 'personal',
        configuration,
        date: '2026-11-22',
      } as const
      expect(onTheRoadPrice({ ...input, catalog: slim })).toEqual(onTheRoadPrice({ ...input, catalog }))
      expect(deliveryWindow(slim, country, configuration, '2026-11-22')).toEqual(
        deliveryWindow(catalog, country, configuration, '2026-11-22'),
      )
      // A code sold elsewhere only is still known, and refused for the same reason.
      const foreign = {
        ...configuration,
        accessoryCodes: catalog.accessories.filter((a) => a.prices[country] === undefined).map((a) => a.code),
      }
      expect(validateConfiguration(slim, country, foreign)).toEqual(validateConfiguration(catalog, country, foreign))
    }
  })

  it('leaves the other languages and countries out', () => {
    const slim = catalogForVisitor(catalog, 'NO', 'nb-NO')
    expect(Object.keys(slim.paints[0]?.names ?? {})).toEqual(['nb-NO'])
    expect(Object.keys(slim.versions[0]?.prices ?? {})).toEqual(['NO'])
    expect(Object.keys(slim.markets)).toEqual(['NO'])
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(catalog).length / 3)
  })
})
