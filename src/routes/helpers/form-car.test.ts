import { describe, expect, it, vi } from 'vitest'
import { defaultConfiguration } from '../../domain/catalog/configuration'
import { pricedCar } from '../../domain/pricing/priced-car'
import { catalog, rulesByCountry } from '../../domain/pricing/test-data'
import { siteForPath } from '../../i18n/sites'
import type { LoadContext } from '../route'
import { formCar } from './form-car'

vi.mock('../../domain/pricing/priced-car', async (original) => {
  const actual = await original<typeof import('../../domain/pricing/priced-car')>()
  return { ...actual, pricedCar: vi.fn(actual.pricedCar) }
})

/** A form page's request on a site, with the seeded catalog and the given price rules. */
function context(path: string, rules = rulesByCountry.BE): LoadContext {
  return {
    site: siteForPath(path).site,
    store: { catalog: async () => catalog, priceRules: async () => rules },
  } as unknown as LoadContext
}

describe('formCar', () => {
  it('makes a car once per isolate for the same documents, site, language and day, and anew for anything else', async () => {
    vi.mocked(pricedCar).mockClear()
    const first = await formCar(context('/be/fr-BE'), 'p5')
    expect(first?.price.amount).toMatch(/€/)
    expect(await formCar(context('/be/fr-BE'), 'p5')).toBe(first)
    expect(pricedCar).toHaveBeenCalledTimes(1)
    // The same country in another language names the car in that language.
    const dutch = await formCar(context('/be/nl-BE'), 'p5')
    expect(dutch).not.toBe(first)
    expect(pricedCar).toHaveBeenCalledTimes(2)
    // A saved build is its own car.
    const choices = { ...defaultConfiguration(catalog, 'BE'), paintCode: 'graphite-grey' }
    const build = await formCar(context('/be/fr-BE'), 'p5', { choices, usage: 'personal' })
    expect(build).not.toBe(first)
    expect(build?.names.paint).not.toBe(first?.names.paint)
    // New price rules (a data release) are never answered with the old car.
    const released = await formCar(context('/be/fr-BE', structuredClone(rulesByCountry.BE)), 'p5')
    expect(released).not.toBe(first)
    expect(released).toEqual(first)
    expect(pricedCar).toHaveBeenCalledTimes(4)
  })
})
