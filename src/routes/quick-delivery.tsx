import { z } from 'zod'
import { carDataChangedOn, latestDay } from '../app/page-dates'
import {
  DEFAULT_STOCK_QUERY,
  listStock,
  priceStockCar,
  quickDeliveryPromise,
  stockFilterOptions,
  stockFromPrice,
} from '../domain/stock/stock'
import { formatMoney } from '../i18n/formats'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { StockCarFacts, StockCarPicture, stockCarTitle } from '../ui/stock/StockCar'
import { carList, jsonLd } from './helpers/structured-data'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'
import { ChooseYourCountry, SortAndFilter } from './stock/controls'
import { readQuery, type StockListData } from './stock/list'
import { pricedStock } from './stock/priced-stock'
import { stockCarView } from './stock/view'

async function loadStockList(ctx: LoadContext): Promise<StockListData> {
  const promise = quickDeliveryPromise(ctx.site.countryCode)
  const empty: StockListData = {
    global: !ctx.site.canOrder,
    promise: { unit: promise.unit, count: promise.count },
    query: DEFAULT_STOCK_QUERY,
    errors: {},
    versions: [],
    colours: [],
    cars: [],
    from: null,
    soldOut: false,
    offered: null,
  }
  if (!ctx.site.canOrder) return empty
  const { catalog, priced } = await pricedStock(ctx)
  const options = stockFilterOptions(catalog, priced)
  const { query, errors } = readQuery(ctx.url, options)
  const { locale } = ctx.site
  const listed = listStock(priced, query)
  // "From" is the cheapest car of the list as shown (filters included), never a figure below or above it.
  const from = stockFromPrice(listed)
  return {
    ...empty,
    query,
    errors,
    versions: options.versions.map((code) => ({
      code,
      name: catalog.versions.find((v) => v.code === code)?.names[locale] ?? code,
    })),
    colours: options.colours.map((code) => ({
      code,
      name: catalog.paints.find((p) => p.code === code)?.names[locale] ?? code,
    })),
    cars: listed.map((car) => stockCarView(catalog, car, locale)),
    from: from ? formatMoney(from, locale) : null,
    offered: { catalog, cars: listed },
  }
}

function StockListPage({ data }: { data: StockListData }) {
  const t = useT()
  const { site } = useSiteContext()
  const promise =
    data.promise.unit === 'weeks'
      ? t('stock.promise.weeks', { count: data.promise.count })
      : t('stock.promise.months', { count: data.promise.count })
  return (
    <article className="page">
      <h1 className="page__heading">{t('stock.heading')}</h1>
      <p className="page__lead">{data.global ? t('stock.lead') : promise}</p>
      {data.global ? <ChooseYourCountry /> : null}
      {data.soldOut ? (
        <FormMessage kind="error">
          {t('stock.error.quickNotInStock')}{' '}
          <a href={linkTo(site, '/quick-delivery')}>{t('stock.error.seeAvailable')}</a>
        </FormMessage>
      ) : null}
      {data.from ? <p className="stock__from">{t('stock.from', { price: data.from })}</p> : null}
      {data.global ? null : <SortAndFilter data={data} />}
      {!data.global && data.cars.length === 0 ? (
        <div className="notice">
          <p>{t('stock.empty')}</p>
          <a className="button button--primary" href={linkTo(site, '/configurator/p5')}>
            {t('stock.buildYourOwn')}
          </a>
        </div>
      ) : null}
      {data.cars.length > 0 ? (
        <>
          {/* Each card is one build with its units left: the count is of cars, as a buyer counts them. */}
          <p className="stock__count">
            {t('stock.results', {
              cars: data.cars.reduce((sum, car) => sum + car.remaining, 0),
              builds: data.cars.length,
            })}
          </p>
          <ul className="lineup__list stock__list">
            {data.cars.map((car, index) => (
              <li key={car.id} className="card stock-car" aria-labelledby={`car-${car.id}`}>
                <StockCarPicture car={car} eager={index === 0} />
                <h2 id={`car-${car.id}`} className="card__title">
                  {stockCarTitle(car)}
                </h2>
                <StockCarFacts car={car} />
                {car.outsideArea ? <p>{t('stock.car.outsideArea', car.outsideArea)}</p> : null}
                <form method="post">
                  <input type="hidden" name="stockCarId" value={car.id} />
                  <button className="button button--primary" type="submit" aria-describedby={`car-${car.id}`}>
                    {t('stock.orderCar')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  )
}

const OrderStockCar = z.strictObject({ stockCarId: z.string().regex(/^[a-z0-9-]{3,40}$/) })

/**
 * Ordering a stock car starts from a saved configuration that remembers the car: the personal
 * form (sign-in first) then takes the unit when the order is placed. A sold-out car gets SPEC §8's
 * quick-delivery message instead.
 */
async function orderStockCar(ctx: ActionContext) {
  if (!ctx.site.canOrder) throw new PageError('noRecord', 404)
  const parsed = OrderStockCar.safeParse({ stockCarId: ctx.form.stockCarId ?? '' })
  const car = parsed.success ? await ctx.store.stock.find(parsed.data.stockCarId) : null
  if (!car || car.country !== ctx.site.countryCode) throw new PageError('noRecord', 404)
  if (car.remaining === 0) return { status: 409 as const, data: { ...(await loadStockList(ctx)), soldOut: true } }
  const [catalog, rules] = await Promise.all([
    ctx.store.catalog(car.configuration.modelCode),
    ctx.store.priceRules(car.country),
  ])
  if (!catalog || !rules) throw new PageError('noRecord', 404)
  const { quote } = priceStockCar({ catalog, rules, car, date: today(ctx.site) })
  const id = await ctx.store.saveConfiguration({
    configuration: car.configuration,
    usage: 'personal',
    countryCode: ctx.site.countryCode,
    ownerId: ctx.session.user?.id ?? null,
    savedPrice: { totalInclVat: quote.totalInclVat, currency: quote.currency, validOn: quote.validOn.date },
    now: new Date(),
    stockCarId: car.id,
  })
  return { redirect: linkTo(ctx.site, `/configurator/info-submission/${id}`) }
}

/**
 * `/quick-delivery`: cars in stock in the site's country (SPEC §2 "Quick delivery list"), sorted and
 * filtered by the address, each with its on-the-road price; the global site points to the countries.
 */
export default defineRoute<StockListData>({
  id: 'quickDelivery',
  path: '/quick-delivery',
  label: 'quick_delivery',
  namespaces: [],
  // Ordering a car is checked by origin (Origin / Sec-Fetch-Site, which every current browser sends with a form
  // post, JavaScript or not): a token would set a cookie and keep the list out of the edge and back/forward caches.
  indexable: true,
  load: loadStockList,
  action: orderStockCar,
  // A sale or a return changes the list: it is dated by the stock's last change.
  changedOn: async ({ store, site }) =>
    latestDay(await carDataChangedOn(store, site), await store.stock.lastChanged(site.countryCode)),
  meta: () => ({ title: 'stock.heading', description: 'stock.lead' }),
  // Each car of the list as shown is an offer of a car in stock, at its price inside the delivery area.
  structuredData: ({ offered }, page) =>
    offered && offered.cars.length > 0
      ? jsonLd(
          carList(
            offered.cars.map((car) => ({
              catalog: offered.catalog,
              configuration: car.configuration,
              locale: page.site.locale,
              price: car.price,
              availability: 'InStock',
              origin: page.origin,
              url: `${page.url}#car-${car.id}`,
            })),
          ),
        )
      : null,
  Page: StockListPage,
})
