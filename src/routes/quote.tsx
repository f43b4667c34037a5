import { requestQuote as requestQuoteStep } from '../app/quote'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { randomId } from '../store/ids'
import { ContactFields, ErrorSummary, type FieldErrors, FormMessage } from '../ui/form'
import { type FormCar, FormWithCar } from '../ui/form-car/FormWithCar'
import { useT } from '../ui/intl-context'
import { PrivacyAndMarketing } from '../ui/PersonalFields'
import { ShellPage } from '../ui/ShellPage'
import { problemErrors } from './form-errors'
import { formCar } from './helpers/form-car'
import { loadConfiguration } from './lookups'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'

interface QuoteData {
  idempotencyKey: string
  model: string
  stores: { id: string; label: string }[]
  values: { name: string; email: string; phone: string; storeId: string; privacyAccepted?: string; marketing?: string }
  errors: FieldErrors
  message: MessageKey | null
  /** The car and its price, shown beside the form. */
  car: FormCar | null
}

async function loadQuote(ctx: LoadContext): Promise<QuoteData> {
  const { model, configuration } = await loadConfiguration(ctx)
  const stores = await ctx.store.showrooms(ctx.site.countryCode)
  const user = ctx.session.user
  return {
    idempotencyKey: randomId(),
    model: model.name,
    stores: stores.map((s) => ({ id: s.id, label: `${s.address.city} – ${s.name}` })),
    values: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', storeId: '' },
    errors: {},
    message: null,
    car: await formCar(ctx, model.code, configuration),
  }
}

function QuotePage({ data }: { data: QuoteData }) {
  const t = useT()
  return (
    <ShellPage heading="page.quote.heading" lead="page.quote.lead" values={{ model: data.model }}>
      <FormWithCar car={data.car}>
        <form className="form card" method="post" noValidate aria-label={t('quote.submit')}>
          {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
          <ErrorSummary form="quote" errors={data.errors} ids={{ privacyAccepted: 'quote-privacy' }} />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <ContactFields form="quote" values={data.values} errors={data.errors} phoneRequired />
          <div className="field">
            <label htmlFor="quote-store">{t('testDrive.label.store')}</label>
            <select id="quote-store" name="storeId" defaultValue={data.values.storeId}>
              <option value="">{t('quote.anyStore')}</option>
              {data.stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.label}
                </option>
              ))}
            </select>
          </div>
          <PrivacyAndMarketing
            form="quote"
            privacyLabel="testDrive.label.privacy"
            values={data.values}
            errors={data.errors}
          />
          <button className="button button--primary" type="submit">
            {t('quote.submit')}
          </button>
        </form>
      </FormWithCar>
    </ShellPage>
  )
}

async function requestQuote(ctx: ActionContext) {
  const { form } = ctx
  const { configuration } = await loadConfiguration(ctx)
  const data = await loadQuote(ctx)
  data.values = {
    name: form.name ?? '',
    email: form.email ?? '',
    phone: form.phone ?? '',
    storeId: form.storeId ?? '',
    privacyAccepted: form.privacyAccepted ?? '',
    marketing: form.marketing ?? '',
  }
  if (/^[\w-]{12,64}$/.test(form.idempotencyKey ?? '')) data.idempotencyKey = form.idempotencyKey as string
  const outcome = await requestQuoteStep(ctx.store, ctx.site, configuration, form, {
    idempotencyKey: data.idempotencyKey,
    ownerId: ctx.session.user?.id ?? null,
  })
  if (outcome.status === 'invalid') {
    data.errors = problemErrors(outcome.problems)
    return { status: 422 as const, data }
  }
  if (outcome.status === 'noChoices') throw new PageError('configuratorNotFound', 404)
  const { id, notificationId } = outcome
  if (notificationId) ctx.notify([notificationId])
  return { redirect: linkTo(ctx.site, '/test-drive-result', { query: `quote=${id}` }) }
}

/** `/configurator/test-drive-submission/quote/{id}`: a quote request for a saved configuration. */
export default defineRoute<QuoteData>({
  id: 'quote',
  path: '/configurator/test-drive-submission/quote/:id',
  label: null,
  namespaces: [],
  indexable: false,
  load: loadQuote,
  action: requestQuote,
  meta: (data) => ({ title: 'page.quote.heading', description: 'page.quote.lead', values: { model: data.model } }),
  Page: QuotePage,
})
