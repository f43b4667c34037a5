import { catalogItem } from '../../domain/catalog/items'
import type { Catalog } from '../../domain/catalog/schema'
import type { PricedStockCar, StockCar } from '../../domain/stock/stock'
import { formatMoney } from '../../i18n/formats'
import type { Locale } from '../../i18n/sites'
import { carImagePath } from '../../ui/car/image-path'
import type { StockCarView } from '../../ui/stock/StockCar'

const nameOf = (catalog: Catalog, code: string, locale: Locale) => catalogItem(catalog, code)?.names[locale] ?? code

/**
 * A stock car as the pages show it: SPEC §3's fields in the site's language, with the price and the
 * extra for delivery outside the area formatted from the domain's figures.
 */
export function stockCarView(catalog: Catalog, car: StockCar | PricedStockCar, locale: Locale): StockCarView {
  const { configuration } = car
  const priced = 'price' in car ? car : null
  return {
    id: car.id,
    model: catalog.model.name,
    version: nameOf(catalog, configuration.versionCode, locale),
    colour: nameOf(catalog, configuration.paintCode, locale),
    interior: nameOf(catalog, configuration.interiorCode, locale),
    rim: nameOf(catalog, configuration.wheelCode, locale),
    options: [...configuration.packCodes, ...configuration.accessoryCodes].map((code) => nameOf(catalog, code, locale)),
    picture: carImagePath(configuration, 'side'),
    deliveryWeeks: car.deliveryWeeks,
    remaining: car.remaining,
    price: priced ? formatMoney(priced.price, locale) : null,
    outsideArea: priced?.outsideAreaExtra
      ? { area: priced.outsideAreaExtra.area, amount: formatMoney(priced.outsideAreaExtra.amount, locale) }
      : null,
  }
}
