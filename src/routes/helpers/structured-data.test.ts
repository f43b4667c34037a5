import { describe, expect, it } from 'vitest'
import noStores from '../../../data/stores/no.json'
import { parseStoreFile } from '../../domain/testdrive/schema'
import { autoDealer, jsonLd, schemaPrice } from './structured-data'

const [store] = parseStoreFile(noStores)
if (!store) throw new Error('no store')

describe('schemaPrice', () => {
  it('writes minor units as a decimal with the currency’s digits, none for the króna', () => {
    expect(schemaPrice({ amount: 44_990_000, currency: 'NOK' })).toBe('449900.00')
    expect(schemaPrice({ amount: 4_999_905, currency: 'EUR' })).toBe('49999.05')
    expect(schemaPrice({ amount: 6_990_000, currency: 'ISK' })).toBe('6990000')
  })
})

describe('jsonLd', () => {
  it('writes one thing as the document, several as its @graph', () => {
    expect(jsonLd({ '@type': 'Thing' })).toEqual({ '@context': 'https://schema.org', '@type': 'Thing' })
    expect(jsonLd({ '@type': 'A' }, { '@type': 'B' })).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'A' }, { '@type': 'B' }],
    })
  })
})

describe('autoDealer', () => {
  it('gives each opening interval its days, a day with a lunch break two entries', () => {
    const lunch = [
      { open: '09:00', close: '12:00' },
      { open: '13:00', close: '17:00' },
    ]
    const split = { ...store, closedDates: [], openingHours: { ...store.openingHours, sat: lunch } }
    const hours = autoDealer(split, {
      url: 'https://x.example/no/test-drive',
      today: '2026-12-02',
    }).openingHoursSpecification
    expect(hours.map((h) => [h.opens, h.closes, 'dayOfWeek' in h ? h.dayOfWeek.length : 0])).toEqual([
      ['10:00', '18:00', 5],
      ['09:00', '12:00', 1],
      ['13:00', '17:00', 1],
    ])
  })

  it('lists only the closed days from today on', () => {
    const hours = autoDealer(
      { ...store, closedDates: ['2026-12-01', '2026-12-02', '2026-12-24'] },
      { url: 'https://x.example/no/test-drive', today: '2026-12-02' },
    ).openingHoursSpecification
    expect(hours.filter((h) => 'validFrom' in h).map((h) => h.validFrom)).toEqual(['2026-12-02', '2026-12-24'])
  })
})
