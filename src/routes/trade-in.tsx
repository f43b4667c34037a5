import { carDataChangedOn, latestDay } from '../app/page-dates'
import { requestValuation } from '../app/trade-in'
import { isStoreCountry } from '../domain/testdrive/phone'
import { PLATE_RULES } from '../domain/tradein/plates'
import { OLDEST_YEAR_OFFSET, TRADE_IN_FIELDS } from '../domain/tradein/validate'
import { FINAL_PRICE_VALID_DAYS } from '../domain/tradein/valuation'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { ErrorSummary, Field, type FieldErrors, FormMessage } from '../ui/form'
import { FormBesideCar, type ModelPicture } from '../ui/form-car/FormBesideCar'
import { useT } from '../ui/intl-context'
import { ChooseCountry, SelectField } from '../ui/programs'
import { ShellPage } from '../ui/ShellPage'
import { problemErrors } from './form-errors'
import { modelPicture } from './helpers/form-car'
import { type ActionContext, defineRoute, type LoadContext } from './route'

/** A saved configuration's id as it may come back in a trade-in address (`?configuration=`). */
export const CONFIGURATION_ID = /^[\w-]{1,64}$/

interface TradeInFormData {
  /** False on the global site: it shows where to go instead of the form. */
  canValue: boolean
  values: Record<string, string>
  errors: FieldErrors
  message: MessageKey | null
  cars: { label: string; options: { value: string; label: string }[] }[]
  years: number[]
  plateExample: string
  /** The saved configuration the visitor came from, carried to the result so it can go on to the order. */
  configurationId: string | null
  /** The P5 beside the form on a desktop. */
  picture: ModelPicture | null
}

async function loadTradeIn(ctx: LoadContext): Promise<TradeInFormData> {
  const country = ctx.site.countryCode
  const table = await ctx.store.valuationTable()
  const thisYear = new Date().getUTCFullYear()
  const configuration = ctx.url.searchParams.get('configuration') ?? ''
  return {
    canValue: isStoreCountry(country),
    values: { owner: ctx.session.user?.name ?? '' },
    errors: {},
    message: null,
    cars: (table?.brands ?? []).map((brand) => ({
      label: brand.name,
      options: brand.series.flatMap((series) =>
        series.variants.map((variant) => ({
          value: `${brand.code}/${series.code}/${variant.code}`,
          label: `${brand.name} ${series.name} ${variant.name}`,
        })),
      ),
    })),
    years: Array.from({ length: OLDEST_YEAR_OFFSET + 1 }, (_, i) => thisYear - i),
    plateExample: isStoreCountry(country) ? PLATE_RULES[country].example : '',
    configurationId: CONFIGURATION_ID.test(configuration) ? configuration : null,
    picture: await modelPicture(ctx, 'side', 'fjord-blue'),
  }
}

function TradeInPage({ data }: { data: TradeInFormData }) {
  const t = useT()
  if (!data.canValue) {
    return (
      <ShellPage heading="tradeIn.heading" lead="tradeIn.lead">
        <ChooseCountry path="/trade-in" heading="tradeIn.global.heading" body="tradeIn.global.body" />
      </ShellPage>
    )
  }
  return (
    <ShellPage heading="tradeIn.heading" lead="tradeIn.lead">
      <FormBesideCar picture={data.picture}>
        <form className="form card" method="post" noValidate aria-label={t('tradeIn.submit')}>
          {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
          <ErrorSummary form="tradein" errors={data.errors} />
          {data.configurationId ? <input type="hidden" name="configuration" value={data.configurationId} /> : null}
          <Field
            form="tradein"
            name="vin"
            label="tradeIn.label.vin"
            hint="tradeIn.hint.vin"
            value={data.values.vin}
            autoComplete="off"
            required
            errors={data.errors}
          />
          <Field
            form="tradein"
            name="mileage"
            inputMode="numeric"
            label="tradeIn.label.mileage"
            hint="tradeIn.hint.mileage"
            value={data.values.mileage}
            autoComplete="off"
            required
            errors={data.errors}
          />
          <Field
            form="tradein"
            name="plate"
            label="tradeIn.label.plate"
            value={data.values.plate}
            autoComplete="off"
            required
            hint="tradeIn.hint.plate"
            hintValues={{ example: data.plateExample }}
            errors={data.errors}
          />
          <Field
            form="tradein"
            name="owner"
            label="tradeIn.label.owner"
            value={data.values.owner}
            autoComplete="name"
            required
            errors={data.errors}
          />
          <SelectField
            form="tradein"
            name="car"
            label="tradeIn.label.car"
            placeholder="tradeIn.choose"
            value={data.values.car}
            errors={data.errors}
            groups={data.cars}
          />
          <SelectField
            form="tradein"
            name="year"
            label="tradeIn.label.year"
            placeholder="tradeIn.choose"
            value={data.values.year}
            errors={data.errors}
            options={data.years.map((year) => ({ value: String(year), label: String(year) }))}
          />
          <p>{t('tradeIn.finalPriceNote', { days: FINAL_PRICE_VALID_DAYS })}</p>
          <button className="button button--primary" type="submit">
            {t('tradeIn.submit')}
          </button>
        </form>
      </FormBesideCar>
    </ShellPage>
  )
}

async function valueTradeIn(ctx: ActionContext) {
  const data = await loadTradeIn(ctx)
  if (!data.canValue) return { status: 400 as const, data }
  data.values = Object.fromEntries(TRADE_IN_FIELDS.map((field) => [field, ctx.form[field] ?? '']))
  const configuration = ctx.form.configuration ?? ''
  if (CONFIGURATION_ID.test(configuration)) data.configurationId = configuration
  const outcome = await requestValuation(ctx.store, ctx.site, await ctx.tradeIn.owner(), ctx.form)
  switch (outcome.status) {
    case 'invalid':
      problemErrors(outcome.problems, data.errors)
      return { status: 422 as const, data }
    case 'unavailable':
      data.message = 'tradeIn.error.unavailable'
      return { status: 503 as const, data }
    case 'vinTaken':
      data.message = 'tradeIn.error.vinTaken'
      return { status: 409 as const, data }
    case 'valued':
      // From now on the visitor's price summaries and order form show this estimate.
      ctx.tradeIn.remember(outcome.id)
      return {
        redirect: linkTo(ctx.site, `/trade-in/result/${outcome.id}`, {
          query: data.configurationId ? `configuration=${data.configurationId}` : undefined,
        }),
      }
  }
}

/** `/trade-in`: the trade-in valuation form (SPEC §1, §3, §5); the global site points to the country sites. */
export const tradeIn = defineRoute<TradeInFormData>({
  id: 'tradeIn',
  path: '/trade-in',
  label: null,
  namespaces: [],
  indexable: true,
  load: loadTradeIn,
  action: valueTradeIn,
  changedOn: async ({ store, site }) =>
    latestDay(await carDataChangedOn(store, site), (await store.valuationTable())?.validFrom),
  meta: () => ({ title: 'tradeIn.heading', description: 'tradeIn.lead' }),
  Page: TradeInPage,
})
