import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Catalog } from './schema'
import { siteCatalog } from './view'

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
