import { type OpenOrder, orderFees, placeOrder } from '../app/place-order'
import { deliveryWindow } from '../domain/catalog/delivery'
import type { IsoDate, Usage } from '../domain/catalog/markets'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { type ChosenFinance, financeFingerprint } from '../domain/finance/chosen'
import { FINANCE_KINDS, type FinanceKind, productsFor } from '../domain/finance/products'
import type { Requoted } from '../domain/finance/requote'
import type { FinanceProblem } from '../domain/finance/validate'
import { creditInScope, ruleAppliesIn } from '../domain/legal/data'
import type { Money } from '../domain/money'
import { CONSENT_TEXT_KEYS, offeredConsents } from '../domain/order/consents'
import { CREDIT_APPLICATION_COUNTRIES } from '../domain/order/credit-application'
import { type OrderKind, type OrderTradeIn, orderFlow } from '../domain/order/order'
import { countryPayments } from '../domain/payment/methods'
import { formatDate } from '../i18n/dates'
import { financeProblemMessage } from '../i18n/finance'
import { formatMoney } from '../i18n/formats'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { Locale } from '../i18n/sites'
import { randomId } from '../store/ids'
import { FinanceTerms } from '../ui/finance/FinanceTerms'
import { ConsentField, ErrorSummary, Field, type FieldErrors, FormMessage, useErrorText } from '../ui/form'
import { FoldedPrice, type FormCar, FormWithCar } from '../ui/form-car/FormWithCar'
import { useT } from '../ui/intl-context'
import { Precontract, type PrecontractFacts } from '../ui/legal/Precontract'
import { PersonalFields } from '../ui/PersonalFields'
import { useSiteContext } from '../ui/site-context'
import { problemErrors } from './form-errors'
import { formCar } from './helpers/form-car'
import { loadConfiguration } from './lookups'
import { financeKindOf, orderFinance } from './order/finance-offer'
import { priceConfiguration } from './order/price-of'
import { OrderPrice, type OrderPriceView, orderPriceView, useHeadlineAmount } from './order-price'
import { type ActionContext, defineRoute, type LoadContext, PageError, PageRedirect } from './route'
import { type StockOrder, StockOrderNotice, stockForOrder } from './stock-order'
import { type TradeInSummary, tradeInEstimate } from './trade-in-line'

const BUSINESS_FIELDS = ['companyName', 'companyNumber', 'companyAddress'] as const
const USAGES = ['personal', 'business'] as const satisfies readonly Usage[]
const usageNamed = (value: string | null | undefined): Usage | null =>
  (USAGES as readonly string[]).includes(value ?? '') ? (value as Usage) : null
const money = (amount: number, currency: string): Money => ({ amount, currency: currency as Money['currency'] })

// ---------------------------------------------------------------------------------------------
// The personal form: /configurator/info-submission/{id}

