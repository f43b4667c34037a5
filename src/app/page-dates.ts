import type { IsoDate } from '../domain/catalog/markets'
import { ruleSetValidOn } from '../domain/pricing/valid-on'
import { type Site, today } from '../i18n/sites'
import type { Store } from '../store'

/** The later of ISO dates (or date-times, cut to the day), null when none is given. */
export function latestDay(...dates: (string | null | undefined)[]): IsoDate | null {
  const days = dates.filter((d): d is string => typeof d === 'string' && d.length >= 10).map((d) => d.slice(0, 10))
  return days.length === 0 ? null : (days.sort().at(-1) as IsoDate)
}

/**
 * The day the car's data a site shows last changed: the model's catalog and the country's price rules in force
 * today (a new rule set dates every page that prices the car from its first day). Every page about the car shows
 * both; the sitemap's `lastmod` of a page without data of its own.
 *
 * @example
 * await carDataChangedOn(store, siteByPrefix('/de')!) // '2025-01-01'
 */
export async function carDataChangedOn(store: Store, site: Site): Promise<IsoDate | null> {
  const [catalog, rules] = await Promise.all([store.catalog('p5'), store.priceRules(site.countryCode)])
  const inForce = rules ? ruleSetValidOn(rules, today(site)) : undefined
  return latestDay(catalog?.validFrom, inForce?.validFrom)
}
