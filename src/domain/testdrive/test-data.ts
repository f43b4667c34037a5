/** Parsed store data of every country for the domain tests (data/stores/*.json), and a store to shape per test. */
import at from '../../../data/stores/at.json'
import be from '../../../data/stores/be.json'
import de from '../../../data/stores/de.json'
import dk from '../../../data/stores/dk.json'
import fr from '../../../data/stores/fr.json'
import is from '../../../data/stores/is.json'
import lu from '../../../data/stores/lu.json'
import nl from '../../../data/stores/nl.json'
import no from '../../../data/stores/no.json'
import se from '../../../data/stores/se.json'
import th from '../../../data/stores/th.json'
import { parseStoreFile, type Store } from './schema'

export const rawStores: Record<string, unknown> = { at, be, de, dk, fr, is, lu, nl, no, se, th }

/** Every store of every country. */
export const allStores: Store[] = Object.values(rawStores).flatMap(parseStoreFile)

/** The store with this id; throws when the data has none. */
export function storeById(id: string): Store {
  const store = allStores.find((candidate) => candidate.id === id)
  if (store === undefined) throw new Error(`no store ${id}`)
  return store
}

const weekdays = { open: '10:00', close: '18:00' }

/** A store in Oslo open Mon–Fri 10–18 and Sat 10–16, 60-minute slots for 2 cars, 24 h lead, 30 days ahead. */
export function testStore(overrides: Partial<Store> = {}): Store {
  return {
    country: 'NO',
    id: 'no-test',
    name: 'Nordvolt Test',
    address: { street: 'Testveien 1', postalCode: '0150', city: 'Oslo' },
    location: { lat: 59.9139, lon: 10.7522 },
    timeZone: 'Europe/Oslo',
    openingHours: {
      mon: [weekdays],
      tue: [weekdays],
      wed: [weekdays],
      thu: [weekdays],
      fri: [weekdays],
      sat: [{ open: '10:00', close: '16:00' }],
      sun: [],
    },
    closedDates: [],
    modelsOnShow: ['p5'],
    testDrive: { slotMinutes: 60, capacity: 2, leadHours: 24, horizonDays: 30 },
    ...overrides,
  }
}
