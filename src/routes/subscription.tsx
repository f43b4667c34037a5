import { formatMoney } from '../domain/money'
import { validatePersonal } from '../domain/order/personal'
import { offerFor, type SubscriptionOffer, subscriptionSummary } from '../domain/subscription/offer'
import { isStoreCountry } from '../domain/testdrive/phone'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { randomId } from '../store/ids'
import { ConsentField, CsrfField, Field, type FieldErrors, FormMessage } from '../ui/form'
import { useIntl, useT } from '../ui/intl-context'
import { ChooseCountry } from '../ui/programs'
import { ShellPage } from '../ui/ShellPage'
import { useRenderContext } from '../ui/site-context'
import { loadRequestStatus, RequestStatusCard, type RequestStatusView } from './program-request'
import { type ActionContext, defineRoute, type LoadContext } from './route'

/** The personal form's fields a subscription asks: a private person's name, address and contact. */
const PERSONAL_TEXT_FIELDS = ['firstName', 'lastName', 'zip', 'city', 'street', 'apartment', 'email', 'phone'] as const
const AUTOCOMPLETE: Record<(typeof PERSONAL_TEXT_FIELDS)[number], string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  zip: 'postal-code',
  city: 'address-level2',
  street: 'address-line1',
  apartment: 'address-line2',
  email: 'email',
  phone: 'tel',
}
const IDEMPOTENCY_KEY = /^[\w-]{12,64}$/

interface SubscriptionData {
  csrf: string
  idempotencyKey: string
  /** The global site shows where to go; a country without an offer says so. */
  availability: 'global' | 'none' | 'offered'
  offer: SubscriptionOffer | null
  values: Record<string, string>
  errors: FieldErrors
}

async function loadSubscription(ctx: LoadContext): Promise<SubscriptionData> {
  const country = ctx.site.countryCode
  const offers = await ctx.store.subscriptionOffers()
  const offer = offers && isStoreCountry(country) ? offerFor(offers, country) : null
  const user = ctx.session.user
  return {
    csrf: await ctx.session.csrfToken(),
    idempotencyKey: randomId(),
    availability: !isStoreCountry(country) ? 'global' : offer ? 'offered' : 'none',
    offer,
    values: {
      firstName: user?.name.split(' ')[0] ?? '',
      lastName: user?.name.split(' ').slice(1).join(' ') ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    },
    errors: {},
  }
}

function OfferCard({ offer }: { offer: SubscriptionOffer }) {
  const t = useT()
  const intl = useIntl()
  const { site } = useRenderContext()
  const summary = subscriptionSummary(offer)
  return (
    <section className="card" aria-labelledby="subscription-offer">
      <h2 id="subscription-offer">
        {t('subscription.offer.monthly', { amount: formatMoney(summary.monthly, site.locale) })}
      </h2>
      <dl className="choices-list">
        <dt>{t('subscription.offer.term')}</dt>
        <dd>{t('subscription.offer.months', { months: summary.termMonths })}</dd>
        <dt>{t('subscription.offer.mileage')}</dt>
        <dd>
          {t('subscription.offer.km', {
            perMonth: intl.formatNumber(summary.kmPerMonth),
            perTerm: intl.formatNumber(summary.kmPerTerm),
          })}
        </dd>
        <dt>{t('subscription.offer.total')}</dt>
        <dd>{formatMoney(summary.total, site.locale)}</dd>
      </dl>
      <h3>{t('subscription.offer.included')}</h3>
      <ul>
        {summary.services.map((service) => (
          <li key={service}>{t(`subscription.service.${service}`)}</li>
        ))}
      </ul>
    </section>
  )
}

