import { describe, expect, it } from 'vitest'
import { catalog } from '../domain/pricing/test-data'
import { compareRows, energyRows } from './energy-rows'

describe('energy rows', () => {
  it('gives Germany the Pkw-Label content for each version', () => {
    const rows = Object.fromEntries(energyRows(catalog, 'DE', 'de-DE').map((row) => [row.label, row.values]))
    expect(rows['compare.energy.co2']).toEqual({ 'standard-range': '0 g/km', 'long-range': '0 g/km' })
    expect(rows['compare.energy.co2Class']).toEqual({ 'standard-range': 'A', 'long-range': 'A' })
    expect(rows['compare.energy.cost']).toEqual({ 'standard-range': '1.074\u00a0€', 'long-range': '1.062\u00a0€' })
    expect(rows['compare.energy.co2Costs']?.['long-range']).toBe('0\u00a0€')
    expect(rows['compare.energy.tax']?.['long-range']).toBe('0\u00a0€')
  })

  it('gives France the CO₂ class, the other EU and EEA countries the CO₂ emissions, Thailand and the global site nothing', () => {
    expect(energyRows(catalog, 'FR', 'fr-FR').map((row) => row.label)).toEqual([
      'compare.energy.co2',
      'compare.energy.co2Class',
    ])
    expect(energyRows(catalog, 'NO', 'nb-NO').map((row) => row.label)).toEqual(['compare.energy.co2'])
    expect(energyRows(catalog, 'TH', 'th-TH')).toEqual([])
    expect(energyRows(catalog, 'GLOBAL', 'en-US')).toEqual([])
  })

  it('puts them after each version’s range, battery, consumption and charging', () => {
    const labels = compareRows(catalog, 'DE', 'de-DE').map((row) => row.label)
    expect(labels.slice(0, 4)).toEqual(['compare.range', 'compare.battery', 'compare.consumption', 'compare.charging'])
    expect(compareRows(catalog, 'DE', 'de-DE')[2]?.values['standard-range']).toEqual({ min: '17,7', max: '17,9' })
  })
})
