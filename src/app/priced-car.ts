import { type PricedCar, type PricedCarRequest, pricedCar } from '../domain/pricing/priced-car'
import { type Site, today } from '../i18n/sites'
import type { Store } from '../store'

export { type PricedCar, PricedCarError, type PricedCarProblem } from '../domain/pricing/priced-car'

/**
 * Loads the catalog and the site's price rules, then prices the car through the one pipeline
 * (domain/pricing/priced-car), dated by the site's own calendar unless a date is given. Throws
 * PricedCarError for anything the caller can correct.
 *
 * @example
 * const { quote } = await priceCar(ctx.store, ctx.site, { modelCode: 'p5', configuration: saved,
 *   usage: 'personal', mode: 'reconcile' })
 */
export async function priceCar(
  store: Store,
  site: Site,
  request: Omit<PricedCarRequest, 'date'> & { date?: PricedCarRequest['date'] },
): Promise<PricedCar> {
  const [catalog, rules] = await Promise.all([store.catalog(request.modelCode), store.priceRules(site.countryCode)])
  return pricedCar({ catalog, rules }, site.countryCode, { ...request, date: request.date ?? today(site) })
}
