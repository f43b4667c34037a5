import { priceStockCar } from '../domain/stock/stock'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { StockCarFacts, type StockCarView, stockCarTitle } from '../ui/stock/StockCar'
import type { LoadContext } from './route'
import { stockCarView } from './stock/view'

/** The quick-delivery car attached to an order form (a configuration made from a stock car). */
export interface StockOrder {
  car: StockCarView
  /** False once the buyer chose standard delivery instead (`?delivery=standard`): no unit is taken. */
  quick: boolean
  /** The car sold out while the buyer filled in the form (SPEC §8). */
  soldOut: boolean
}

/**
 * The stock car of the order form's configuration, priced by the engine for the site; null for an
 * ordinary configuration.
 */
export async function stockForOrder(
  ctx: LoadContext,
  configuration: { stockCarId: string | null },
): Promise<StockOrder | null> {
  if (!configuration.stockCarId) return null
  const [car, catalog, rules] = await Promise.all([
    ctx.store.stock.find(configuration.stockCarId),
    ctx.store.catalog('p5'),
    ctx.store.priceRules(ctx.site.countryCode),
  ])
  if (!car || !catalog || !rules || car.country !== ctx.site.countryCode) return null
  const date = today(ctx.site)
  const priced = priceStockCar({ catalog, rules, car, date }).car
  const quick = ctx.url.searchParams.get('delivery') !== 'standard'
  return {
    car: stockCarView(catalog, priced, ctx.site.locale),
    quick,
    // Sold out since it was chosen: say so before the buyer fills in the form.
    soldOut: quick && car.remaining === 0,
  }
}

/**
 * The stock car on the order form: its facts, what delivery outside the area adds (charged by
 * the postal code given below), and when it sold out, SPEC §8's choices: another car, or standard
 * delivery of the same car.
 */
export function StockOrderNotice({ stock, formPath }: { stock: StockOrder; formPath: string }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section className="card" aria-labelledby="stock-order-title">
      <h2 id="stock-order-title">
        {t(stock.quick ? 'stock.order.heading' : 'stock.order.standardHeading', { car: stockCarTitle(stock.car) })}
      </h2>
      {stock.soldOut ? (
        <FormMessage kind="error">
          {t('stock.error.notInStock')} <a href={linkTo(site, '/quick-delivery')}>{t('stock.error.chooseAnother')}</a>{' '}
          <a href={linkTo(site, formPath, { query: 'delivery=standard' })}>{t('stock.error.continueStandard')}</a>
        </FormMessage>
      ) : null}
      <StockCarFacts car={stock.car} showStock={false} showDelivery={stock.quick} />
      {stock.quick && stock.car.outsideArea ? <p>{t('stock.order.outsideArea', stock.car.outsideArea)}</p> : null}
      {stock.quick ? null : <p>{t('stock.order.standard')}</p>}
    </section>
  )
}

/** The quick-delivery car an order took, for its detail page; null for a built-to-order car. */
export async function stockCarOfOrder(ctx: LoadContext, orderId: string): Promise<StockCarView | null> {
  const [car, catalog] = await Promise.all([ctx.store.stock.ofOrder(orderId), ctx.store.catalog('p5')])
  return car && catalog ? stockCarView(catalog, car, ctx.site.locale) : null
}

/** The car on the order detail page. */
export function OrderedStockCar({ car }: { car: StockCarView }) {
  const t = useT()
  return (
    <section className="card" aria-labelledby="stock-car-title">
      <h2 id="stock-car-title">{t('stock.order.detailHeading', { car: stockCarTitle(car) })}</h2>
      <StockCarFacts car={car} showStock={false} showDelivery={false} />
    </section>
  )
}