export interface OrderFormData {
  idempotencyKey: string
  configurationId: string
  kind: OrderKind
  /** The Dutch credit application (a finance partner's) can be started from the form. */
  creditApplication: boolean
  /** Who the car is for (`?usage=`, else the build's usage): the price, the finance offered and its terms follow it. */
  usage: Usage
  /** The finance kinds offered to this customer type, as the configurator offers them for it. */
  finance: FinanceKind[]
  /** The finance kind ordered with. */
  financeKind: FinanceKind
  /**
   * For each customer type, the kinds offered to it, each as the form's address with that type and kind: the form
   * shows those of the type ticked, also without JavaScript (a link cannot follow a radio otherwise).
   */
  financeFor: Record<Usage, { kind: FinanceKind; link: string }[]>
  /** The finance offer ordered with, its figures exactly as the order keeps them; null for cash. */
  offer: ChosenFinance | null
  /** The build's offer that no longer held and was quoted anew, with what changed. */
  requoted: Requoted | null
  /** Why the chosen finance cannot be quoted for this car (its limits); the form then offers the others. */
  financeProblems: FinanceProblem[]
  /** The fingerprint of the offer shown, posted back: an order is placed only with the figures the customer saw. */
  financeFingerprint: string
  /** The configurator with this build, to change the finance choices. */
  changeFinance: string
  /** A repeat order refused: the customer's open order of the same car, if any, and the way to configure another. */
  sameOrder?: { order: { number: string; kind: string; link: string } | null; configure: string } | null
  values: Record<string, string>
  errors: FieldErrors
  message: MessageKey | null
  /** What the order as preselected pays today (a lease nothing), as the order will record it. */
  dueToday: string
  /** With a lease preselected: what paying in cash or with a loan would make due today instead. */
  dueTodayWithoutLease: string | null
  /** The car's price, itemised on one stated basis. */
  price: OrderPriceView
  /** A quick-delivery car the order takes from stock (see stock-order.tsx). */
  stock: StockOrder | null
  /** A trade-in estimate the visitor brought (?tradeIn=): shown apart, it does not change the price. */
  tradeIn: TradeInSummary | null
  /**
   * The form for ordering and for reserving, as links: each kind shows its own agreement and button, so
   * the choice works without JavaScript (a radio could not change which agreement the page shows).
   */
  kindLinks: { order: string; reservation: string }
  /** The car and its price, shown beside the form. */
  car?: FormCar | null
  /** What the customer is told before the order button (Directive 2011/83/EU, Art. 6(1)). */
  precontract: PrecontractFacts
  /** The total the customer commits to, formatted with VAT and every fee (the button's commitment line). */
  total: string
  /**
   * A consumer credit is offered: where the customer applies, the 14-day credit withdrawal and the right to human
   * intervention are stated (Directive (EU) 2023/2225, Art. 26 and 18(8)).
   */
  creditRights: boolean
}

function formLink(ctx: LoadContext, values: Partial<Record<'kind' | 'finance' | 'usage', string>>): string {
  const query = new URLSearchParams(ctx.url.searchParams)
  for (const [name, value] of Object.entries(values)) query.set(name, value)
  const path = ctx.params.carId
    ? `/pre-order/info-submission/${ctx.params.id ?? ''}/${ctx.params.carId}`
    : `/configurator/info-submission/${ctx.params.id ?? ''}`
  return linkTo(ctx.site, path, { query: query.toString() })
}

/** Cash, then the finance kinds of the products offered. */
const financeKinds = (products: readonly { kind: FinanceKind }[]): FinanceKind[] => [
  'cash',
  ...products.filter((p) => p.kind !== 'cash').map((p) => p.kind),
]

type OrderFormPriced = Awaited<ReturnType<typeof priceConfiguration>>

/**
 * The personal form of an order or reservation (kind from `?kind=`), or of a pre-order (`fixedKind`), for the
 * customer type of `?usage=`, else the build's.
 */
export async function loadForm(ctx: LoadContext, fixedKind?: 'preOrder'): Promise<OrderFormData> {
  return (await orderFormState(ctx, fixedKind, null, null)).data
}

/**
 * The form and the car priced once for it: for the customer type `forUsage` (a posted form's), else `?usage=`, else
 * the build's; a quick-delivery car for the postal code `deliveryZip` (Norway: shipping outside Oslo).
 */
