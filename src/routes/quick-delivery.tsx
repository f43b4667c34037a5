import { z } from 'zod'
import { formatMoney } from '../domain/money'
import { StockQuerySchema } from '../domain/stock/schema'
import {
  DEFAULT_STOCK_QUERY,
  listStock,
  priceStockCar,
  quickDeliveryPromise,
  STOCK_SORTS,
  type StockQuery,
  type StockSort,
  stockFilterOptions,
  stockFromPrice,
} from '../domain/stock/stock'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS, today } from '../i18n/sites'
import { type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { StockCarFacts, StockCarPicture, type StockCarView, stockCarTitle } from '../ui/stock/StockCar'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'
import { stockCarView } from './stock-view'

const SORT_LABELS: Record<StockSort, MessageKey> = {
  'delivery-asc': 'stock.sort.deliveryAsc',
  'delivery-desc': 'stock.sort.deliveryDesc',
  'price-asc': 'stock.sort.priceAsc',
  'price-desc': 'stock.sort.priceDesc',
}

interface StockListData {
  /** The global site sells nothing: it shows where to go instead. */
  global: boolean
  promise: { unit: 'weeks' | 'months'; count: number }
  query: StockQuery
  errors: FieldErrors
  versions: { code: string; name: string }[]
  colours: { code: string; name: string }[]
  cars: StockCarView[]
  from: string | null
  /** The car asked for is sold out (SPEC §8, quick-delivery variant). */
  soldOut: boolean
}

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
  const priced = cars
    .filter((car) => car.configuration.modelCode === catalog.model.code)
    .map((car) => priceStockCar({ catalog, rules, car, date }).car)
  return { catalog, priced }
}

const QUERY_LABELS = {
  sort: 'stock.filter.sortLabel',
  version: 'stock.filter.versionLabel',
  colour: 'stock.filter.colourLabel',
} as const satisfies Record<keyof StockQuery, MessageKey>

/**
 * The address query, checked field by field: a value that is not offered (or not in stock) is
 * reported on its field and ignored, so the rest of the list still works.
 */
function readQuery(url: URL, offered: { versions: string[]; colours: string[] }) {
  const errors: FieldErrors = {}
  const query: StockQuery = { ...DEFAULT_STOCK_QUERY }
  const shape = StockQuerySchema.shape
  const reject = (field: keyof StockQuery) => {
    errors[field] = { key: 'validation.select', label: QUERY_LABELS[field] }
  }
  const sort = shape.sort.safeParse(url.searchParams.get('sort') || undefined)
  if (sort.success) query.sort = sort.data
  else reject('sort')
  const version = shape.version.safeParse(url.searchParams.get('version') ?? '')
  if (version.success && (version.data === null || offered.versions.includes(version.data)))
    query.version = version.data
  else reject('version')
  const colour = shape.colour.safeParse(url.searchParams.get('colour') ?? '')
  if (colour.success && (colour.data === null || offered.colours.includes(colour.data))) query.colour = colour.data
  else reject('colour')
  return { query, errors }
}

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
  }
}

function ChooseYourCountry() {
  const t = useT()
  return (
    <section className="notice" aria-labelledby="stock-global">
      <h2 id="stock-global">{t('configurator.global.heading')}</h2>
      <p>{t('stock.global.body')}</p>
      <ul className="country-list">
        {COUNTRY_SITES.filter((s) => s.canOrder).map((s) => (
          <li key={s.prefix}>
            <a href={linkTo(s, '/quick-delivery')} lang={s.locale} hrefLang={s.locale}>
              {SITE_ENDONYMS[s.prefix]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

function SortAndFilter({ data }: { data: StockListData }) {
  const t = useT()
  const select = (
    name: 'sort' | 'version' | 'colour',
    label: MessageKey,
    value: string | null,
    options: { value: string; label: string }[],
  ) => {
    const error = data.errors[name]
    return (
      <div className="field">
        <label htmlFor={`stock-${name}`}>{t(label)}</label>
        <select
          id={`stock-${name}`}
          name={name}
          defaultValue={value ?? ''}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `stock-${name}-error` : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`stock-${name}-error`} className="field__error">
            {t(error.key, { label: error.label ? t(error.label) : '' })}
          </p>
        ) : null}
      </div>
    )
  }
  const any = { value: '', label: t('stock.filter.any') }
  return (
    <form className="form card stock-filter" method="get" aria-label={t('stock.filter.heading')}>
      {select(
        'sort',
        'stock.filter.sort',
        data.query.sort,
        STOCK_SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) })),
      )}
      {select('version', 'stock.filter.version', data.query.version, [
        any,
        ...data.versions.map((v) => ({ value: v.code, label: v.name })),
      ])}
      {select('colour', 'stock.filter.colour', data.query.colour, [
        any,
        ...data.colours.map((c) => ({ value: c.code, label: c.name })),
      ])}
      <button className="button" type="submit">
        {t('stock.filter.submit')}
      </button>
    </form>
  )
}

function StockListPage({ data }: { data: StockListData }) {
  const t = useT()
  const { site } = useRenderContext()
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
          <p>{t('stock.results', { count: data.cars.length })}</p>
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
  meta: () => ({ title: 'stock.heading', description: 'stock.lead' }),
  Page: StockListPage,
})
