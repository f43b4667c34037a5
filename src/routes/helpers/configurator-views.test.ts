import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Catalog } from '../../domain/catalog/schema'
import { rulesByCountry } from '../../domain/pricing/test-data'
import { rulesInForce, visitorCatalog } from './configurator-views'

const catalog = Catalog.parse(
  JSON.parse(readFileSync(new URL('../../../data/catalog/p5.json', import.meta.url), 'utf8')),
)

describe('visitorCatalog', () => {
  it('is made once per document, site and language, and anew for a new document', () => {
    const first = visitorCatalog(catalog, 'SE', 'sv-SE')
    expect(visitorCatalog(catalog, 'SE', 'sv-SE')).toBe(first)
    // Another language or country of the same document is its own view.
    expect(visitorCatalog(catalog, 'DK', 'da-DK')).not.toBe(first)
    expect(Object.keys(visitorCatalog(catalog, 'DK', 'da-DK').paints[0]?.names ?? {})).toEqual(['da-DK'])
    // A new document (a data release: the cache hands out a new object) is never answered with the old view.
    const released = structuredClone(catalog)
    const paint = released.paints[0]
    if (!paint) throw new Error('the catalog has no paint')
    paint.names['sv-SE'] = 'Ny färg'
    const view = visitorCatalog(released, 'SE', 'sv-SE')
    expect(view).not.toBe(first)
    expect(view.paints[0]?.names['sv-SE']).toBe('Ny färg')
  })
})

describe('rulesInForce', () => {
  it('is the same object for the same document and day (memos keyed on the document stay shared)', () => {
    expect(rulesInForce(rulesByCountry.NO, '2026-11-27')).toBe(rulesInForce(rulesByCountry.NO, '2026-11-27'))
    expect(rulesInForce(rulesByCountry.NL, '2026-11-27')).toBe(rulesInForce(rulesByCountry.NL, '2026-11-27'))
  })
})