async function orderFormState(
  ctx: LoadContext,
  fixedKind: 'preOrder' | undefined,
  forUsage: Usage | null,
  deliveryZip: string | null,
): Promise<{ data: OrderFormData; priced: OrderFormPriced }> {
  if (!ctx.site.canOrder) throw new PageRedirect(linkTo(ctx.site, `/configurator/overview/${ctx.params.id}`))
  const asked = forUsage ?? usageNamed(ctx.url.searchParams.get('usage'))
  const loaded = await loadConfiguration(ctx)
  const stock = await stockForOrder(ctx, loaded.configuration)
  const priced = await priceConfiguration(ctx, loaded.configuration, stock?.quick ? deliveryZip : null, asked)
  const { configuration, usage, choices, quote, products, catalog, date } = priced
  const kind = fixedKind ?? (ctx.url.searchParams.get('kind') === 'reservation' ? 'reservation' : 'order')
  const user = ctx.session.user
  const finance = financeKinds(products)
  const other: Usage = usage === 'business' ? 'personal' : 'business'
  const otherFinance = await offeredTo(ctx, other, date)
  // A link may name a valuation (the app's, or the result page's); otherwise the one the visitor carries.
  const tradeIn = await tradeInEstimate(ctx, ctx.url.searchParams.get('tradeIn') ?? ctx.tradeIn.id ?? '')
  // The finance chosen while configuring (?finance=, else the one saved with the build), when this form offers it.
  const financeKind = financeKindOf(ctx.url.searchParams, configuration, finance)
  const offer = orderFinance(ctx, { record: configuration, quote, products, kind: financeKind, tradeIn, usage })
  const car = await formCar(ctx, configuration.modelCode, configuration)
  const total = formatMoney(money(quote.totalInclVat, quote.currency), ctx.site.locale)
  const data: OrderFormData = {
    idempotencyKey: randomId(),
    configurationId: configuration.id,
    kind,
    creditApplication: CREDIT_APPLICATION_COUNTRIES.includes(ctx.site.countryCode),
    usage,
    finance,
    financeKind,
    financeFor: Object.fromEntries(
      USAGES.map((each) => [
        each,
        (each === usage ? finance : otherFinance).map((financeKind) => ({
          kind: financeKind,
          link: formLink(ctx, { usage: each, finance: financeKind }),
        })),
      ]),
    ) as OrderFormData['financeFor'],
    offer: offer.chosen,
    requoted: offer.requoted,
    financeProblems: offer.problems,
    financeFingerprint: financeFingerprint(offer.chosen),
    changeFinance: linkTo(ctx.site, `/configurator/${configuration.id}`, {
      query: usage === 'business' ? `finance=${financeKind}&usage=business` : `finance=${financeKind}`,
    }),
    values: {
      firstName: user?.name.split(' ')[0] ?? '',
      lastName: user?.name.split(' ').slice(1).join(' ') ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      usage,
      financePreference: financeKind,
    },
    errors: {},
    message: null,
    ...dueTodayOf(kind, financeKind, quote, ctx.site.locale),
    price: orderPriceView(quote, catalog, ctx.site.locale),
    stock,
    tradeIn,
    kindLinks: { order: formLink(ctx, { kind: 'order' }), reservation: formLink(ctx, { kind: 'reservation' }) },
    car,
    total,
    creditRights:
      ruleAppliesIn('credit-withdrawal', ctx.site.countryCode) && products.some((p) => creditInScope(p.kind, usage)),
    precontract: precontractFacts(
      ctx,
      car,
      total,
      catalog ? deliveryWindow(catalog, ctx.site.countryCode, choices, date) : null,
    ),
  }
  return { data, priced }
}

/** The finance kinds a customer type is offered on this site today, as the configurator offers them. */
async function offeredTo(ctx: LoadContext, usage: Usage, date: IsoDate): Promise<FinanceKind[]> {
  const finance = await ctx.store.financeProducts(ctx.site.countryCode)
  return financeKinds(finance ? productsFor([finance], ctx.site.countryCode, usage, date) : [])
}

