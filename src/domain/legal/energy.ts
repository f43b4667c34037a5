// No zod here: the configurator's rows are built on the server (i18n/energy-rows.ts) and shown in the browser.
import type { CountryCode } from '../catalog/markets'
import { ENERGY_LABEL_RULES, ruleAppliesIn } from './data'

/** The message keys of the energy and emissions rows (the configurator ships the `compare` namespace). */
export type EnergyRowLabel =
  | 'compare.energy.co2'
  | 'compare.energy.co2Class'
  | 'compare.energy.cost'
  | 'compare.energy.co2Costs'
  | 'compare.energy.tax'

/** One energy row: its label and, per version code, the value as shown. */
export interface EnergyRow {
  label: EnergyRowLabel
  values: Record<string, string>
}

/**
 * One row of the version comparison, built on the server: its label, and per version code the message and values of
 * its cell (the browser only translates them).
 */
export interface CompareRow {
  label: EnergyRowLabel | 'compare.range' | 'compare.battery' | 'compare.consumption' | 'compare.charging'
  value:
    | 'compare.rangeValue'
    | 'facts.batteryValue'
    | 'compare.consumptionValue'
    | 'compare.chargingValue'
    | 'compare.energy.value'
  values: Record<string, Record<string, string | number>>
}

/** France's prescribed mobility messages (arrêté of 28 December 2021), shown in turn, one a day. */
export type MobilityMessage =
  | 'configurator.mobility.walkOrCycle'
  | 'configurator.mobility.carpool'
  | 'configurator.mobility.publicTransport'

/** An electric car emits no CO₂ while driven (WLTP, 0 g/km). */
export const ELECTRIC_CO2_G_PER_KM = 0

/** The CO₂ class of an emission in g/km on a country's scale (A–G, the first class whose limit it does not pass). */
export function co2ClassOf(
  gramsPerKm: number,
  scale: readonly { class: string; maxGramsPerKm: number | null }[],
): string {
  return scale.find((c) => c.maxGramsPerKm === null || gramsPerKm <= c.maxGramsPerKm)?.class ?? 'G'
}

/**
 * Energy costs at 15 000 km a year (Pkw-EnVKV, Anlage 1): the average electricity price × the combined consumption ×
 * 150, in whole euros, rounded half up. 40 ct/kWh × 17.9 kWh/100 km × 150 = 1 074.00 €.
 *
 * @example
 * energyCostsPerYearMinor(40, 17.9) // 107_400
 */
export function energyCostsPerYearMinor(centsPerKwh: number, kwhPer100km: number): number {
  // Consumption has one decimal: count it in tenths so the product stays an integer.
  const cents = (centsPerKwh * Math.round(kwhPer100km * 10) * 150) / 10
  return Math.floor(cents / 100 + 0.5) * 100
}

/**
 * The French mobility message of the day with its hashtag, for every page that advertises the car in France; null
 * elsewhere. One of the three prescribed messages, in turn by day of the year.
 *
 * @example
 * mobilityMessage('FR', '2026-12-01') // 'configurator.mobility.carpool'
 */
export function mobilityMessage(country: CountryCode, today: string): MobilityMessage | null {
  if (!ruleAppliesIn('energy-advertising-france', country)) return null
  const messages = ENERGY_LABEL_RULES.france.messages
  const day = Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000)
  return `configurator.mobility.${messages[day % messages.length]}` as MobilityMessage
}
