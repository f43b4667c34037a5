import { z } from 'zod'
import { bookHandover } from '../app/handover'
import { refundAfterWithdrawal, withdrawFromContract } from '../app/withdrawal'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { DUTCH_FINANCE_STATUSES } from '../domain/finance/status'
import { creditInScope } from '../domain/legal/data'
import { confirmationNoteKey, offeredActions, parseCustomerEvent } from '../domain/order/customer'
import { BLIND_ORDER_INCENTIVE_CODE, blindOrderIncentive } from '../domain/order/incentive'
import {
  type CustomerEvent,
  customerActionTexts,
  isFinal,
  statusKey,
  statusNoteKey,
  timeline,
  transition,
} from '../domain/order/state'
import { withdrawalPeriod } from '../domain/order/withdrawal'
import { formatDate, formatDateTime } from '../i18n/dates'
import { formatMoney, formatRate } from '../i18n/formats'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import type { FinanceApplication } from '../store/finance-applications'
import { FinanceTerms } from '../ui/finance/FinanceTerms'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { NextSteps } from '../ui/NextSteps'
import { useSiteContext } from '../ui/site-context'
import type { StockCarView } from '../ui/stock/StockCar'
import { OrderCar, OrderTimeline, TIMELINE_TITLE_ID } from './order/order-parts'
import { type OrderedCar, orderedCar } from './order/ordered-car'
import { loadOwnedOrder, OrderFacts, type OrderView } from './order/owned-order'
import { type PaymentLine, PaymentLines, paymentLines } from './order/payment-lines'
import { type WaitView, waitFor } from './order/wait'
import { ContactSection, DeliveryWindowSection, HandoverSection, PriceProtectionNotice } from './order/wait-parts'
import { OrderPrice } from './order-price'
import { type ActionContext, defineRoute, type LoadContext } from './route'
import { OrderedStockCar, stockCarOfOrder } from './stock-order'

interface DetailData extends OrderView {
  /** The customer actions offered now (links to their confirmation step). */
  actions: CustomerEvent[]
  /** The action waiting for the customer's "yes" (the confirmation step), or null. */
  confirm: CustomerEvent | null
  financeApplication: FinanceApplication | null
  /** The blind-order incentive of a pre-order, its rates formatted; null when the order has none. */
  incentive: { offer: string; reference: string } | null
  /** The quick-delivery car the order took from stock, or null. */
  stockCar: StockCarView | null
  /** The car as ordered, to draw; null when its record is gone. */
  car: OrderedCar | null
  /** The delivery window, the handover and its calendar file, the contact. */
  wait: WaitView
  /**
   * The withdrawal function (Directive 2011/83/EU, Art. 11a) while the period is open: until when (null before
   * delivery, when it runs from the day the car is taken), its length, and whether its confirmation step is shown.
   */
  withdrawal: { until: string | null; days: number; confirming: boolean } | null
  /** What was paid and what went back, with the provider's references. */
  payments: PaymentLine[]
}

/** The posted customer action; `confirmed=yes` is the answer to the confirmation question. */
const ActionForm = z.object({
  event: z.enum(['requestCancellation', 'requestRefund', 'withdrawRefund', 'withdraw']),
  confirmed: z.literal('yes').optional(),
})