function SubscriptionPage({ data }: { data: SubscriptionData }) {
  const t = useT()
  const { site } = useRenderContext()
  if (data.availability === 'global') {
    return (
      <ShellPage heading="subscription.heading" lead="subscription.lead">
        <ChooseCountry path="/subscription" heading="subscription.global.heading" body="subscription.global.body" />
      </ShellPage>
    )
  }
  if (!data.offer) {
    return (
      <ShellPage heading="subscription.heading" lead="subscription.lead">
        <p className="notice">{t('subscription.none')}</p>
        <a className="button" href={linkTo(site, '/configurator/p5')}>
          {t('subscription.configure')}
        </a>
      </ShellPage>
    )
  }
  const errorCount = Object.keys(data.errors).length
  return (
    <ShellPage heading="subscription.heading" lead="subscription.lead">
      <OfferCard offer={data.offer} />
      <form className="form card" method="post" noValidate aria-labelledby="subscription-form">
        <h2 id="subscription-form">{t('subscription.form.heading')}</h2>
        {errorCount > 0 ? (
          <FormMessage kind="error">{t('subscription.problem.summary', { count: errorCount })}</FormMessage>
        ) : null}
        <CsrfField token={data.csrf} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        {PERSONAL_TEXT_FIELDS.map((name) => (
          <Field
            key={name}
            form="subscription"
            name={name}
            type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            label={`order.label.${name}`}
            value={data.values[name]}
            autoComplete={AUTOCOMPLETE[name]}
            required={name !== 'apartment'}
            errors={data.errors}
          />
        ))}
        <ConsentField
          id="subscription-privacy"
          name="privacyAccepted"
          label="subscription.label.privacy"
          errors={data.errors}
          link={{ href: linkTo(site, '/policy'), label: 'testDrive.privacyLink' }}
        />
        <div className="field field--check">
          <input id="subscription-marketing" name="marketing" type="checkbox" value="yes" />
          <label htmlFor="subscription-marketing">{t('quote.marketing')}</label>
        </div>
        <button className="button button--primary" type="submit">
          {t('subscription.submit')}
        </button>
      </form>
    </ShellPage>
  )
}

async function requestSubscription(ctx: ActionContext) {
  const data = await loadSubscription(ctx)
  const country = ctx.site.countryCode
  if (!data.offer || !isStoreCountry(country)) return { status: 400 as const, data }
  if (IDEMPOTENCY_KEY.test(ctx.form.idempotencyKey ?? '')) data.idempotencyKey = ctx.form.idempotencyKey as string
  data.values = Object.fromEntries(PERSONAL_TEXT_FIELDS.map((f) => [f, ctx.form[f] ?? '']))
  const now = new Date()
  // The lease's personal form and rules: a subscription is for a private person in the site's country.
  const personal = validatePersonal(
    { ...ctx.form, country, usage: 'personal' },
    { site: country, orderDate: now.toISOString().slice(0, 10), financeKind: null },
  )
  for (const p of personal.problems) data.errors[p.field] = { key: p.messageKey as MessageKey, label: p.labelKey }
  if (ctx.form.privacyAccepted !== 'yes') data.errors.privacyAccepted = { key: 'subscription.problem.privacyRequired' }
  if (!personal.values || data.errors.privacyAccepted) return { status: 422 as const, data }
  const { id, notificationId } = await ctx.store.programs.createSubscriptionRequest({
    idempotencyKey: data.idempotencyKey,
    offer: data.offer,
    personal: personal.values,
    consents: { privacy: now.toISOString(), marketing: ctx.form.marketing === 'yes' ? now.toISOString() : null },
    countryCode: country,
    locale: ctx.site.locale,
    ownerId: ctx.session.user?.id ?? null,
    now,
  })
  if (notificationId) ctx.notify([notificationId])
  return { redirect: linkTo(ctx.site, `/subscription/result/${id}`) }
}

/** `/subscription`: the country's all-inclusive monthly offer and its request form (SPEC §1). */
export const subscription = defineRoute<SubscriptionData>({
  id: 'subscription',
  path: '/subscription',
  label: null,
  namespaces: [],
  indexable: true,
  load: loadSubscription,
  action: requestSubscription,
  meta: () => ({ title: 'subscription.heading', description: 'subscription.lead' }),
  Page: SubscriptionPage,
})

