import { type Configuration, ConfigurationError, selectedCodes, validateConfiguration } from './configuration'
import { catalogItem } from './items'
import { addDays, type CountryCode, type IsoDate } from './markets'
import type { Catalog } from './schema'

/** When a configured car can be expected, in weeks from today and as calendar dates. */
export interface DeliveryWindow {
  minWeeks: number
  maxWeeks: number
  earliest: IsoDate
  latest: IsoDate
  /** The chosen items that add weeks, longest first; only the longest counts (see deliveryWindow). */
  lengthenedBy: { code: string; extraWeeks: number }[]
}

/**
 * Estimated delivery for a built-to-order car: the country's lead time plus the longest extra any
 * chosen item needs. Extras are not added up because special paint, packs and accessories are sourced
 * in parallel for the same build slot; the slowest one decides.
 *
 * @example
 * deliveryWindow(catalog, 'NO', config, '2025-03-03')
 * // { minWeeks: 8, maxWeeks: 12, earliest: '2025-04-28', latest: '2025-05-26', lengthenedBy: [] }
 */
export function deliveryWindow(
  catalog: Catalog,
  country: CountryCode,
  configuration: Configuration,
  today: IsoDate,
): DeliveryWindow {
  const market = catalog.markets[country]
  if (!market) throw new ConfigurationError('notSoldInCountry', `${catalog.model.code} is not sold in ${country}`)
  const problems = validateConfiguration(catalog, country, configuration)
  if (problems.length > 0) throw new ConfigurationError('invalidConfiguration', 'configuration is not valid', problems)
  const lengthenedBy = [...selectedCodes(catalog, configuration)]
    .map((code) => ({ code, extraWeeks: catalogItem(catalog, code)?.extraLeadWeeks ?? 0 }))
    .filter((item) => item.extraWeeks > 0)
    .sort((a, b) => b.extraWeeks - a.extraWeeks || a.code.localeCompare(b.code))
  const extra = lengthenedBy[0]?.extraWeeks ?? 0
  const minWeeks = market.leadTimeWeeks.min + extra
  const maxWeeks = market.leadTimeWeeks.max + extra
  return {
    minWeeks,
    maxWeeks,
    earliest: addDays(today, minWeeks * 7),
    latest: addDays(today, maxWeeks * 7),
    lengthenedBy,
  }
}
