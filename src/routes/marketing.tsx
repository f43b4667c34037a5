import { type Configuration, defaultConfiguration } from '../domain/catalog/configuration'
import type { Catalog } from '../domain/catalog/schema'
import { type CarFigures, carFigures } from '../domain/content/marketing'
import { blindOrderIncentive } from '../domain/order/incentive'
import { DEFAULT_STOCK_QUERY, listStock, stockFromPrice } from '../domain/stock/stock'
import { formatMoney } from '../i18n/formats'
import { linkTo } from '../i18n/links'
import { CarPicture } from '../ui/car'
import { carLook, useCarLabel } from '../ui/configurator/car-look'
import { IncentiveCard, type IncentiveView, incentiveView } from '../ui/IncentiveCard'
import { useIntl, useT } from '../ui/intl-context'
import { NextSteps } from '../ui/NextSteps'
import { PageShell } from '../ui/PageShell'
import { useSiteContext } from '../ui/site-context'
import { loadModel } from './lookups'
import { defineRoute, type LoadContext, PageError } from './route'
import { pricedStock } from './stock/priced-stock'

/** The offers of SPEC §9 where the site sells: quick delivery "from" a price, the blind-order lease rate. */
type Offers = {
  stockFrom: string | null
  incentive: IncentiveView | null
}

type Data = {
  model: { code: string; name: string }
  figures: CarFigures
  offers: Offers
  /** The car as it comes in this country, for the stage. */
  car: { catalog: Catalog; configuration: Configuration } | null
}

/** The P5 from the side on a stage under the page's heading. */
function MarketingStage({ catalog, configuration }: { catalog: Catalog; configuration: Configuration }) {
  const label = useCarLabel(catalog, configuration, 'side')
  return (
    <div className="stage stage--inset">
      <div className="stage__car">
        <CarPicture look={carLook(catalog, configuration)} view="side" label={label} />
      </div>
    </div>
  )
}

async function loadOffers(ctx: LoadContext): Promise<Offers> {
  if (!ctx.site.canOrder) return { stockFrom: null, incentive: null }
  const { locale } = ctx.site
  const [{ priced }, facts] = await Promise.all([pricedStock(ctx), ctx.store.marketingFacts()])
  const from = stockFromPrice(listStock(priced, DEFAULT_STOCK_QUERY))
  const incentive = facts ? blindOrderIncentive(facts.businessLeaseInterest) : null
  return {
    stockFrom: from ? formatMoney(from, locale) : null,
    incentive: incentiveView(incentive, locale),
  }
}

function MarketingPage({ data }: { data: Data }) {
  const t = useT()
  const intl = useIntl()
  const { site } = useSiteContext()
  const { model, figures, offers } = data
  const n = (value: number) => intl.formatNumber(value)
  const fast = figures.fastCharging
  const rows = [
    {
      label: t('marketing.range'),
      value: t('marketing.rangeValue', { min: n(figures.rangeKm.min), max: n(figures.rangeKm.max) }),
    },
    { label: t('marketing.battery'), value: t('marketing.batteryValue', { kwh: n(figures.batteryKwh) }) },
    {
      label: t('marketing.consumption'),
      value: t('marketing.consumptionValue', { min: n(figures.consumption.min), max: n(figures.consumption.max) }),
    },
    { label: t('marketing.acCharging'), value: t('marketing.acChargingValue', { kw: n(figures.acChargingKw) }) },
    {
      label: t('marketing.fastCharging'),
      value: t('marketing.fastChargingValue', { from: fast.fromPercent, to: fast.toPercent, minutes: n(fast.minutes) }),
    },
    { label: t('marketing.cargo'), value: t('marketing.cargoValue', { litres: n(figures.cargoLitres) }) },
    { label: t('marketing.drive'), value: t(`marketing.driveType.${figures.drive}`) },
  ]
  return (
    <PageShell heading={t('page.marketing.heading', { model: model.name })} lead={t('marketing.lead')}>
      {data.car ? <MarketingStage {...data.car} /> : null}
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading">{t('marketing.figures')}</h2>
        <dl className="facts">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className="marketing__note">{t('marketing.disclaimer')}</p>
      </section>
      <section aria-labelledby="charging-heading">
        <h2 id="charging-heading">{t('marketing.charging.heading')}</h2>
        <p>
          {t('marketing.charging.text', {
            model: model.name,
            kw: n(figures.acChargingKw),
            from: fast.fromPercent,
            to: fast.toPercent,
            minutes: n(fast.minutes),
          })}
        </p>
      </section>
      <section aria-labelledby="everyday-heading">
        <h2 id="everyday-heading">{t('marketing.everyday.heading')}</h2>
        <p>
          {t('marketing.everyday.text', {
            model: model.name,
            litres: n(figures.cargoLitres),
            km: n(figures.rangeKm.max),
          })}
        </p>
      </section>
      {offers.stockFrom ? (
        <section aria-labelledby="quick-heading">
          <h2 id="quick-heading">{t('header.nav.quickDelivery')}</h2>
          <p>
            <a href={linkTo(site, '/quick-delivery')}>{t('stock.from', { price: offers.stockFrom })}</a>
          </p>
        </section>
      ) : null}
      {offers.incentive ? <IncentiveCard id="incentive-heading" incentive={offers.incentive} /> : null}
      <NextSteps
        links={[
          { path: `/configurator/${model.code}`, label: 'page.home.cta.configure' },
          { path: `/test-drive/${model.code}`, label: 'page.home.cta.testDrive' },
        ]}
      />
    </PageShell>
  )
}

/** `/marketing`: the P5 presented with its figures (SPEC §9) from its catalog, linking into configurator and test drive. */
export default defineRoute({
  id: 'marketing',
  path: '/marketing',
  label: null,
  namespaces: ['page.marketing', 'marketing', 'page.home.cta'],
  indexable: true,
  load: async (ctx) => {
    const model = await loadModel(ctx, 'p5')
    const catalog = await ctx.store.catalog(model.code)
    if (!catalog) throw new PageError('noRecord', 404)
    return {
      model: { code: model.code, name: model.name },
      figures: carFigures(catalog),
      offers: await loadOffers(ctx),
      car: { catalog, configuration: defaultConfiguration(catalog, ctx.site.countryCode) },
    }
  },
  meta: (data) => ({
    title: 'page.marketing.heading',
    description: 'marketing.lead',
    values: { model: data.model.name },
  }),
  Page: MarketingPage,
})
