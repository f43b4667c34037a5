import type { Catalog } from '../catalog/schema'

export interface CarFigures {
  /** WLTP range of the versions, lowest and highest, km. */
  rangeKm: { min: number; max: number }
  batteryKwh: number
  /** Combined consumption over all versions, kWh per 100 km. */
  consumption: { min: number; max: number }
  acChargingKw: number
  fastCharging: { fromPercent: number; toPercent: number; minutes: number }
  cargoLitres: number
  drive: Catalog['model']['facts']['drive']
}

/**
 * The figures the marketing page presents (SPEC §9), read from the model's catalog: ranges span
 * the versions, charging is what every version manages (the slowest of them).
 *
 * @example
 * carFigures(p5).rangeKm // { min: 445, max: 465 }
 */
export function carFigures(catalog: Catalog): CarFigures {
  const facts = catalog.versions.map((v) => v.facts)
  const slowestFast = facts.reduce((a, b) => (b.fastCharging.minutes > a.fastCharging.minutes ? b : a))
  return {
    rangeKm: { min: Math.min(...facts.map((f) => f.rangeKmWltp)), max: Math.max(...facts.map((f) => f.rangeKmWltp)) },
    batteryKwh: catalog.model.facts.batteryKwh,
    consumption: {
      min: Math.min(...facts.map((f) => f.consumptionKwhPer100km.min)),
      max: Math.max(...facts.map((f) => f.consumptionKwhPer100km.max)),
    },
    acChargingKw: Math.min(...facts.map((f) => f.acChargingKw)),
    fastCharging: slowestFast.fastCharging,
    cargoLitres: catalog.model.facts.cargoLitres,
    drive: catalog.model.facts.drive,
  }
}
