import { priceCar } from '../app/priced-car'
import { isValidEmail, normalizePhone } from '../domain/testdrive/phone'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { randomId } from '../store/ids'
import { ConsentField, ContactFields, ErrorSummary, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useRenderContext } from '../ui/site-context'
import { loadConfiguration } from './lookups'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'

interface QuoteData {
  idempotencyKey: string
  model: string
  stores: { id: string; label: string }[]
  values: { name: string; email: string; phone: string; storeId: string; privacyAccepted?: string; marketing?: string }
  errors: FieldErrors
  message: MessageKey | null
}

async function loadQuote(ctx: LoadContext): Promise<QuoteData> {
  const { model } = await loadConfiguration(ctx)
  const stores = await ctx.store.stores(ctx.site.countryCode)
  const user = ctx.session.user
  return {
    idempotencyKey: randomId(),
    model: model.name,
    stores: stores.map((s) => ({ id: s.id, label: `${s.address.city} – ${s.name}` })),
    values: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', storeId: '' },
    errors: {},
    message: null,
  }
}

function QuotePage({ data }: { data: QuoteData }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <ShellPage heading="page.quote.heading" lead="page.quote.lead" values={{ model: data.model }}>
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
        <ConsentField
          id="quote-privacy"
          name="privacyAccepted"
          label="testDrive.label.privacy"
          errors={data.errors}
          link={{ href: linkTo(site, '/policy'), label: 'testDrive.privacyLink' }}
          checked={data.values.privacyAccepted === 'yes'}
        />
        <div className="field field--check">
          <input
            id="quote-marketing"
            name="marketing"
            type="checkbox"
            value="yes"
            defaultChecked={data.values.marketing === 'yes'}
          />
          <label htmlFor="quote-marketing">{t('quote.marketing')}</label>
        </div>
        <button className="button button--primary" type="submit">
          {t('quote.submit')}
        </button>
      </form>
    </ShellPage>
  )
}

async function requestQuote(ctx: ActionContext) {
  const { form } = ctx
  const { configuration, model } = await loadConfiguration(ctx)
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
  const errors: FieldErrors = {}
  const name = (form.name ?? '').trim()
  if (!name) errors.name = { key: 'validation.required', label: 'field.name' }
  else if (name.length > 80) errors.name = { key: 'validation.invalid', label: 'field.name' }
  if (!(form.email ?? '').trim()) errors.email = { key: 'validation.required', label: 'field.email' }
  else if (!isValidEmail((form.email ?? '').trim())) errors.email = { key: 'validation.invalid', label: 'field.email' }
  const phone = normalizePhone(ctx.site.countryCode as Parameters<typeof normalizePhone>[0], form.phone ?? '')
  if (!(form.phone ?? '').trim()) errors.phone = { key: 'validation.required', label: 'field.phone' }
  else if (!phone) errors.phone = { key: 'validation.invalid', label: 'field.phone' }
  if (form.privacyAccepted !== 'yes') errors.privacyAccepted = { key: 'quote.problem.privacyRequired' }
  const stores = await ctx.store.stores(ctx.site.countryCode)
  const storeId = form.storeId && stores.some((s) => s.id === form.storeId) ? form.storeId : null
  if (Object.keys(errors).length > 0) {
    data.errors = errors
    return { status: 422 as const, data }
  }
  if (!configuration.choices) throw new PageError('configuratorNotFound', 404)
  const { quote: price } = await priceCar(ctx.store, ctx.site, {
    modelCode: model.code,
    configuration: configuration.choices,
    usage: configuration.usage,
    mode: 'reconcile',
  })
  const now = new Date()
  const { id, notificationId } = await ctx.store.testDrives.createQuoteRequest({
    idempotencyKey: data.idempotencyKey,
    configurationId: configuration.id,
    countryCode: ctx.site.countryCode,
    storeId,
    name,
    email: (form.email ?? '').trim(),
    phone: phone ?? '',
    locale: ctx.site.locale,
    ownerId: ctx.session.user?.id ?? null,
    price,
    consents: { privacy: now.toISOString(), marketing: form.marketing === 'yes' ? now.toISOString() : null },
    now,
  })
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
