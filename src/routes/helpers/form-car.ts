import { type Configuration, defaultConfiguration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import type { IsoDate } from '../../domain/catalog/markets'
import type { Catalog } from '../../domain/catalog/schema'
import { headlinePrice } from '../../domain/pricing/display'
import { PricedCarError, pricedCar } from '../../domain/pricing/priced-car'
import type { CountryPriceRules } from '../../domain/pricing/rules'
import { formatMoney } from '../../i18n/formats'
import { type Locale, type Site, today } from '../../i18n/sites'
import { memo } from '../../lib/memo'
import { carImagePath } from '../../ui/car/image-path'
import type { CarView } from '../../ui/car/look'
import { visibleOptions } from '../../ui/configurator/car-look'
import type { ModelPicture } from '../../ui/form-car/FormBesideCar'
import type { FormCar } from '../../ui/form-car/FormWithCar'
import type { LoadContext } from '../route'

/**
 * The car a form page is about, priced for this site: a saved build as it can be built today, or the
 * model as the configurator opens it. Null when the model is not sold here (the form still works).
 *
 * @example
 * car: await formCar(ctx, configuration.modelCode, configuration)
 */
export async function formCar(
  ctx: LoadContext,
  modelCode: string,
  saved: { choices: Configuration | null; usage: 'personal' | 'business' } | null = null,
): Promise<FormCar | null> {
  const site = ctx.site
  const [catalog, rules] = await Promise.all([ctx.store.catalog(modelCode), ctx.store.priceRules(site.countryCode)])
  if (!catalog || !rules) return null
  const date = today(site)
  const key = JSON.stringify([site.countryCode, site.locale, date, modelCode, saved?.usage, saved?.choices])
  return madeCars([catalog, rules], key, () => makeFormCar(site, { catalog, rules }, { modelCode, saved, date }))
}

/**
 * Form cars made in this isolate, per catalog and rules document, site, language, day and car.
 * Nothing personal: a saved build's choices are a car, not who saved it.
 */
const madeCars = memo<[Catalog, CountryPriceRules], FormCar | null>()

function makeFormCar(
  site: Site,
  data: { catalog: Catalog; rules: CountryPriceRules },
  request: {
    modelCode: string
    saved: { choices: Configuration | null; usage: 'personal' | 'business' } | null
    date: IsoDate
  },
): FormCar | null {
  try {
    const { catalog, configuration, quote } = pricedCar(data, site.countryCode, {
      modelCode: request.modelCode,
      configuration: request.saved?.choices ?? null,
      usage: request.saved?.usage ?? 'personal',
      mode: 'reconcile',
      date: request.date,
    })
    const locale = site.locale
    const name = (code: string) => catalogItem(catalog, code)?.names[locale] ?? code
    const headline = headlinePrice(quote)
    return {
      picture: carImagePath(configuration, 'front'),
      names: carNames(catalog, configuration, locale),
      extras: visibleOptions(catalog, configuration, 'front').map(name),
      price: {
        basis: quote.orderable ? headline.basis : 'indicative',
        amount: formatMoney({ amount: headline.amount, currency: quote.currency }, locale),
      },
    }
  } catch (error) {
    if (error instanceof PricedCarError) return null
    throw error
  }
}

/**
 * The P5 as it comes in this country, in the given view and paint, for a form that is not about a
 * build (trade-in, home charger). Null when the catalog has no P5.
 *
 * @example
 * picture: await modelPicture(ctx, 'side', 'PAINT_CODE')
 */
export async function modelPicture(ctx: LoadContext, view: CarView, paintCode?: string): Promise<ModelPicture | null> {
  const catalog = await ctx.store.catalog('p5')
  const standard = catalog ? defaultConfiguration(catalog, ctx.site.countryCode) : null
  if (!catalog || !standard) return null
  const configuration = paintCode && catalogItem(catalog, paintCode) ? { ...standard, paintCode } : standard
  return { src: carImagePath(configuration, view), view, names: carNames(catalog, configuration, ctx.site.locale) }
}

/** The names a picture's text alternative takes: model, version, paint, wheels and interior, in the locale. */
function carNames(catalog: Catalog, configuration: Configuration, locale: Locale): FormCar['names'] {
  const name = (code: string) => catalogItem(catalog, code)?.names[locale] ?? code
  return {
    model: catalog.model.name,
    version: name(configuration.versionCode),
    paint: name(configuration.paintCode),
    wheels: name(configuration.wheelCode),
    interior: name(configuration.interiorCode),
  }
}