/** The seller, the car in words, the total, delivery and the withdrawal period of the site's country. */
function precontractFacts(
  ctx: LoadContext,
  car: FormCar | null,
  total: string,
  delivery: { earliest: string; latest: string } | null,
): PrecontractFacts {
  const entity = LEGAL_ENTITIES[ctx.site.countryCode]
  const locale = ctx.site.locale
  const names = car
    ? [car.names.model, car.names.version, car.names.paint, car.names.wheels, car.names.interior, ...car.extras]
    : []
  return {
    country: ctx.site.countryCode,
    seller: {
      company: entity.company,
      address: entity.companyAddress,
      registration: entity.companyRegistration,
      email: entity.contactEmail,
      phone: entity.contactPhone,
      ...(entity.directMarketingRegistration
        ? { directMarketingRegistration: entity.directMarketingRegistration }
        : {}),
    },
    car: names.join(', '),
    total,
    delivery: delivery
      ? { earliest: formatDate(delivery.earliest, locale), latest: formatDate(delivery.latest, locale) }
      : null,
    withdrawalDays: entity.withdrawalDays,
  }
}

export function OrderFormPage({ data }: { data: OrderFormData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <article className="page">
      <h1 className="page__heading">{t('order.form.heading')}</h1>
      <p className="page__lead">{t('order.summary.total', { amount: useHeadlineAmount(data.price) })}</p>
      {data.stock ? (
        <StockOrderNotice stock={data.stock} formPath={`/configurator/info-submission/${data.configurationId}`} />
      ) : null}
      <FormWithCar
        car={data.car}
        details={
          <FoldedPrice>
            <OrderPrice price={data.price} tradeIn={data.tradeIn} />
            {data.tradeIn ? null : (
              <p>
                <a href={linkTo(site, '/trade-in', { query: `configuration=${data.configurationId}` })}>
                  {t('tradeIn.line.valueLink')}
                </a>
              </p>
            )}
          </FoldedPrice>
        }
      >
        {data.kind === 'preOrder' ? null : (
          <nav className="segmented segmented--wrap" aria-label={t('order.kind.label')}>
            {(['order', 'reservation'] as const).map((kind) => (
              <a key={kind} href={data.kindLinks[kind]} aria-current={data.kind === kind ? 'true' : undefined}>
                {t(`order.kind.${kind}`)}
              </a>
            ))}
          </nav>
        )}
        <form className="form card" method="post" noValidate aria-label={t('order.form.heading')}>
          <OrderFormMessage data={data} />
          <ErrorSummary form="order" errors={data.errors} ids={{ financePreference: 'order-finance' }} />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          {data.kind === 'preOrder' ? null : <input type="hidden" name="kind" value={data.kind} />}
          <PersonalFields form="order" values={data.values} errors={data.errors} />
          <UsageFields data={data} />
          {/* How to pay comes after who the car is for, as one of the form's questions; its choices are links. */}
          <OrderFinanceChoice data={data} />
          <FinanceDetails data={data} />
          <ConsentBoxes data={data} />
          <OrderCommitment data={data} />
        </form>
      </FormWithCar>
    </article>
  )
}

/** The finance's hidden fields and what it asks or allows: the birthday of a Dutch private lease, the finance id. */
function FinanceDetails({ data }: { data: OrderFormData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <>
      <input
        type="hidden"
        name="financePreference"
        value={data.errors.financePreference ? (data.values.financePreference ?? '') : data.financeKind}
      />
      <input type="hidden" name="financeFingerprint" value={data.financeFingerprint} />
      {data.creditRights ? <p className="field__hint">{t('legal.credit.rights')}</p> : null}
      {site.countryCode === 'NL' && data.financeKind === 'privateLease' ? (
        <div className="order-form__birthday">
          <Field
            form="order"
            name="birthday"
            type="date"
            label="order.label.birthday"
            hint="order.hint.birthday"
            value={data.values.birthday}
            autoComplete="bday"
            errors={data.errors}
          />
        </div>
      ) : null}
      <Field
        form="order"
        name="financeId"
        label="order.label.financeId"
        value={data.values.financeId}
        autoComplete="off"
        errors={data.errors}
      />
      {data.creditApplication ? <CreditApplicationBox data={data} /> : null}
    </>
  )
}