async function loadDetail(ctx: LoadContext): Promise<DetailData> {
  const view = await loadOwnedOrder(ctx)
  const actions = offeredActions(view.order)
  const days = LEGAL_ENTITIES[ctx.site.countryCode].withdrawalDays
  const period = withdrawalPeriod(view.order, days, today(ctx.site))
  const data: DetailData = {
    ...view,
    actions,
    confirm: null,
    financeApplication: await ctx.store.financeApplications.find(view.id),
    incentive: null,
    stockCar: await stockCarOfOrder(ctx, view.id),
    car: await orderedCar(ctx, view.configurationId),
    wait: await waitFor(ctx, view),
    withdrawal: period.open
      ? { until: period.until, days, confirming: ctx.url.searchParams.get('withdraw') === 'confirm' }
      : null,
    payments: paymentLines(
      await ctx.store.payments.attemptsOf(view.id),
      await ctx.store.payments.refundsOf(view.id),
      ctx.site,
    ),
  }
  if (view.order.incentives.includes(BLIND_ORDER_INCENTIVE_CODE)) {
    const facts = await ctx.store.marketingFacts()
    const incentive = facts ? blindOrderIncentive(facts.businessLeaseInterest) : null
    if (incentive)
      data.incentive = {
        offer: formatRate(incentive.offerRate, ctx.site.locale),
        reference: formatRate(incentive.referenceRate, ctx.site.locale),
      }
  }
  const query = ctx.url.searchParams
  const confirm = parseCustomerEvent(query.get('confirm'))
  if (confirm && actions.includes(confirm)) data.confirm = confirm
  if (query.get('done') === 'withdraw') data.message = 'legal.withdraw.done'
  const done = parseCustomerEvent(query.get('done'))
  if (done && done !== 'requestCancellation') data.message = customerActionTexts(view.order, done).doneKey
  if (query.get('paid') === '1') data.message = 'order.pay.paid'
  const handover = query.get('handover')
  if (handover === 'booked' || handover === 'moved') data.message = `myOrder.handover.${handover}Message`
  return data
}

/** The handover appointment posted from the slot picker: booked or moved, or the page again with why not. */
async function bookTheHandover(ctx: ActionContext, data: DetailData) {
  const outcome = await bookHandover(
    ctx.store,
    ctx.site.countryCode,
    data,
    { storeId: (ctx.form.storeId ?? '').slice(0, 60), slotStart: (ctx.form.slotStart ?? '').slice(0, 40) },
    { locale: ctx.site.locale, recipient: data.order.contact.email },
  )
  if (outcome.status === 'booked' || outcome.status === 'moved') {
    ctx.notify([outcome.notificationId])
    return { redirect: `${linkTo(ctx.site, `/order/${data.id}`, { query: `handover=${outcome.status}` })}#handover` }
  }
  if (outcome.status === 'unchanged') return { redirect: `${linkTo(ctx.site, `/order/${data.id}`)}#handover` }
  data.message = outcome.status === 'full' ? 'myOrder.handover.full' : 'myOrder.handover.invalid'
  data.messageKind = 'error'
  data.wait = await waitFor({ ...ctx, url: new URL(`${ctx.url.origin}${ctx.url.pathname}?handover=pick`) }, data)
  return { status: 409 as const, data }
}

/**
 * A customer's action in two steps, both plain forms: the action's link shows its confirmation question; "yes"
 * posts the event with `confirmed=yes`, which the state machine then accepts or refuses (a lease that can no
 * longer be cancelled online: "Cancel lease failed: please contact our store.").
 */
async function act(ctx: ActionContext) {
  const data = await loadDetail(ctx)
  if (ctx.form.intent === 'handover') return bookTheHandover(ctx, data)
  const refuse = (message: MessageKey, status: 400 | 409) => {
    data.message = message
    data.messageKind = 'error'
    data.confirm = null
    return { status, data }
  }
  const form = ActionForm.safeParse(ctx.form)
  if (!form.success) return refuse('order.problem.transitionNotAllowed', 400)
  const { event, confirmed } = form.data
  if (event === 'withdraw') return withdrawal(ctx, data, confirmed === 'yes', refuse)
  if (!data.actions.includes(event)) return refuse('order.problem.transitionNotAllowed', 409)
  if (confirmed !== 'yes') return { status: 200 as const, data: { ...data, confirm: event } }
  const result = transition(data.order, event, 'customer', new Date().toISOString())
  if (!result.ok) return refuse(result.messageKey, 409)
  const { saved, notificationIds } = await ctx.store.orders.update(
    data.id,
    data.order,
    result.order,
    result.events,
    ctx.session.user?.id ?? null,
  )
  if (!saved) return refuse('order.problem.transitionNotAllowed', 409)
  ctx.notify(notificationIds)
  if (event === 'requestCancellation') return { redirect: linkTo(ctx.site, `/order/cancel-result/${data.id}`) }
  return { redirect: linkTo(ctx.site, `/order/${data.id}`, { query: `done=${event}` }) }
}

