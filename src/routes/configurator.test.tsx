import { beforeAll, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../test/render-page'
import { computeView } from '../domain/configurator/view'
import { financeData } from '../domain/finance/test-data'
import { pricedCar } from '../domain/pricing/priced-car'
import { catalog, rulesByCountry } from '../domain/pricing/test-data'
import { preloadCatalogs } from '../i18n/catalog-store'
import { CATALOGS } from '../i18n/catalogs'
import { siteForPath } from '../i18n/sites'
import configurator from './configurator'
import type { LoadContext } from './route'

vi.mock('../domain/pricing/priced-car', async (original) => {
  const actual = await original<typeof import('../domain/pricing/priced-car')>()
  return { ...actual, pricedCar: vi.fn(actual.pricedCar) }
})

const { site } = siteForPath('/no')
const model = { code: 'p5', name: 'P5', rangeKm: 465, batteryKwh: 66, cargoLitres: 520, sort: 10 }

/** A configurator request for the Norwegian site with the seeded catalog, rules and finance products. */
function context(query: string): LoadContext {
  const store = {
    findModel: async (_country: string, code: string) => (code === 'p5' ? model : null),
    findConfiguration: async () => null,
    catalog: async () => catalog,
    priceRules: async () => rulesByCountry.NO,
    financeProducts: async () => financeData.find((products) => products.country === 'NO') ?? null,
    findFinanceOffer: async () => null,
  }
  return {
    site,
    params: { id: 'p5' },
    url: new URL(`https://example.test/no/configurator/p5${query}`),
    store,
    tradeIn: { id: null },
  } as unknown as LoadContext
}

// The page words a finance problem in the site's language, from the catalog a request reads first.
beforeAll(async () => {
  const KV = { get: async (key: string) => CATALOGS[key.split('/').at(-1) as keyof typeof CATALOGS] ?? null }
  await preloadCatalogs({ KV: KV as unknown as KVNamespace }, [site.locale])
})

describe('the configurator route', () => {
  it('prices the car once per request: the load computes the view, the meta and the page render from it', async () => {
    vi.mocked(pricedCar).mockClear()
    const data = await configurator.load(context('?finance=loan&term=48&down=50000'))
    configurator.meta(data)
    const page = { site, store: context('').store, origin: 'https://example.test', url: 'https://example.test/no' }
    const structuredData = await configurator.structuredData?.(data, page as never)
    const { html } = renderPage('/no', '/configurator/p5', <configurator.Page data={data} />)
    expect(pricedCar).toHaveBeenCalledTimes(1)
    // The view is the one computeView gives for the request, and what the page and its structured data show.
    const expected = computeView(data, data.requested)
    expect(data.shown).toEqual(expected)
    expect(structuredData).toMatchObject({ offers: { priceCurrency: 'NOK' } })
    expect(html).toContain(data.shown.state.configuration.paintCode)
    expect(data.finance?.selected).toBe('loan')
    expect(data.finance?.choice).toEqual({ termMonths: 48, downPayment: 5_000_000 })
  })

  it('computes a car once per isolate for the same documents and day, and anew for anything else', async () => {
    vi.mocked(pricedCar).mockClear()
    const query = '?paint=graphite-grey&usage=business'
    const first = await configurator.load(context(query))
    const again = await configurator.load(context(query))
    expect(again.shown).toBe(first.shown)
    expect(pricedCar).toHaveBeenCalledTimes(1)
    // Another car is its own computation.
    const other = await configurator.load(context('?usage=business'))
    expect(other.shown).not.toBe(first.shown)
    expect(pricedCar).toHaveBeenCalledTimes(2)
    // New price rules (a data release: the cache hands out a new document) are never answered with the old view.
    const released = structuredClone(rulesByCountry.NO)
    const withNewRules = { ...context(query), store: { ...context(query).store, priceRules: async () => released } }
    const repriced = await configurator.load(withNewRules as unknown as LoadContext)
    expect(repriced.shown).not.toBe(first.shown)
    expect(repriced.shown).toEqual(first.shown)
    expect(pricedCar).toHaveBeenCalledTimes(3)
    // The next day is its own computation too.
    vi.useFakeTimers({ now: Date.now() + 86_400_000, toFake: ['Date'] })
    try {
      const tomorrow = await configurator.load(context(query))
      expect(tomorrow.shown).not.toBe(first.shown)
      expect(pricedCar).toHaveBeenCalledTimes(4)
    } finally {
      vi.useRealTimers()
    }
  })
})
