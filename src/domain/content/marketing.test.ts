import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Catalog } from '../catalog/schema'
import { carFigures } from './marketing'

const p5 = Catalog.parse(JSON.parse(readFileSync(new URL('../../../data/catalog/p5.json', import.meta.url), 'utf8')))

describe('carFigures', () => {
  it('gives the P5’s SPEC §9 figures from its catalog', () => {
    expect(carFigures(p5)).toEqual({
      rangeKm: { min: 445, max: 465 },
      batteryKwh: 66,
      consumption: { min: 17.5, max: 17.9 },
      acChargingKw: 11,
      fastCharging: { fromPercent: 10, toPercent: 80, minutes: 20 },
      cargoLitres: 520,
      drive: 'frontWheelDrive',
    })
  })

  it('spans the versions and quotes the charging every version manages', () => {
    const [first, second] = p5.versions
    if (!first || !second) throw new Error('the P5 has two versions')
    const slower = {
      ...second,
      facts: {
        ...second.facts,
        rangeKmWltp: 500,
        acChargingKw: 7.4,
        fastCharging: { fromPercent: 10, toPercent: 80, minutes: 28 },
      },
    }
    const figures = carFigures({ ...p5, versions: [first, slower] })
    expect(figures.rangeKm).toEqual({ min: 445, max: 500 })
    expect(figures.acChargingKw).toBe(7.4)
    expect(figures.fastCharging.minutes).toBe(28)
  })
})
