import type { CountryCode } from '../domain/catalog/markets'
import type { Catalog } from '../domain/catalog/schema'
import { ENERGY_LABEL_RULES, ruleAppliesIn } from '../domain/legal/data'
import {
  type CompareRow,
  co2ClassOf,
  ELECTRIC_CO2_G_PER_KM,
  type EnergyRow,
  energyCostsPerYearMinor,
} from '../domain/legal/energy'
import { formatMoney, formatQuantity } from './formats'

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
