import { catalogItem } from '../domain/catalog/items'
import type { Money } from '../domain/money'
import { blindOrderIncentive, incentiveApplies } from '../domain/order/incentive'
import { orderAmounts } from '../domain/order/order'
import { formatMoney } from '../i18n/formats'
import { linkTo } from '../i18n/links'
import { type FormCar, FormWithCar } from '../ui/form-car/FormWithCar'
import { IncentiveCard, type IncentiveView, incentiveView } from '../ui/IncentiveCard'
import { useT } from '../ui/intl-context'
import { PageShell } from '../ui/PageShell'
import { useSiteContext } from '../ui/site-context'
import { formCar } from './helpers/form-car'
import { loadPreOrder } from './lookups'
import { priceOf } from './order/price-of'
import { defineRoute, type LoadContext } from './route'

export interface PreOrderData {
  id: string
  carId: string
  model: string
  version: string
  paint: string
  total: string
  /** How the total is stated: with VAT (the amount to pay), or the global site's indicative price. */
  basis: 'inclVat' | 'indicative'
  /** The pre-order fee and the balance; null where the site takes no orders (the global site). */
  fee: string | null
  balance: string | null
  /**
   * The blind-order incentive's rates, formatted; null when the price data has no campaign, the site takes no orders
   * or the build is not for business use.
   */
  incentive: IncentiveView | null
  /** The car and its price, shown beside the offer. */
  car: FormCar | null
}

/**
 * The pre-order of a saved configuration ({id}) of a model ({carId}): the car, its price, the pre-order fee
 * (deposit) due today and the balance at delivery, from the same re-pricing as the order form. Unknown or
 * mismatched records are "No record is found" (404). The global site takes no orders: it shows the car and its
 * price only, like the overview.
 */
export async function loadPreOrderOffer(ctx: LoadContext): Promise<PreOrderData> {
  const { model, configuration } = await loadPreOrder(ctx)
  const orderable = ctx.site.canOrder
  const { choices, quote } = await priceOf(ctx, configuration.id)
  const [catalog, facts] = await Promise.all([ctx.store.catalog(model.code), ctx.store.marketingFacts()])
  const locale = ctx.site.locale
  const name = (code: string) => (catalog ? catalogItem(catalog, code)?.names[locale] : undefined) ?? code
  const total: Money = { amount: quote.totalInclVat, currency: quote.currency }
  const amounts = orderAmounts({
    kind: 'preOrder',
    totalInclVat: total,
    depositAmount: { amount: quote.depositAmount ?? 0, currency: quote.currency },
    reservationFee: null,
  })
  // The business lease rate is offered to a build for business use only (a private buyer is not told of it).
  const applies = orderable && incentiveApplies('preOrder', configuration.usage, null)
  const incentive = facts && applies ? blindOrderIncentive(facts.businessLeaseInterest) : null
  return {
    id: configuration.id,
    carId: model.code,
    model: model.name,
    version: name(choices.versionCode),
    paint: name(choices.paintCode),
    total: formatMoney(amounts.totalInclVat, locale),
    basis: quote.orderable ? 'inclVat' : 'indicative',
    fee: orderable ? formatMoney(amounts.dueToday, locale) : null,
    balance: orderable ? formatMoney(amounts.balance, locale) : null,
    incentive: incentiveView(incentive, locale),
    car: await formCar(ctx, model.code, configuration),
  }
}

function PreOrderPage({ data }: { data: PreOrderData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <PageShell heading={t('page.preOrder.heading', { model: data.model })} lead={t('page.preOrder.lead')}>
      <FormWithCar car={data.car}>
        <section className="card" aria-labelledby="pre-order-car">
          <h2 id="pre-order-car">{t('order.preOrder.configuration')}</h2>
          <dl className="choices-list">
            <dt>{t('configurator.step.version')}</dt>
            <dd>{data.version}</dd>
            <dt>{t('configurator.step.paint')}</dt>
            <dd>{data.paint}</dd>
            <dt>{t(data.basis === 'indicative' ? 'price.indicative.label' : 'configurator.price.total')}</dt>
            <dd>{data.total}</dd>
            {data.fee && data.balance ? (
              <>
                <dt>{t('order.preOrder.fee')}</dt>
                <dd>{data.fee}</dd>
                <dt>{t('order.preOrder.balance')}</dt>
                <dd>{data.balance}</dd>
              </>
            ) : null}
          </dl>
          <p className="field__hint">
            {t(data.basis === 'indicative' ? 'price.indicative.caption' : 'price.basis.inclVat')}
          </p>
          {data.fee ? <p>{t('order.preOrder.feeNote')}</p> : null}
        </section>
        {data.incentive ? <IncentiveCard id="pre-order-incentive" className="card" incentive={data.incentive} /> : null}
        {data.fee ? (
          <p className="form-actions">
            <a
              className="button button--primary"
              href={linkTo(site, `/pre-order/info-submission/${data.id}/${data.carId}`)}
            >
              {t('order.preOrder.continue')}
            </a>{' '}
            <a className="button" href={linkTo(site, '/terms-conditions')}>
              {t('order.preOrder.terms')}
            </a>
          </p>
        ) : null}
      </FormWithCar>
    </PageShell>
  )
}

/** `/pre-order/{id}/{carId}`: pre-order a saved configuration ({id}) of a model ({carId}), with its incentive. */
export default defineRoute<PreOrderData>({
  id: 'preOrder',
  path: '/pre-order/:id/:carId',
  label: 'blind_order_incentive',
  namespaces: [],
  indexable: false,
  load: loadPreOrderOffer,
  meta: (data) => ({
    title: 'page.preOrder.heading',
    description: 'page.preOrder.lead',
    values: { model: data.model },
  }),
  Page: PreOrderPage,
})
