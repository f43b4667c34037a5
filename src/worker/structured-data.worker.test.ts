import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import p5 from '../../data/catalog/p5.json'
import noStores from '../../data/stores/no.json'
import { Catalog } from '../domain/catalog/schema'
import { parseStoreFile } from '../domain/testdrive/schema'
import { today } from '../i18n/sites'

type Thing = Record<string, unknown> & { '@type': string }

const OFFICIAL = 'http://local.test'
const catalog = Catalog.parse(p5)

const get = (path: string, host = 'local.test') =>
  exports.default.fetch(new Request(`http://${host}${path}`, { headers: { 'cf-connecting-ip': '198.51.100.77' } }))

/** The page's JSON-LD documents, parsed; every one names schema.org as its context. */
async function structuredData(path: string, host?: string): Promise<Record<string, unknown>[]> {
  const res = await get(path, host)
  expect(res.status, path).toBe(200)
  const html = await res.text()
  const documents = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  )
  for (const document of documents) expect(document['@context']).toBe('https://schema.org')
  return documents
}

/** The things of the page's documents: each document's own, or those of its `@graph`. */
async function things(path: string, host?: string): Promise<Thing[]> {
  return (await structuredData(path, host)).flatMap((d) => (d['@graph'] ?? [d]) as Thing[])
}

/** What Google's product snippet requires of a Car, and the vehicle facts the catalog gives (schema.org Car). */
function expectSellableCar(car: Thing, availability: 'InStock' | 'PreOrder', currency: string, digits: number) {
  expect(car['@type']).toBe('Car')
  expect(car.name).toBe('Nordvolt P5')
  expect(car.image).toMatch(new RegExp(`^${OFFICIAL}/car/p5/front\\.png\\?.*size=1200x630`))
  expect(car.url).toMatch(new RegExp(`^${OFFICIAL}/`))
  expect(car.brand).toEqual({ '@type': 'Brand', name: 'Nordvolt' })
  expect(typeof car.color).toBe('string')
  expect(catalog.versions.map((v) => v.names['nb-NO'])).toContain(car.vehicleConfiguration)
  expect(car).toMatchObject({
    bodyType: catalog.model.facts.bodyType,
    numberOfDoors: catalog.model.facts.doors,
    vehicleSeatingCapacity: catalog.model.facts.seats,
    driveWheelConfiguration: 'https://schema.org/FrontWheelDriveConfiguration',
    fuelConsumption: { '@type': 'QuantitativeValue', unitText: 'kWh/100 km' },
  })
  expect(car.offers).toMatchObject({
    '@type': 'Offer',
    priceCurrency: currency,
    availability: `https://schema.org/${availability}`,
    itemCondition: 'https://schema.org/NewCondition',
  })
  const { price, url } = car.offers as { price: string; url: string }
  expect(price).toMatch(digits ? new RegExp(`^[1-9]\\d*\\.\\d{${digits}}$`) : /^[1-9]\d*$/)
  expect(url).toMatch(new RegExp(`^${OFFICIAL}/`))
}

describe('the pages’ structured data (JSON-LD)', () => {
  it('describes the configured car as a Car for sale, its picture a PNG that answers', async () => {
    const [car, ...others] = await things('/no/configurator/p5?paint=graphite-grey')
    expect(others).toEqual([])
    if (!car) throw new Error('no structured data')
    expectSellableCar(car, 'PreOrder', 'NOK', 2)
    expect(car.color).toBe(catalog.paints.find((p) => p.code === 'graphite-grey')?.names['nb-NO'])
    // The offer is the car the address builds.
    expect(car.url).toContain('paint=graphite-grey')
    const image = await get(String(car.image).replace(OFFICIAL, ''))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
  })

  it('writes a price without decimals where the currency has none (ISK)', async () => {
    const [car] = await things('/is/configurator/p5')
    expect(car?.offers).toMatchObject({ priceCurrency: 'ISK', price: expect.stringMatching(/^[1-9]\d*$/) })
  })

  it('names the official origin in its addresses, never the Host the request came with', async () => {
    const [car] = await things('/no/configurator/p5', 'forged.example')
    expect(car?.image).toMatch(new RegExp(`^${OFFICIAL}/`))
    expect(car?.url).toMatch(new RegExp(`^${OFFICIAL}/`))
    expect(JSON.stringify(car)).not.toContain('forged.example')
  })

  it('lists each quick-delivery car as a Car in stock with its offer, in the order of the list', async () => {
    const html = await (await get('/no/quick-delivery')).text()
    const shown = [...html.matchAll(/<h2 id="car-([^"]+)"/g)].map((m) => m[1])
    const [list, ...others] = await things('/no/quick-delivery')
    expect(others).toEqual([])
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: shown.length })
    const items = (list?.itemListElement ?? []) as { '@type': string; position: number; item: Thing }[]
    expect(shown.length).toBeGreaterThan(0)
    expect(items.map((i) => i.position)).toEqual(shown.map((_, i) => i + 1))
    expect(items.map((i) => i.item.url)).toEqual(shown.map((id) => `${OFFICIAL}/no/quick-delivery#car-${id}`))
    for (const { item } of items) expectSellableCar(item, 'InStock', 'NOK', 2)
  })

  it('has no offers on the global site, which sells nothing', async () => {
    expect(await structuredData('/quick-delivery')).toEqual([])
  })

  it('names the maker and the site on the home page', async () => {
    const graph = await things('/no')
    expect(graph).toEqual([
      {
        '@type': 'Organization',
        '@id': `${OFFICIAL}/#organization`,
        name: 'Nordvolt',
        url: `${OFFICIAL}/`,
        logo: `${OFFICIAL}/favicon.svg`,
      },
      {
        '@type': 'WebSite',
        name: 'Nordvolt',
        url: `${OFFICIAL}/no`,
        inLanguage: 'nb-NO',
        publisher: { '@id': `${OFFICIAL}/#organization` },
      },
    ])
  })

  it('describes each store of the test-drive page as an AutoDealer with its address and opening hours', async () => {
    const stores = parseStoreFile(noStores)
    const dealers = await things('/no/test-drive')
    expect(dealers.map((d) => d.name)).toEqual(stores.map((s) => s.name))
    const [oslo] = dealers
    const store = stores[0]
    if (!oslo || !store) throw new Error('no store')
    expect(oslo).toMatchObject({
      '@type': 'AutoDealer',
      url: `${OFFICIAL}/no/test-drive?store=${store.id}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: store.address.street,
        postalCode: store.address.postalCode,
        addressLocality: store.address.city,
        addressCountry: 'NO',
      },
      geo: { '@type': 'GeoCoordinates', latitude: store.location.lat, longitude: store.location.lon },
    })
    const hours = oslo.openingHoursSpecification as Record<string, unknown>[]
    const day = (name: string) =>
      hours.filter((h) => (h.dayOfWeek as string[] | undefined)?.includes(`https://schema.org/${name}`))
    expect(day('Monday')).toEqual([
      expect.objectContaining({ '@type': 'OpeningHoursSpecification', opens: '10:00', closes: '18:00' }),
    ])
    expect(day('Saturday')).toEqual([expect.objectContaining({ opens: '10:00', closes: '16:00' })])
    expect(day('Sunday')).toEqual([])
    // Each listed holiday still to come is a day closed all day.
    const closures = hours.filter((h) => h.validFrom)
    expect(closures.map((c) => c.validFrom)).toEqual(store.closedDates.filter((d) => d >= today(store)))
    for (const closure of closures)
      expect(closure).toMatchObject({ opens: '00:00', closes: '00:00', validThrough: closure.validFrom })
  })
})
