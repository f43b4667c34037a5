import { pricedStockCars } from '../../app/priced-stock'
import { today } from '../../i18n/sites'
import { type LoadContext, PageError } from '../route'

/** Every car of the site's stock with its price from the price engine. */
export async function pricedStock(ctx: LoadContext) {
  const country = ctx.site.countryCode
  const [catalog, rules, cars] = await Promise.all([
    ctx.store.catalog('p5'),
    ctx.store.priceRules(country),
    ctx.store.stock.ofCountry(country),
  ])
  if (!catalog || !rules) throw new PageError('noRecord', 404)
  const date = today(ctx.site)
  const priced = pricedStockCars({
    catalog,
    rules,
    cars: cars.filter((car) => car.configuration.modelCode === catalog.model.code),
    date,
  })
  return { catalog, priced }
}
