import { describe, expect, it } from 'vitest'
import { catalog } from '../pricing/test-data'
import { ENERGY_LABEL_RULES } from './data'
import { co2ClassOf, compareRows, energyCostsPerYearMinor, energyRows, mobilityMessage } from './energy'

describe('Pkw-EnVKV energy costs', () => {
  it('multiplies the price by the consumption and 150, to whole euros', () => {
    // 40 ct × 17.9 kWh/100 km × 150 = 107 400 ct; 40 × 17.7 × 150 = 106 200 ct.
    expect(energyCostsPerYearMinor(40, 17.9)).toBe(107_400)
    expect(energyCostsPerYearMinor(40, 17.7)).toBe(106_200)
    // 37 ct × 17.5 × 150 = 97 125 ct = 971.25 € → 971 €.
    expect(energyCostsPerYearMinor(37, 17.5)).toBe(97_100)
    expect(energyCostsPerYearMinor(33, 17.7)).toBe(87_600) // 87 615 ct = 876.15 € → 876 €
    expect(energyCostsPerYearMinor(30, 17.9)).toBe(80_600) // 80 550 ct = 805.50 € → 806 €
  })
})

describe('CO₂ classes', () => {
  it('puts an electric car in class A on the German and the French scale', () => {
    expect(co2ClassOf(0, ENERGY_LABEL_RULES.germany.co2Classes)).toBe('A')
    expect(co2ClassOf(0, ENERGY_LABEL_RULES.france.co2Classes)).toBe('A')
  })

  it('reads the French limits: A up to 100 g/km, B to 120, G above 250', () => {
    const scale = ENERGY_LABEL_RULES.france.co2Classes
    expect([100, 101, 120, 121, 250, 251].map((g) => co2ClassOf(g, scale))).toEqual(['A', 'B', 'B', 'C', 'F', 'G'])
  })
})

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

describe('the French mobility message', () => {
  it('turns through the three messages day by day, in France only', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'].map((d) => mobilityMessage('FR', d))).toEqual([
      'configurator.mobility.walkOrCycle',
      'configurator.mobility.carpool',
      'configurator.mobility.publicTransport',
      'configurator.mobility.walkOrCycle',
    ])
    expect(mobilityMessage('BE', '2026-12-01')).toBeNull()
  })
})
