import { z } from 'zod'
import { amountDue, startCheckout } from '../app/payments'
import type { DeclaredMessage, PaymentOutcome } from '../domain/app-bridge'
import type { OrderKind } from '../domain/order/order'
import { METHOD_NAME_KEYS, methodsFor, PAYMENT_METHODS, type PaymentMethod } from '../domain/payment/methods'
import { catalog } from '../i18n/catalog-store'
import { formatMoney } from '../i18n/formats'
import { intlFor, type MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { OrderCar, OrderTimeline, TIMELINE_TITLE_ID } from './order/order-parts'
import { type OrderedCar, orderedCar } from './order/ordered-car'
import { loadOwnedOrder, OrderFacts, type OrderView } from './order/owned-order'
import { paymentNews } from './order/payment-news'
import { type ActionContext, defineRoute, type LoadContext } from './route'

const PLACED_HEADINGS = {
  order: 'order.placed.order',
  reservation: 'order.placed.reservation',
  preOrder: 'order.preOrder.placed',
} as const satisfies Record<OrderKind, MessageKey>

interface ConfirmationData extends OrderView {
  /** The car as ordered, to draw; null when its record is gone. */
  car: OrderedCar | null
  /** The market's ways to pay the amount due, its own first; empty where it takes no payment online. */
  methods: PaymentMethod[]
  /** The method shown chosen (the last one tried, else the market's first). */
  chosen: PaymentMethod | null
  /** A payment is under way at the provider: no second one is offered. */
  processing: boolean
}

/**
 * `/order/result-confirmation/{id}`: the order's number first, the car as ordered with its facts, then what comes
 * next: paying the amount due on the payment provider's hosted page (where the market takes payment online), and,
 * back from it (`?checkout=` or `?payment=left`), what happened. The same layout as the order detail.
 */
async function loadConfirmation(ctx: LoadContext): Promise<ConfirmationData> {
  const view = await loadOwnedOrder(ctx)
  const { order } = view
  const due = amountDue(order)
  const methods = methodsFor(order.country, due.currency)
  const news = await paymentNews(ctx, view.id, order)
  return {
    ...view,
    ...news.message,
    car: await orderedCar(ctx, view.configurationId),
    methods,
    chosen: (news.lastMethod && methods.includes(news.lastMethod) ? news.lastMethod : methods[0]) ?? null,
    processing: news.processing,
  }
}

const PayForm = z.object({ method: z.enum(PAYMENT_METHODS) })

/** Starts paying: the method must be one the market's data allows, else nothing is started. */
async function pay(ctx: ActionContext) {
  const data = await loadConfirmation(ctx)
  const refuse = (message: MessageKey, status: 409 | 422) => ({
    status,
    data: { ...data, message, messageKind: 'error' as const },
  })
  if (!data.onlinePayment) return refuse('order.payment.underConstruction', 409)
  const form = PayForm.safeParse(ctx.form)
  if (!form.success) return refuse('payment.refused.method', 422)
  const page = linkTo(ctx.site, `/order/result-confirmation/${data.id}`)
  const origin = ctx.publicOrigin()
  const number = data.order.orderNumber ?? data.order.reservationNumber ?? ''
  const intl = intlFor(ctx.site.locale, catalog(ctx.site.locale))
  const t = (id: MessageKey, values: Record<string, string>) => intl.formatMessage({ id }, values)
  const outcome = await startCheckout(
    ctx.payments(),
    { id: data.id, ownerId: null, configurationId: data.configurationId, order: data.order },
    {
      method: form.data.method,
      locale: ctx.site.locale,
      returnUrl: `${origin}${page}?checkout={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${page}?payment=left`,
      description: t(
        data.order.kind === 'reservation' ? 'payment.provider.reservationFee' : 'payment.provider.deposit',
        {
          number,
        },
      ),
    },
  )
  if (outcome.kind === 'redirect') return { redirect: outcome.url }
  if (outcome.kind === 'refused') {
    if (outcome.reason === 'notOnline') return refuse('order.payment.underConstruction', 409)
    if (outcome.reason === 'method') return refuse('payment.refused.method', 422)
    if (outcome.reason === 'busy') return refuse('payment.refused.busy', 409)
  }
  // Paid already (a parallel click won), or nothing due: the order's own page says where it stands.
  return { redirect: linkTo(ctx.site, `/order/${data.id}`) }
}

/** Methods whose name alone does not say what happens next: a line under the name. */
const METHOD_HINT_KEYS: Partial<Record<PaymentMethod, MessageKey>> = {
  vipps: 'payment.hint.vipps',
  mobilepay: 'payment.hint.mobilepay',
  swish: 'payment.hint.swish',
  ideal: 'payment.hint.ideal',
  bancontact: 'payment.hint.bancontact',
  promptpay: 'payment.hint.promptpay',
}

/** A closed padlock, beside the provider's name (decorative: the text says it). */
function Padlock() {
  return (
    <svg className="payment-step__lock" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  )
}

/**
 * The payment step: what is paid and what for, the market's methods (its own first) as one choice each, and who
 * takes the money. Posts the method only; the provider's hosted page takes everything else.
 */
function PaymentStep({ data }: { data: ConfirmationData }) {
  const t = useT()
  const { site } = useSiteContext()
  const { order } = data
  const due = amountDue(order)
  const amount = formatMoney(due, site.locale)
  const number = order.orderNumber ?? order.reservationNumber ?? ''
  const fee = order.kind === 'reservation' ? 'reservationFee' : 'deposit'
  return (
    <form className="form next-action payment-step" id="pay-form" method="post" noValidate aria-labelledby="pay-title">
      <h2 id="pay-title">{t(`payment.step.heading.${fee}`, { amount })}</h2>
      <p>{t(`payment.step.purpose.${fee}`, { number })}</p>
      <fieldset className="payment-step__methods">
        <legend>{t('payment.step.method')}</legend>
        {data.methods.map((method) => {
          const hint = METHOD_HINT_KEYS[method]
          return (
            <label key={method} className="payment-step__method">
              <input type="radio" name="method" value={method} defaultChecked={method === data.chosen} />
              <span className="payment-step__method-name">{t(METHOD_NAME_KEYS[method])}</span>
              {hint ? <span className="payment-step__method-hint">{t(hint)}</span> : null}
            </label>
          )
        })}
      </fieldset>
      <div className="payment-step__provider">
        <p className="payment-step__secure">
          <Padlock /> {t('payment.step.secure')}
        </p>
        <p className="payment-step__note">{t('payment.step.provider')}</p>
      </div>
      <button className="button button--primary payment-step__submit" type="submit">
        {t('payment.step.submit', { amount })}
      </button>
    </form>
  )
}

/** What the page, back from the provider's page, says of the payment, as the app's bridge tells it. */
const PAYMENT_OUTCOMES: Partial<Record<MessageKey, PaymentOutcome>> = {
  'payment.return.paid': 'paid',
  'payment.return.processing': 'processing',
  'payment.return.declined': 'declined',
  'payment.return.authenticationFailed': 'declined',
  'payment.return.failed': 'declined',
  'payment.return.left': 'left',
}

/**
 * What the page tells the app (app-webview.md): the order placed when it first opens, the payment started when the
 * payment step is sent, and its outcome back from the provider's page.
 */
function confirmationMessages(data: ConfirmationData, site: Site): DeclaredMessage[] {
  const { order } = data
  const orderNumber = order.orderNumber ?? order.reservationNumber ?? ''
  const outcome = data.message ? PAYMENT_OUTCOMES[data.message] : undefined
  const messages: DeclaredMessage[] = []
  if (outcome) messages.push({ on: 'load', message: { type: 'paymentFinished', orderNumber, outcome } })
  if (!data.message) {
    const orderPath = linkTo(site, `/order/${data.id}`)
    messages.push({ on: 'load', message: { type: 'orderPlaced', orderNumber, kind: order.kind, orderPath } })
  }
  const { amount, currency } = amountDue(order)
  if (order.payment === 'unpaid' && amount > 0 && data.onlinePayment && data.methods.length > 0)
    messages.push({
      on: 'submit',
      form: 'pay-form',
      message: { type: 'paymentStarted', orderNumber, amount, currency },
    })
  return messages
}

function ConfirmationPage({ data }: { data: ConfirmationData }) {
  const t = useT()
  const { site } = useSiteContext()
  const { order } = data
  const canPay = order.payment === 'unpaid' && order.status === 'placed' && amountDue(order).amount > 0
  return (
    <article className="page order-detail order-confirmation">
      <h1 className="page__heading">{t(PLACED_HEADINGS[order.kind])}</h1>
      <p className="page__lead">
        {t('page.resultConfirmation.lead', { order: order.orderNumber ?? order.reservationNumber ?? '' })}
      </p>
      {data.message ? <FormMessage kind={data.messageKind}>{t(data.message, data.messageValues)}</FormMessage> : null}
      <div className="order-detail__grid">
        <div className="order-detail__main">
          {data.car ? <OrderCar car={data.car} /> : null}
          <OrderFacts order={order} offline={!data.onlinePayment} />
        </div>
        <div className="order-detail__side">
          {canPay && data.onlinePayment && !data.processing && data.methods.length > 0 ? (
            <PaymentStep data={data} />
          ) : null}
          {canPay && !data.onlinePayment ? (
            <section className="next-action" aria-labelledby="next-action-title">
              <h2 id="next-action-title">{t('order.next.heading')}</h2>
              <p>{t('order.payment.underConstruction')}</p>
            </section>
          ) : null}
          <section className="order-detail__timeline" aria-labelledby={TIMELINE_TITLE_ID}>
            <h2 id={TIMELINE_TITLE_ID}>{t('order.timeline.heading')}</h2>
            <OrderTimeline order={order} />
          </section>
          <p className="order-confirmation__link">
            <a className="button" href={linkTo(site, `/order/${data.id}`)}>
              {t('order.view')}
            </a>
          </p>
        </div>
      </div>
    </article>
  )
}

export const orderConfirmation = defineRoute<ConfirmationData>({
  id: 'resultConfirmation',
  path: '/order/result-confirmation/:id',
  label: 'order_success',
  namespaces: [],
  indexable: false,
  auth: 'orderLink',
  load: loadConfirmation,
  action: pay,
  appMessages: confirmationMessages,
  meta: () => ({
    title: 'order.placed.order',
    description: 'page.resultConfirmation.lead',
    values: { order: '' },
    // On a phone the next action moves above the order's facts: the page paints once the timeline begins.
    paintAfter: TIMELINE_TITLE_ID,
  }),
  Page: ConfirmationPage,
})