/** What the order pays today with the preselected finance, and with cash instead when that is a lease. */
function dueTodayOf(
  kind: OrderKind,
  financeKind: FinanceKind,
  quote: { depositAmount: number | null; currency: Money['currency'] },
  locale: Locale,
) {
  const fees = orderFees(kind, financeKind, quote)
  const due = fees.reservationFee ?? fees.depositAmount ?? money(0, quote.currency)
  const cash = orderFees(kind, 'cash', quote)
  const withoutLease = cash.reservationFee ?? cash.depositAmount ?? money(0, quote.currency)
  return {
    dueToday: formatMoney(due, locale),
    dueTodayWithoutLease: orderFlow(kind, financeKind) === 'lease' ? formatMoney(withoutLease, locale) : null,
  }
}

/** What is paid today, the information before the contract and what the button commits the customer to. */
function OrderCommitment({ data }: { data: OrderFormData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <>
      <p>
        {site.countryCode !== 'GLOBAL' && !countryPayments(site.countryCode).online
          ? `${t('myOrder.depositOffline')}: ${data.dueToday}`
          : t('order.summary.dueToday', { amount: data.dueToday })}
      </p>
      {data.dueTodayWithoutLease ? (
        <p className="field__hint">
          {t('order.summary.leaseDueToday')} {t('order.summary.otherDueToday', { amount: data.dueTodayWithoutLease })}
        </p>
      ) : data.kind !== 'preOrder' && data.finance.some((kind) => orderFlow('order', kind) === 'lease') ? (
        <p className="field__hint">{t('order.summary.leaseDueToday')}</p>
      ) : null}
      {data.kind === 'preOrder' ? (
        <p>
          <a href={linkTo(site, '/terms-conditions')}>{t('order.preOrder.terms')}</a>
        </p>
      ) : null}
      <Precontract facts={data.precontract} />
      <p id="order-commitment">
        {data.dueTodayWithoutLease && data.offer?.summary.partnerName
          ? t('legal.order.commits.lease', { lender: data.offer.summary.partnerName })
          : t(COMMITMENT_KEYS[data.kind], { total: data.total, dueToday: data.dueToday })}
      </p>
      <button className="button button--primary" type="submit" aria-describedby="order-commitment">
        {t(SUBMIT_KEYS[data.kind])}
      </button>
    </>
  )
}

/** Why the form came back without an order: a changed offer, a sold-out car or an order of this car under way. */
function OrderFormMessage({ data }: { data: OrderFormData }) {
  const t = useT()
  if (!data.message) return null
  return (
    <FormMessage kind="error">
      {t(data.message)}
      {data.sameOrder ? (
        <>
          {data.sameOrder.order ? (
            <>
              {' '}
              <a href={data.sameOrder.order.link}>
                {t('order.sameSubmitted.open', {
                  kind: data.sameOrder.order.kind,
                  number: data.sameOrder.order.number,
                })}
              </a>
            </>
          ) : null}{' '}
          <a href={data.sameOrder.configure}>{t('order.sameSubmitted.configure')}</a>
        </>
      ) : null}
    </FormMessage>
  )
}

