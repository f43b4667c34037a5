import { describe, expect, it } from 'vitest'
import { citiesOf, distanceKm, isValidLocation, nearestStores, storesInCity } from './geo'
import { allStores } from './test-data'

const OSLO = { lat: 59.9139, lon: 10.7522 }
const STOCKHOLM = { lat: 59.3293, lon: 18.0686 }

describe('distanceKm', () => {
  it('Oslo–Stockholm is about 416 km', () => {
    expect(Math.abs(distanceKm(OSLO, STOCKHOLM) - 416)).toBeLessThan(5)
  })

  it('is symmetric and zero for the same point', () => {
    expect(distanceKm(STOCKHOLM, OSLO)).toBeCloseTo(distanceKm(OSLO, STOCKHOLM), 9)
    expect(distanceKm(OSLO, OSLO)).toBe(0)
  })

  it('handles the antimeridian and the poles', () => {
    expect(distanceKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.2, 0)
    expect(distanceKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 })).toBeCloseTo(Math.PI * 6371.0088, 3)
  })

  it('refuses coordinates out of range', () => {
    expect(() => distanceKm({ lat: 91, lon: 0 }, OSLO)).toThrow('invalidLocation')
    expect(() => distanceKm(OSLO, { lat: 0, lon: 180.5 })).toThrow('invalidLocation')
  })
})

describe('isValidLocation', () => {
  it('accepts the bounds and refuses anything outside or not finite', () => {
    expect(isValidLocation({ lat: -90, lon: 180 })).toBe(true)
    expect(isValidLocation({ lat: 90, lon: -180 })).toBe(true)
    for (const point of [
      { lat: -90.01, lon: 0 },
      { lat: 0, lon: -180.01 },
      { lat: Number.NaN, lon: 0 },
      { lat: 0, lon: Number.POSITIVE_INFINITY },
      { lat: '59' as unknown as number, lon: 10 },
      null,
      undefined,
    ]) {
      expect(isValidLocation(point), JSON.stringify(point)).toBe(false)
    }
  })
})

describe('nearestStores', () => {
  it('orders stores by distance, nearest first, with the distance', () => {
    const result = nearestStores(allStores, { lat: 59.91, lon: 10.75 }, 3)
    if (!result.ok) throw new Error('expected stores')
    expect(result.stores.map((entry) => entry.store.id)).toEqual([
      'no-oslo-skoyen',
      'se-goteborg-avenyn', // about 250 km
      'no-bergen-danmarksplass', // about 305 km
    ])
    expect(result.stores[0]?.distanceKm).toBeLessThan(5)
    const distances = result.stores.map((entry) => entry.distanceKm)
    expect([...distances].sort((a, b) => a - b)).toEqual(distances)
  })

  it('finds the Bangkok stores from Bangkok and the Icelandic ones from Akureyri', () => {
    const bangkok = nearestStores(allStores, { lat: 13.7563, lon: 100.5018 }, 2)
    expect(bangkok.ok && bangkok.stores.map((entry) => entry.store.country)).toEqual(['TH', 'TH'])
    const akureyri = nearestStores(allStores, { lat: 65.68, lon: -18.09 }, 2)
    expect(akureyri.ok && akureyri.stores.map((entry) => entry.store.id)).toEqual([
      'is-akureyri-glerargata',
      'is-reykjavik-saevarhofdi',
    ])
  })

  it('breaks ties by store id and honours the limit', () => {
    const point = { lat: 10, lon: 10 }
    const stores = [
      { id: 'b', location: point },
      { id: 'a', location: point },
      { id: 'c', location: { lat: 11, lon: 10 } },
    ]
    const result = nearestStores(stores, point, 2)
    expect(result.ok && result.stores.map((entry) => entry.store.id)).toEqual(['a', 'b'])
    expect(nearestStores(stores, point, 0)).toEqual({ ok: true, stores: [] })
    expect(() => nearestStores(stores, point, -1)).toThrow(RangeError)
  })

  it('answers invalidLocation for a missing or impossible point', () => {
    const error = { ok: false, code: 'invalidLocation', messageKey: 'testDrive.error.nearestStore' }
    expect(nearestStores(allStores, { lat: 120, lon: 10 })).toEqual(error)
    expect(nearestStores(allStores, { lat: 10, lon: -200 })).toEqual(error)
    expect(nearestStores(allStores, null)).toEqual(error)
  })
})

describe('cities', () => {
  it('lists the cities of a country once, sorted for the locale', () => {
    expect(citiesOf(allStores, 'SE', 'sv-SE')).toEqual(['Göteborg', 'Malmö', 'Stockholm'])
    expect(citiesOf(allStores, 'TH')).toEqual(['Bangkok', 'Chiang Mai', 'Phuket'])
    expect(citiesOf(allStores, 'GLOBAL')).toEqual([])
  })

  it('finds the stores of a city ignoring case but not accents', () => {
    expect(storesInCity(allStores, 'münchen').map((store) => store.id)).toEqual(['de-muenchen-schwabing'])
    expect(storesInCity(allStores, ' BANGKOK ').map((store) => store.id)).toEqual([
      'th-bangkok-rama9',
      'th-bangkok-sukhumvit',
    ])
    expect(storesInCity(allStores, 'Malmo')).toEqual([])
    expect(storesInCity(allStores, '')).toEqual([])
  })
})