interface SubscriptionResultData {
  csrf: string
  request: RequestStatusView
  /** The customer asked to cancel: the confirmation question is shown. */
  confirm: boolean
  message: MessageKey | null
}

function CancelRequest({ data }: { data: SubscriptionResultData }) {
  const t = useT()
  const { site } = useRenderContext()
  const path = `/subscription/result/${data.request.id}`
  if (data.request.cancelLocked) return <FormMessage kind="error">{t('order.problem.leaseCancelFailed')}</FormMessage>
  if (!data.request.cancellable) return null
  if (!data.confirm) {
    return (
      <p>
        <a className="button" href={linkTo(site, path, { query: 'confirm=cancel' })}>
          {t('programs.request.cancel')}
        </a>
      </p>
    )
  }
  return (
    <section id="confirm" className="card" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t('programs.request.cancelConfirm')}</h2>
      <form method="post" action={linkTo(site, path)} className="form-actions">
        <CsrfField token={data.csrf} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="confirmed" value="yes" />
        <button className="button button--primary" type="submit">
          {t('programs.request.cancelYes')}
        </button>
        <a className="button" href={linkTo(site, path)}>
          {t('programs.request.cancelNo')}
        </a>
      </form>
    </section>
  )
}

function SubscriptionResultPage({ data }: { data: SubscriptionResultData }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <ShellPage heading="subscription.result.heading" lead="subscription.result.lead">
      {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
      <RequestStatusCard view={data.request} />
      <CancelRequest data={data} />
      <a className="button" href={linkTo(site, '/')}>
        {t('charger.result.home')}
      </a>
    </ShellPage>
  )
}

async function loadSubscriptionResult(ctx: LoadContext): Promise<SubscriptionResultData> {
  const request = await loadRequestStatus(ctx, 'subscription')
  return {
    csrf: await ctx.session.csrfToken(),
    request,
    confirm: ctx.url.searchParams.get('confirm') === 'cancel' && request.cancellable,
    message: null,
  }
}

/**
 * The customer cancels their own subscription request, in two steps that work without JavaScript: the link shows
 * the question, "yes" posts `confirmed=yes`. Once a car is allocated the answer is SPEC §8's "Cancel lease failed:
 * please contact our store."
 */
async function cancelSubscriptionRequest(ctx: ActionContext) {
  const data = await loadSubscriptionResult(ctx)
  const user = ctx.session.user
  if (ctx.form.intent !== 'cancel' || ctx.form.confirmed !== 'yes' || !user) return { status: 400 as const, data }
  const path = linkTo(ctx.site, `/subscription/result/${data.request.id}`)
  if (!data.request.cancellable) {
    if (!data.request.cancelLocked) return { redirect: path } // already cancelled (a retried "yes"), or not theirs
    data.message = 'order.problem.leaseCancelFailed'
    return { status: 409 as const, data }
  }
  // Moved by staff in the meantime, nothing changes: the page then shows where the request is now.
  const { notificationId } = await ctx.store.programRequests.move(
    'subscription',
    data.request.id,
    data.request.current,
    'requestCancelled',
    { role: 'customer', id: user.id },
    new Date().toISOString(),
  )
  if (notificationId) ctx.notify([notificationId])
  return { redirect: path }
}

/** `/subscription/result/{id}`: the request was received; where it is now, and its cancellation by the customer. */
export const subscriptionResult = defineRoute<SubscriptionResultData>({
  id: 'subscriptionResult',
  path: '/subscription/result/:id',
  label: null,
  namespaces: [],
  indexable: false,
  load: loadSubscriptionResult,
  action: cancelSubscriptionRequest,
  meta: () => ({ title: 'subscription.result.heading', description: 'subscription.result.lead' }),
  Page: SubscriptionResultPage,
})
