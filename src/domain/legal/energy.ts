// No zod here: the configurator's rows are built on the server and shown in the browser.
import type { CountryCode } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import { formatMoney } from '../money'
import { formatQuantity } from '../number'
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

/**
 * The facts of each version sold in a country (range, battery, consumption, charging), then the energy rows its law
 * asks for, as rows of the version comparison.
 *
 * @example
 * compareRows(catalog, 'DE', 'de-DE')[0] // { label: 'compare.range', value: 'compare.rangeValue', values: { 'long-range': { km: 465 }, … } }
 */
export function compareRows(catalog: Catalog, country: CountryCode, locale: string): CompareRow[] {
  const versions = catalog.versions.filter((v) => v.prices[country] !== undefined)
  const row = (
    label: CompareRow['label'],
    value: CompareRow['value'],
    cell: (v: (typeof versions)[number]) => Record<string, string | number>,
  ): CompareRow => ({ label, value, values: Object.fromEntries(versions.map((v) => [v.code, cell(v)])) })
  return [
    row('compare.range', 'compare.rangeValue', (v) => ({ km: v.facts.rangeKmWltp })),
    row('compare.battery', 'facts.batteryValue', (v) => ({ kwh: v.facts.batteryKwh })),
    row('compare.consumption', 'compare.consumptionValue', (v) => ({
      min: formatQuantity(v.facts.consumptionKwhPer100km.min, locale),
      max: formatQuantity(v.facts.consumptionKwhPer100km.max, locale),
    })),
    row('compare.charging', 'compare.chargingValue', (v) => ({
      ac: v.facts.acChargingKw,
      from: v.facts.fastCharging.fromPercent,
      to: v.facts.fastCharging.toPercent,
      minutes: v.facts.fastCharging.minutes,
    })),
    ...energyRows(catalog, country, locale).map((energy) =>
      row(energy.label, 'compare.energy.value', (v) => ({ value: energy.values[v.code] ?? '' })),
    ),
  ]
}

/** France's prescribed mobility messages (arrêté of 28 December 2021), shown in turn, one a day. */
export type MobilityMessage =
  | 'configurator.mobility.walkOrCycle'
  | 'configurator.mobility.carpool'
  | 'configurator.mobility.publicTransport'

/** An electric car emits no CO₂ while driven (WLTP, 0 g/km). */
const ELECTRIC_CO2_G_PER_KM = 0

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
 * The energy and emissions rows a country's law asks the configurator to show for each version of an electric car:
 * in Germany the Pkw-Label's CO₂ class, CO₂, energy costs at 15 000 km, CO₂ costs over ten years and the vehicle tax
 * (Pkw-EnVKV); in France the CO₂ class of the étiquette (code de l'environnement R. 229-105); in the other EU and EEA
 * countries the CO₂ emissions (Directive 1999/94/EC). Consumption and range are rows of their own already.
 *
 * @example
 * energyRows(catalog, 'DE', 'de-DE').map((row) => row.label)
 * // ['compare.energy.co2', 'compare.energy.co2Class', 'compare.energy.cost', 'compare.energy.co2Costs', 'compare.energy.tax']
 */
export function energyRows(catalog: Catalog, country: CountryCode, locale: string): EnergyRow[] {
  const germany = ruleAppliesIn('energy-label-germany', country)
  const france = ruleAppliesIn('energy-advertising-france', country)
  if (!germany && !france && !ruleAppliesIn('energy-information-others', country)) return []
  const versions = catalog.versions.filter((v) => v.prices[country] !== undefined)
  const each = (value: (version: (typeof versions)[number]) => string) =>
    Object.fromEntries(versions.map((v) => [v.code, value(v)]))
  const euros = (minor: number) => formatMoney({ amount: minor, currency: 'EUR' }, locale).replace(/[.,]00(?=\D|$)/, '')
  const rows: EnergyRow[] = [
    { label: 'compare.energy.co2', values: each(() => `${formatQuantity(ELECTRIC_CO2_G_PER_KM, locale)} g/km`) },
  ]
  if (germany || france) {
    const scale = (germany ? ENERGY_LABEL_RULES.germany : ENERGY_LABEL_RULES.france).co2Classes
    rows.push({ label: 'compare.energy.co2Class', values: each(() => co2ClassOf(ELECTRIC_CO2_G_PER_KM, scale)) })
  }
  if (germany) {
    const { electricityPrice, vehicleTax } = ENERGY_LABEL_RULES.germany
    rows.push(
      {
        label: 'compare.energy.cost',
        values: each((v) =>
          euros(energyCostsPerYearMinor(electricityPrice.centsPerKwh, v.facts.consumptionKwhPer100km.max)),
        ),
      },
      { label: 'compare.energy.co2Costs', values: each(() => euros(0)) },
      { label: 'compare.energy.tax', values: each(() => euros(vehicleTax.annualMinor)) },
    )
  }
  return rows
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