/** The withdrawal's two steps: its confirmation, then the withdrawal itself with its acknowledgement by e-mail. */
async function withdrawal(
  ctx: ActionContext,
  data: DetailData,
  confirmed: boolean,
  refuse: (message: MessageKey, status: 400 | 409) => { status: 400 | 409; data: DetailData },
) {
  if (!data.withdrawal) return refuse('legal.withdraw.closed', 409)
  if (!confirmed)
    return { status: 200 as const, data: { ...data, withdrawal: { ...data.withdrawal, confirming: true } } }
  const outcome = await withdrawFromContract(
    ctx.store,
    ctx.site,
    { id: data.id, order: data.order },
    ctx.session.user?.id ?? null,
    new Date(),
  )
  if (!outcome.ok)
    return refuse(outcome.reason === 'closed' ? 'legal.withdraw.closed' : 'order.problem.transitionNotAllowed', 409)
  ctx.notify(outcome.notificationIds)
  // What was paid goes back through the provider at once; if the provider cannot be reached the order stays
  // "refund requested", which staff see and issue, and the withdrawal itself is kept.
  if (outcome.refundDue) await refundAfterWithdrawal(ctx.payments(), data.id)
  return { redirect: linkTo(ctx.site, `/order/${data.id}`, { query: 'done=withdraw' }) }
}

/**
 * The withdrawal function of Directive 2011/83/EU, Art. 11a, for the whole withdrawal period: "withdraw from contract
 * here", then a confirmation step ("confirm withdrawal") that states the withdrawal; the acknowledgement follows by
 * e-mail with its content, date and time.
 */
function WithdrawalSection({ data }: { data: DetailData }) {
  const t = useT()
  const { site } = useSiteContext()
  const period = data.withdrawal
  if (!period) return null
  const number = data.order.orderNumber ?? data.order.reservationNumber ?? ''
  const page = linkTo(site, `/order/${data.id}`)
  if (period.confirming)
    return (
      <section id="withdraw" className="card withdrawal" aria-labelledby="withdraw-title" tabIndex={-1}>
        <h2 id="withdraw-title">{t('legal.withdraw.confirmHeading', { number })}</h2>
        <p>{t('legal.withdraw.statement', { number })}</p>
        <p>{t('legal.withdraw.refund')}</p>
        <form method="post" action={page}>
          <input type="hidden" name="event" value="withdraw" />
          <input type="hidden" name="confirmed" value="yes" />
          <button className="button button--primary" type="submit">
            {t('legal.withdraw.confirm')}
          </button>{' '}
          <a className="button" href={page}>
            {t('order.refund.back')}
          </a>
        </form>
      </section>
    )
  return (
    <section className="withdrawal" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{t('legal.withdraw.heading')}</h2>
      <p>
        {period.until
          ? t('legal.withdraw.until', { date: formatDate(period.until, site.locale) })
          : t('legal.withdraw.beforeDelivery', { days: period.days })}
      </p>
      <a className="button" href={`${linkTo(site, `/order/${data.id}`, { query: 'withdraw=confirm' })}#withdraw`}>
        {t('legal.withdraw.button')}
      </a>
    </section>
  )
}