/** Who the car is for, and a business's details (shown for a business only, by the stylesheet). */
function UsageFields({ data }: { data: OrderFormData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <>
      <fieldset className="field">
        <legend>{t('order.label.usage')}</legend>
        {USAGES.map((usage) => (
          <label key={usage} className="field--check">
            <input
              type="radio"
              name="usage"
              id={usage === 'personal' ? 'order-usage' : undefined}
              value={usage}
              defaultChecked={data.values.usage === usage}
            />{' '}
            {t(`configurator.usage.${usage}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="field order-form__business">
        <legend>{t('configurator.usage.business')}</legend>
        {BUSINESS_FIELDS.map((name) => (
          <Field
            key={name}
            form="order"
            name={name}
            label={name === 'companyNumber' && site.countryCode === 'DK' ? 'order.label.cvr' : `order.label.${name}`}
            value={data.values[name]}
            autoComplete={name === 'companyName' ? 'organization' : 'off'}
            errors={data.errors}
          />
        ))}
      </fieldset>
    </>
  )
}

/** The Dutch finance partner's credit application, started with the order. */
function CreditApplicationBox({ data }: { data: OrderFormData }) {
  const t = useT()
  const errorText = useErrorText()
  return (
    <div className="field field--check">
      <input
        id="order-creditApplication"
        name="creditApplication"
        type="checkbox"
        value="yes"
        defaultChecked={data.values.creditApplication === 'yes'}
        aria-invalid={data.errors.creditApplication ? 'true' : undefined}
        aria-describedby={
          data.errors.creditApplication
            ? 'order-creditApplication-hint order-creditApplication-error'
            : 'order-creditApplication-hint'
        }
      />
      <label htmlFor="order-creditApplication">{t('order.financeApplication.apply')}</label>
      <p id="order-creditApplication-hint" className="field__hint">
        {t('order.financeApplication.applyHint')}
      </p>
      {data.errors.creditApplication ? (
        <p id="order-creditApplication-error" className="field__error">
          {errorText(data.errors.creditApplication)}
        </p>
      ) : null}
    </div>
  )
}

/** The agreements this kind of order asks for, and marketing. */
function ConsentBoxes({ data }: { data: OrderFormData }) {
  return offeredConsents(data.kind).map((consent) => (
    <ConsentField
      key={consent}
      id={`order-${consent}`}
      name={consent}
      label={CONSENT_TEXT_KEYS[consent]}
      errors={data.errors}
      checked={data.values[consent] === 'yes'}
    />
  ))
}

/**
 * How the order is paid: each kind the site offers the customer type ticked, as a link to this form with that type
 * and kind (so the figures shown are always those the order is placed with, without JavaScript), then the chosen
 * offer's figures and a way to change its choices in the configurator. Ticking the other type shows its kinds and
 * hides figures that were not made for it.
 */
function OrderFinanceChoice({ data }: { data: OrderFormData }) {
  const t = useT()
  const errorText = useErrorText()
  const error = data.errors.financePreference
  const other: Usage = data.usage === 'business' ? 'personal' : 'business'
  return (
    <section
      className="order-form__finance"
      aria-labelledby="order-finance-title"
      aria-describedby={error ? 'order-finance-error' : undefined}
    >
      <h2 id="order-finance-title">{t('finance.howToPay')}</h2>
      {/* Each customer type's ways to pay; the stylesheet shows those of the type ticked (order-form__for-*). */}
      {USAGES.map((usage) => (
        <nav
          key={usage}
          className={`segmented segmented--wrap order-form__for-${usage}`}
          id={usage === data.usage ? 'order-finance' : `order-finance-${usage}`}
          aria-label={t('finance.howToPay')}
        >
          {data.financeFor[usage].map(({ kind, link }) => (
            <a
              key={kind}
              href={link}
              aria-current={usage === data.usage && data.financeKind === kind && !error ? 'true' : undefined}
            >
              {t(`finance.product.${kind}` as const)}
            </a>
          ))}
        </nav>
      ))}
      {error ? (
        <p id="order-finance-error" className="field__error">
          {errorText(error)}
        </p>
      ) : null}
      <p className={`field__hint order-form__for-${other}`}>{t('order.finance.chooseForUsage')}</p>
      <div className={`order-form__for-${data.usage}`}>
        <OrderFinanceOffer data={data} />
      </div>
    </section>
  )
}

/** The chosen offer's figures, why it cannot be offered, and the way to change its choices in the configurator. */
function OrderFinanceOffer({ data }: { data: OrderFormData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (data.errors.financePreference) return null
  return (
    <>
      {data.offer ? (
        <FinanceTerms
          finance={data.offer}
          basis={data.price.headline.basis}
          requoted={data.requoted}
          headingLevel={3}
          id="order-finance-terms"
          creditWarning={creditInScope(data.offer.kind, data.usage)}
        />
      ) : null}
      {data.financeProblems.length > 0 ? (
        <FormMessage kind="error">
          {t('offer.unavailable', { product: t(`finance.product.${data.financeKind}` as const) })}{' '}
          {data.financeProblems
            .map((problem) => financeProblemMessage(problem, data.price.currency, site.locale, t))
            .join(' ')}
        </FormMessage>
      ) : null}
      {data.financeKind !== 'cash' ? (
        <p>
          <a href={data.changeFinance}>{t('offer.change')}</a>
        </p>
      ) : null}
    </>
  )
}

const SUBMIT_KEYS = {
  order: 'order.submit.order',
  reservation: 'order.submit.reservation',
  preOrder: 'order.preOrder.submit',
} as const satisfies Record<OrderKind, MessageKey>

/**
 * The finance the posted form orders with: the kind it names (when offered), priced now as the form priced it. The
 * figures must be the ones the form showed (its fingerprint); when they are not (the offer expired or the price
 * changed meanwhile), the form is shown again with the new figures, and nothing is ordered.
 */
function postedFinance(ctx: ActionContext, data: OrderFormData, priced: OrderFormPriced) {
  const posted = ctx.form.financePreference ?? ''
  if (posted !== '' && !(data.finance as string[]).includes(posted)) {
    // Never another kind in its place: the customer chooses again among those offered to this customer type.
    const error: NonNullable<FieldErrors[string]> = (FINANCE_KINDS as readonly string[]).includes(posted)
      ? {
          key: 'order.error.financeNotOffered',
          valueKeys: {
            product: `finance.product.${posted as FinanceKind}`,
            usage: `configurator.usage.${data.usage}`,
          },
        }
      : { key: 'offer.unavailableShort' }
    Object.assign(data, { offer: null, requoted: null, financeProblems: [], financeFingerprint: '' })
    data.values.financePreference = posted
    return { kind: data.financeKind, chosen: null, problem: null, error }
  }
  const kind = posted === '' ? 'cash' : (posted as FinanceKind)
  // The form's own offer, unless another kind is posted.
  const offer =
    kind === data.financeKind
      ? { chosen: data.offer, requoted: data.requoted, problems: data.financeProblems }
      : orderFinance(ctx, { record: priced.configuration, ...priced, kind, tradeIn: data.tradeIn, usage: data.usage })
  Object.assign(data, {
    financeKind: kind,
    offer: offer.chosen,
    requoted: offer.requoted,
    financeProblems: offer.problems,
    financeFingerprint: financeFingerprint(offer.chosen),
  })
  data.values.financePreference = kind
  const seen = ctx.form.financeFingerprint ?? (kind === 'cash' ? 'cash' : '')
  const problem: MessageKey | null =
    offer.problems.length > 0 ? 'offer.unavailableShort' : seen !== data.financeFingerprint ? 'offer.changed' : null
  return { kind, chosen: offer.chosen, problem, error: null }
}

/** The trade-in the order keeps: the estimate, what of it was set against the finance, and until when it holds. */
function orderTradeIn(data: OrderFormData): OrderTradeIn | null {
  if (!data.tradeIn) return null
  const { id, car, value, validUntil } = data.tradeIn
  return { valuationId: id, car, estimate: value, credit: data.offer?.tradeInCredit ?? 0, validUntil }
}

/** Refuses a second order of the same car while the first is under way, with the way to it and to another car. */
function refuseRepeat(ctx: ActionContext, data: OrderFormData, open: OpenOrder) {
  data.message = 'configurator.error.sameSubmitted'
  data.sameOrder = {
    order: open ? { number: open.number ?? '', kind: open.kind, link: linkTo(ctx.site, `/order/${open.id}`) } : null,
    configure: linkTo(ctx.site, '/configurator/p5'),
  }
  return { status: 409 as const, data }
}

/** What each kind commits the customer to, said next to its button (Directive 2011/83/EU, Art. 8(2)). */
const COMMITMENT_KEYS = {
  order: 'legal.order.commits.order',
  reservation: 'legal.order.commits.reservation',
  preOrder: 'legal.order.commits.preOrder',
} as const satisfies Record<OrderKind, MessageKey>

/**
 * Places the order of the posted form (a pre-order when `fixedKind` says so), idempotent per form key; else the form
 * again, with what to correct.
 */
export async function submitOrder(ctx: ActionContext, fixedKind?: 'preOrder') {
  const { form } = ctx
  const user = ctx.session.user
  if (!user) throw new PageError('noRecord', 404)
  const key = /^[\w-]{12,64}$/.test(form.idempotencyKey ?? '') ? (form.idempotencyKey as string) : randomId()
  // The form as it is for the customer type posted: its price, the finance it offers and the terms of that finance.
  const { data, priced } = await orderFormState(ctx, fixedKind, usageNamed(form.usage), form.zip ?? null)
  data.idempotencyKey = key
  data.kind = fixedKind ?? (form.kind === 'reservation' ? 'reservation' : 'order')
  data.values = { ...form }
  const finance = postedFinance(ctx, data, priced)
  const tradeIn = orderTradeIn(data)
  const outcome = await placeOrder(ctx.store, ctx.site, {
    kind: data.kind,
    idempotencyKey: key,
    form,
    ownerId: user.id,
    configuration: priced.configuration,
    priced: { configuration: priced.choices, quote: priced.quote, catalog: priced.catalog },
    finance: {
      kind: finance.kind,
      chosen: finance.chosen,
      refused: finance.error !== null,
      changed: !!finance.problem,
    },
    quickWeeks: data.stock?.quick ? data.stock.car.deliveryWeeks : null,
    tradeIn: tradeIn ? { estimate: tradeIn, owner: () => ctx.tradeIn.owner() } : null,
  })
  switch (outcome.status) {
    case 'invalid': {
      const errors = problemErrors(outcome.personal)
      if (finance.error) errors.financePreference = finance.error
      if (outcome.credit) errors.creditApplication = { key: outcome.credit, values: {} }
      data.errors = problemErrors(outcome.consents, errors)
      return { status: 422 as const, data }
    }
    case 'financeChanged':
      data.message = finance.problem
      return { status: 409 as const, data }
    case 'sameSubmitted':
      return refuseRepeat(ctx, data, outcome.open)
    case 'outOfStock':
      if (data.stock) data.stock.soldOut = true
      return { status: 409 as const, data }
    case 'placed':
      // The estimate now belongs to this order: the next car's price summary starts without it.
      if (tradeIn && ctx.tradeIn.id === tradeIn.valuationId) ctx.tradeIn.forget()
      // Queued once the trade-in belongs to the order, so the confirmation sets it against the price.
      if (outcome.notificationId) ctx.notify([outcome.notificationId])
      return { redirect: linkTo(ctx.site, `/order/result-confirmation/${outcome.id}`) }
  }
}

export const orderForm = defineRoute<OrderFormData>({
  id: 'infoSubmission',
  path: '/configurator/info-submission/:id',
  label: 'order_personal_info_submission',
  namespaces: [],
  indexable: false,
  auth: 'required',
  load: loadForm,
  action: async (ctx) => {
    // A retry of a form that already placed its order goes to that order.
    const key = ctx.form.idempotencyKey ?? ''
    const earlier = /^[\w-]{12,64}$/.test(key) ? await ctx.store.orders.findByKey(key) : null
    if (earlier) return { redirect: linkTo(ctx.site, `/order/result-confirmation/${earlier}`) }
    return submitOrder(ctx)
  },
  meta: () => ({ title: 'order.form.heading', description: 'page.infoSubmission.lead', values: { model: 'P5' } }),
  Page: OrderFormPage,
})
