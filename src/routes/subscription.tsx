import { carDataChangedOn, latestDay } from '../app/page-dates'
import { validatePersonal } from '../domain/order/personal'
import { offerFor, type SubscriptionOffer, subscriptionSummary } from '../domain/subscription/offer'
import { isStoreCountry } from '../domain/testdrive/phone'
import { formatMoney } from '../i18n/formats'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import { randomId } from '../store/ids'
import { ErrorSummary, type FieldErrors } from '../ui/form'
import { useIntl, useT } from '../ui/intl-context'
import { PERSONAL_TEXT_FIELDS, PersonalFields, PrivacyAndMarketing } from '../ui/PersonalFields'
import { ChooseCountry } from '../ui/programs'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { problemErrors } from './form-errors'
import { cancelOwnRequest, loadOwnRequest, type OwnRequestData, OwnRequestPanel } from './program-request'
import { type ActionContext, defineRoute, type LoadContext } from './route'

const IDEMPOTENCY_KEY = /^[\w-]{12,64}$/

interface SubscriptionData {
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
  const { site } = useSiteContext()
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
  const { site } = useSiteContext()
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
  return (
    <ShellPage heading="subscription.heading" lead="subscription.lead">
      <div className="subscription">
        <OfferCard offer={data.offer} />
        <form className="form card" method="post" noValidate aria-labelledby="subscription-form">
          <h2 id="subscription-form">{t('subscription.form.heading')}</h2>
          <ErrorSummary form="subscription" errors={data.errors} ids={{ privacyAccepted: 'subscription-privacy' }} />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <PersonalFields form="subscription" values={data.values} errors={data.errors} />
          <PrivacyAndMarketing
            form="subscription"
            privacyLabel="subscription.label.privacy"
            values={data.values}
            errors={data.errors}
          />
          <button className="button button--primary" type="submit">
            {t('subscription.submit')}
          </button>
        </form>
      </div>
    </ShellPage>
  )
}

async function requestSubscription(ctx: ActionContext) {
  const data = await loadSubscription(ctx)
  const country = ctx.site.countryCode
  if (!data.offer || !isStoreCountry(country)) return { status: 400 as const, data }
  if (IDEMPOTENCY_KEY.test(ctx.form.idempotencyKey ?? '')) data.idempotencyKey = ctx.form.idempotencyKey as string
  data.values = Object.fromEntries(
    [...PERSONAL_TEXT_FIELDS, 'privacyAccepted', 'marketing'].map((f) => [f, ctx.form[f] ?? '']),
  )
  const now = new Date()
  // The lease's personal form and rules: a subscription is for a private person in the site's country.
  const personal = validatePersonal(
    { ...ctx.form, country, usage: 'personal' },
    { site: country, orderDate: today(ctx.site, now), financeKind: null },
  )
  problemErrors(personal.problems, data.errors)
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
  changedOn: async ({ store, site }) =>
    latestDay(await carDataChangedOn(store, site), (await store.subscriptionOffers())?.validFrom),
  meta: () => ({ title: 'subscription.heading', description: 'subscription.lead' }),
  Page: SubscriptionPage,
})

function SubscriptionResultPage({ data }: { data: OwnRequestData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="subscription.result.heading" lead="subscription.result.lead">
      <OwnRequestPanel data={data} page={{ path: `/subscription/result/${data.request.id}` }} />
      <a className="button" href={linkTo(site, '/')}>
        {t('charger.result.home')}
      </a>
    </ShellPage>
  )
}

/** `/subscription/result/{id}`: the request was received; where it is now, and its cancellation by the customer. */
export const subscriptionResult = defineRoute<OwnRequestData>({
  id: 'subscriptionResult',
  path: '/subscription/result/:id',
  // A record of this country's: the other countries' sites have no such page.
  ofOneCountry: true,
  label: null,
  namespaces: [],
  indexable: false,
  load: (ctx) => loadOwnRequest(ctx, 'subscription'),
  action: (ctx) => {
    const id = ctx.params.id ?? ''
    return cancelOwnRequest(ctx, 'subscription', { id, path: `/subscription/result/${id}` })
  },
  meta: () => ({ title: 'subscription.result.heading', description: 'subscription.result.lead' }),
  Page: SubscriptionResultPage,
})
