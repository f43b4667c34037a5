import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../catalog/markets'
import type { StoreCountry } from './phone'
import { BookingRequestShape, parseStoreFile, StoreFile } from './schema'
import { slotsFor } from './slots'
import { allStores, rawStores } from './test-data'

const ZONES: Record<StoreCountry, string> = {
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  NL: 'Europe/Amsterdam',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  TH: 'Asia/Bangkok',
  IS: 'Atlantic/Reykjavik',
  LU: 'Europe/Luxembourg',
  AT: 'Europe/Vienna',
}

/** Rough bounding boxes [south, west, north, east] of each country. */
const BOXES: Record<StoreCountry, [number, number, number, number]> = {
  NO: [57.9, 4.5, 71.2, 31.2],
  SE: [55.3, 11, 69.1, 24.2],
  DK: [54.5, 8, 57.8, 15.2],
  NL: [50.7, 3.3, 53.6, 7.3],
  DE: [47.2, 5.8, 55.1, 15.1],
  FR: [41.3, -5.2, 51.1, 9.6],
  BE: [49.5, 2.5, 51.5, 6.4],
  TH: [5.6, 97.3, 20.5, 105.7],
  IS: [63.3, -24.6, 66.6, -13.4],
  LU: [49.4, 5.7, 50.2, 6.6],
  AT: [46.3, 9.5, 49.1, 17.2],
}

const sample = () => structuredClone(rawStores.no) as { country: string; stores: Record<string, unknown>[] }
const firstStore = (file: ReturnType<typeof sample>) => file.stores[0] as Record<string, unknown>

describe('store data files', () => {
  it('exist for every country site and not for the global one', () => {
    const files = readdirSync(new URL('../../../data/stores/', import.meta.url)).filter((f) => f.endsWith('.json'))
    const expected = COUNTRY_CODES.filter((code) => code !== 'GLOBAL').map((code) => `${code.toLowerCase()}.json`)
    expect(files.sort()).toEqual(expected.sort())
  })

  it.each(Object.entries(rawStores))('%s parses with 2–4 stores of its own country', (key, raw) => {
    const stores = parseStoreFile(raw)
    expect(stores.length).toBeGreaterThanOrEqual(2)
    expect(stores.length).toBeLessThanOrEqual(4)
    for (const store of stores) expect(store.country).toBe(key.toUpperCase())
  })

  it('has store ids unique over all countries', () => {
    const ids = allStores.map((store) => store.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it.each(allStores.map((store) => [store.id, store] as const))('%s: zone, place, model, holidays', (_, store) => {
    const country = store.country as StoreCountry
    expect(store.timeZone).toBe(ZONES[country])
    const [south, west, north, east] = BOXES[country]
    expect(store.location.lat).toBeGreaterThanOrEqual(south)
    expect(store.location.lat).toBeLessThanOrEqual(north)
    expect(store.location.lon).toBeGreaterThanOrEqual(west)
    expect(store.location.lon).toBeLessThanOrEqual(east)
    expect(store.modelsOnShow).toContain('p5')
    expect(store.closedDates).toEqual(expect.arrayContaining(['2027-01-01']))
    if (country !== 'TH') expect(store.closedDates).toContain('2026-12-25')
    expect(store.closedDates).toEqual([...store.closedDates].sort())
    // A normal Wednesday has slots.
    expect(slotsFor(store, '2027-02-10', 1, new Date('2027-02-01T00:00:00Z')).length).toBeGreaterThan(3)
  })

  it('closes the Nordic stores on 24–26 December', () => {
    for (const store of allStores.filter((s) => ['NO', 'SE', 'DK', 'IS'].includes(s.country))) {
      expect(store.closedDates, store.id).toEqual(expect.arrayContaining(['2026-12-24', '2026-12-25', '2026-12-26']))
    }
  })
})

describe('StoreFile schema', () => {
  it('refuses an unknown time zone', () => {
    const file = sample()
    firstStore(file).timeZone = 'Europe/Bergen'
    expect(StoreFile.safeParse(file).success).toBe(false)
  })

  it('refuses hours that close before they open or overlap', () => {
    const file = sample()
    const hours = firstStore(file).openingHours as Record<string, unknown>
    hours.mon = [{ open: '18:00', close: '10:00' }]
    expect(StoreFile.safeParse(file).success).toBe(false)
    hours.mon = [
      { open: '10:00', close: '13:00' },
      { open: '12:00', close: '18:00' },
    ]
    expect(StoreFile.safeParse(file).success).toBe(false)
    hours.mon = [{ open: '10:00', close: '24:00' }]
    expect(StoreFile.safeParse(file).success).toBe(false)
  })

  it('refuses a missing weekday, a bad date and a repeated closed date', () => {
    const noSunday = sample()
    delete (firstStore(noSunday).openingHours as Record<string, unknown>).sun
    expect(StoreFile.safeParse(noSunday).success).toBe(false)
    const badDate = sample()
    firstStore(badDate).closedDates = ['2026-02-30']
    expect(StoreFile.safeParse(badDate).success).toBe(false)
    const repeated = sample()
    firstStore(repeated).closedDates = ['2026-12-25', '2026-12-25']
    expect(StoreFile.safeParse(repeated).success).toBe(false)
  })

  it('refuses coordinates out of range and ids of another country or repeated', () => {
    const far = sample()
    firstStore(far).location = { lat: 95, lon: 10 }
    expect(StoreFile.safeParse(far).success).toBe(false)
    const foreign = sample()
    firstStore(foreign).id = 'se-oslo'
    expect(StoreFile.safeParse(foreign).success).toBe(false)
    const twice = sample()
    twice.stores.push(structuredClone(firstStore(twice)))
    expect(StoreFile.safeParse(twice).success).toBe(false)
  })

  it('refuses the global site and settings out of range', () => {
    const global = sample()
    global.country = 'GLOBAL'
    expect(StoreFile.safeParse(global).success).toBe(false)
    const noCars = sample()
    firstStore(noCars).testDrive = { slotMinutes: 60, capacity: 0, leadHours: 24, horizonDays: 30 }
    expect(StoreFile.safeParse(noCars).success).toBe(false)
  })
})

describe('BookingRequestShape', () => {
  it('passes a partial form and refuses wrong types', () => {
    expect(BookingRequestShape.safeParse({ country: 'NO' }).success).toBe(true)
    expect(BookingRequestShape.safeParse({ privacyAccepted: 'on' }).success).toBe(false)
  })
})
