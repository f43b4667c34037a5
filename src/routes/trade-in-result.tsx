import { carName } from '../app/trade-in'
import type { Money } from '../domain/money'
import { FINAL_PRICE_VALID_DAYS, finalPriceValidUntil } from '../domain/tradein/valuation'
import { formatDate } from '../i18n/dates'
import { formatMoney } from '../i18n/formats'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { defineRoute, found, type LoadContext, PageError } from './route'
import { CONFIGURATION_ID } from './trade-in'

interface TradeInResultData {
  id: string
  car: string
  vin: string
  plate: string
  mileageKm: number
  firstRegistrationYear: number
  estimate: Money
  /** The last day of the final price if the car were inspected today. */
  validUntilIfInspectedToday: string
  configurationId: string | null
  /** Whether this is the estimate the visitor's price summaries show (it can be removed from them). */
  carried: boolean
}

function TradeInResultPage({ data }: { data: TradeInResultData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="tradeIn.result.heading" lead="tradeIn.result.lead">
      <section className="card" aria-labelledby="tradein-estimate">
        <h2 id="tradein-estimate">
          {t('tradeIn.result.estimate', { amount: formatMoney(data.estimate, site.locale) })}
        </h2>
        <dl className="choices-list">
          <dt>{t('tradeIn.label.car')}</dt>
          <dd>{data.car}</dd>
          <dt>{t('tradeIn.label.year')}</dt>
          <dd>{data.firstRegistrationYear}</dd>
          <dt>{t('tradeIn.label.vin')}</dt>
          <dd>{data.vin}</dd>
          <dt>{t('tradeIn.label.plate')}</dt>
          <dd>{data.plate}</dd>
          <dt>{t('tradeIn.label.mileage')}</dt>
          <dd>{t('tradeIn.result.km', { km: data.mileageKm })}</dd>
        </dl>
        <p>
          {t('tradeIn.result.validity', {
            days: FINAL_PRICE_VALID_DAYS,
            date: formatDate(data.validUntilIfInspectedToday, site.locale),
          })}
        </p>
      </section>
      {data.configurationId ? (
        <p className="form-actions">
          <a
            className="button button--primary"
            href={linkTo(site, `/configurator/info-submission/${data.configurationId}`, {
              query: `tradeIn=${data.id}`,
            })}
          >
            {t('tradeIn.result.continueOrder')}
          </a>
          <a className="button" href={linkTo(site, `/configurator/overview/${data.configurationId}`)}>
            {t('tradeIn.result.backToCar')}
          </a>
        </p>
      ) : null}
      {data.carried ? (
        <form className="card" method="post" aria-labelledby="tradein-carried">
          <p id="tradein-carried">{t('tradeIn.result.carried')}</p>
          <button className="button" type="submit" name="intent" value="forget">
            {t('tradeIn.result.forget')}
          </button>
        </form>
      ) : null}
      <p>
        <a className="button" href={linkTo(site, '/trade-in')}>
          {t('tradeIn.result.again')}
        </a>
      </p>
    </ShellPage>
  )
}

async function loadTradeInResult(ctx: LoadContext): Promise<TradeInResultData> {
  const id = ctx.params.id ?? ''
  const valuation = found(
    /^[\w-]{12}$/.test(id) ? await ctx.store.programs.findValuation(id, await ctx.tradeIn.owner()) : null,
    'noRecord',
  )
  // A valuation is shown on its own country's site only, in the currency it was made in.
  if (valuation.countryCode !== ctx.site.countryCode) throw new PageError('noRecord', 404)
  const configuration = ctx.url.searchParams.get('configuration') ?? ''
  return {
    id: valuation.id,
    car: await carName(ctx.store, valuation),
    vin: valuation.vin,
    plate: valuation.plate,
    mileageKm: valuation.mileageKm,
    firstRegistrationYear: valuation.firstRegistrationYear,
    estimate: { amount: valuation.estimateAmount, currency: valuation.currency as Money['currency'] },
    validUntilIfInspectedToday: finalPriceValidUntil(today(ctx.site)),
    configurationId: CONFIGURATION_ID.test(configuration) ? configuration : null,
    carried: ctx.tradeIn.id === valuation.id,
  }
}

/** `/trade-in/result/{id}`: the estimate of a valuation and how long the final price holds. */
export const tradeInResult = defineRoute<TradeInResultData>({
  id: 'tradeInResult',
  path: '/trade-in/result/:id',
  // A record of this country's: the other countries' sites have no such page.
  ofOneCountry: true,
  label: null,
  namespaces: [],
  indexable: false,
  load: loadTradeInResult,
  action: async (ctx) => {
    const data = await loadTradeInResult(ctx)
    if (ctx.form.intent !== 'forget') return { status: 400 as const, data }
    if (data.carried) ctx.tradeIn.forget()
    return { redirect: linkTo(ctx.site, '/trade-in') }
  },
  meta: () => ({ title: 'tradeIn.result.heading', description: 'tradeIn.result.lead' }),
  Page: TradeInResultPage,
})