function FinanceApplicationSection({ application }: { application: FinanceApplication }) {
  const t = useT()
  const { site } = useSiteContext()
  const name = (status: keyof typeof DUTCH_FINANCE_STATUSES) => t(DUTCH_FINANCE_STATUSES[status].messageKey)
  return (
    <section aria-labelledby="finance-application-title">
      <h2 id="finance-application-title">{t('order.financeApplication.heading')}</h2>
      <p>{t('order.financeApplication.status', { status: name(application.status) })}</p>
      <ol className="timeline">
        {application.events.map((event) => (
          <li key={`${event.at}-${event.to}`} className="timeline__step timeline__step--done">
            <span>{name(event.to)}</span>{' '}
            <span className="timeline__date">
              {t(event.actor === 'staff' ? 'order.financeApplication.byStore' : 'order.financeApplication.byYou', {
                date: formatDateTime(new Date(event.at), site.locale, site.timeZone),
              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function ConfirmStep({ data, event }: { data: DetailData; event: CustomerEvent }) {
  const t = useT()
  const { site } = useSiteContext()
  const texts = customerActionTexts(data.order, event)
  const note = confirmationNoteKey(event)
  return (
    <section id="confirm" className="card" aria-labelledby="confirm-title" tabIndex={-1}>
      <h2 id="confirm-title">{t(texts.confirmKey)}</h2>
      {note ? <p>{t(note)}</p> : null}
      <form method="post" action={linkTo(site, `/order/${data.id}`)}>
        <input type="hidden" name="event" value={event} />
        <input type="hidden" name="confirmed" value="yes" />
        <button className="button button--primary" type="submit">
          {t(texts.answerKey)}
        </button>{' '}
        <a className="button" href={linkTo(site, `/order/${data.id}`)}>
          {t('order.refund.back')}
        </a>
      </form>
    </section>
  )
}

/**
 * What the customer can do next, first and large: pay what is due; otherwise what comes next on the
 * timeline, with getting ready for the car (a home charger). Nothing once the order has ended or is
 * being cancelled.
 */
function NextAction({ data }: { data: DetailData }) {
  const t = useT()
  const { site } = useSiteContext()
  const { order } = data
  // A cancelled or ended order has no step ahead, and nothing to pay or wait for.
  const upcoming = timeline(order).find((step) => step.state === 'pending')
  if (!upcoming) return null
  const due = order.payment === 'unpaid' && order.amounts.pendingPaymentFee.amount > 0
  return (
    <section className="next-action" aria-labelledby="next-action-title">
      <h2 id="next-action-title">{t('order.next.heading')}</h2>
      {due && data.onlinePayment ? (
        <>
          <p>{t('order.next.pay')}</p>
          <a className="button button--primary" href={linkTo(site, `/order/result-confirmation/${data.id}`)}>
            {t('order.pay.heading', { amount: formatMoney(order.amounts.pendingPaymentFee, site.locale) })}
          </a>
        </>
      ) : due ? (
        <p>{t('order.payment.underConstruction')}</p>
      ) : (
        <>
          <p>{t('order.next.waiting', { step: t(upcoming.messageKey) })}</p>
          <a className="button button--primary" href={linkTo(site, '/home-charger')}>
            {t('charger.heading')}
          </a>
        </>
      )}
    </section>
  )
}

/** A character no order number or catalog text holds: it marks where the number goes in the heading. */
const NUMBER_MARK = '\u{E000}'

/**
 * "Order NV-DE-1N7D3F", "Reservierung RS-DE-4K2M9P": the kind the customer placed, the number in a span of its own so
 * that a phone never breaks it at a hyphen.
 */
function OrderHeading({ number, kind }: { number: string; kind: string }) {
  const t = useT()
  const [before = '', after = ''] = t('myOrder.heading', { kind, number: NUMBER_MARK }).split(NUMBER_MARK)
  return (
    <h1 className="page__heading">
      {before}
      <span className="order-detail__number">{number}</span>
      {after}
    </h1>
  )
}

function OrderDetailPage({ data }: { data: DetailData }) {
  const t = useT()
  const { site } = useSiteContext()
  const { order } = data
  const note = statusNoteKey(order)
  const lease = order.flow === 'lease'
  return (
    <article className="page order-detail">
      <OrderHeading number={order.orderNumber ?? order.reservationNumber ?? ''} kind={order.kind} />
      {data.message ? <FormMessage kind={data.messageKind}>{t(data.message)}</FormMessage> : null}
      <div className="order-detail__grid">
        <div className="order-detail__main">
          {data.car ? <OrderCar car={data.car} /> : null}
          <OrderFacts order={order} offline={!data.onlinePayment}>
            {order.financePreference ? (
              <>
                <dt>{t('finance.howToPay')}</dt>
                <dd>{t(`finance.product.${order.financePreference}` as const)}</dd>
              </>
            ) : null}
            {data.incentive ? (
              <>
                <dt>{t('order.preOrder.incentives')}</dt>
                <dd>{t('order.preOrder.incentiveKept', data.incentive)}</dd>
              </>
            ) : null}
            {lease ? (
              <>
                <dt>{t('order.lease.status')}</dt>
                <dd>{t(statusKey(order, order.status))}</dd>
              </>
            ) : null}
          </OrderFacts>
          <p className="order-detail__documents">
            <a href={linkTo(site, `/order/${data.id}/confirmation.pdf`)} download>
              {t('orderPdf.download')}
            </a>
          </p>
        </div>
        <div className="order-detail__side">
          <NextAction data={data} />
          <WithdrawalSection data={data} />
          <section className="order-detail__timeline" aria-labelledby={TIMELINE_TITLE_ID}>
            <h2 id={TIMELINE_TITLE_ID}>{t(lease ? 'order.lease.heading' : 'order.timeline.heading')}</h2>
            <OrderTimeline order={order} />
            {note ? <p>{t(note)}</p> : null}
          </section>
          {data.wait.delivery && !isFinal(order) ? <DeliveryWindowSection delivery={data.wait.delivery} /> : null}
          {isFinal(order) ? null : (
            <HandoverSection orderId={data.id} handover={data.wait.handover} calendar={data.wait.documents.calendar} />
          )}
          {data.wait.contact ? <ContactSection contact={data.wait.contact} /> : null}
          {data.payments.length > 0 ? (
            <section className="order-detail__payments" aria-labelledby="order-payments-title">
              <h2 id="order-payments-title">{t('payment.lines.heading')}</h2>
              <PaymentLines lines={data.payments} />
            </section>
          ) : null}
        </div>
      </div>
      {data.stockCar ? <OrderedStockCar car={data.stockCar} /> : null}
      {data.price ? (
        <OrderPrice price={data.price} tradeIn={data.tradeIn} />
      ) : data.tradeIn ? (
        <p>{t('tradeIn.line.estimate', { car: data.tradeIn.car, amount: data.tradeIn.estimate })}</p>
      ) : null}
      <PriceProtectionNotice order={order} />
      {order.finance ? (
        <FinanceTerms
          finance={order.finance}
          basis={data.price?.headline.basis ?? 'inclVat'}
          creditWarning={creditInScope(order.finance.kind, order.contact.usage)}
        />
      ) : null}
      {data.financeApplication ? <FinanceApplicationSection application={data.financeApplication} /> : null}
      {data.confirm ? (
        <ConfirmStep data={data} event={data.confirm} />
      ) : data.actions.length > 0 ? (
        <p className="order-actions">
          {data.actions.map((event) => (
            <a
              key={event}
              className="button"
              href={`${linkTo(site, `/order/${data.id}`, { query: `confirm=${event}` })}#confirm`}
            >
              {t(customerActionTexts(order, event).labelKey)}
            </a>
          ))}
        </p>
      ) : null}
      <NextSteps links={ORDER_NEXT_STEPS} />
    </article>
  )
}

/** After ordering: the home charger and the subscription, reachable from the order as well as by address. */
const ORDER_NEXT_STEPS = [
  { path: '/home-charger', label: 'charger.heading' },
  { path: '/subscription', label: 'subscription.heading' },
] as const

/**
 * `/order/{id}`: the owner's order with its delivery-status timeline (lease statuses for a lease), the Dutch
 * finance application when there is one, and the customer's actions (cancellation, refund request or its
 * withdrawal), each after a confirmation question.
 */
export const orderDetail = defineRoute<DetailData>({
  id: 'order',
  path: '/order/:id',
  label: 'order_detail',
  namespaces: [],
  indexable: false,
  auth: 'orderLink',
  load: loadDetail,
  action: act,
  appMessages: (data) =>
    data.message === 'order.pay.paid'
      ? [
          {
            on: 'load',
            message: {
              type: 'paymentFinished',
              orderNumber: data.order.orderNumber ?? data.order.reservationNumber ?? '',
              outcome: 'paid',
            },
          },
        ]
      : [],
  meta: (data) => ({
    title: 'page.order.heading',
    description: 'page.order.lead',
    values: { order: data.order.orderNumber ?? data.order.reservationNumber ?? '' },
    // On a phone the next action moves above the order's facts: the page paints once the timeline begins.
    paintAfter: TIMELINE_TITLE_ID,
  }),
  Page: OrderDetailPage,
})
