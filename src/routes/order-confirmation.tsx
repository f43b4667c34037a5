import { formatMoney } from '../domain/money'
import { checkCardForm } from '../domain/order/card'
import type { OrderKind } from '../domain/order/order'
import { testCardOutcome } from '../domain/order/payment'
import { transition } from '../domain/order/state'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { randomId } from '../store/ids'
import { ErrorSummary, Field, FormMessage, useErrorText } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { problemErrors } from './form-errors'
import { OrderCar, OrderTimeline, TIMELINE_TITLE_ID } from './order/order-parts'
import { type OrderedCar, orderedCar } from './order/ordered-car'
import { loadOwnedOrder, OrderFacts, type OrderView } from './order/owned-order'
import { defineRoute, type LoadContext, PageError } from './route'

const PLACED_HEADINGS = {
  order: 'order.placed.order',
  reservation: 'order.placed.reservation',
  preOrder: 'order.preOrder.placed',
} as const satisfies Record<OrderKind, MessageKey>

interface ConfirmationData extends OrderView {
  /** The car as ordered, to draw; null when its record is gone. */
  car: OrderedCar | null
}

/**
 * `/order/result-confirmation/{id}`: the order's number first, the car as ordered with its facts, then what
 * comes next: paying the deposit (where the site takes payments online) and the order's timeline, with the
 * way to the order's own page. The same layout as the order detail (docs/design.md "Order page layout").
 */
async function loadConfirmation(ctx: LoadContext): Promise<ConfirmationData> {
  const view = await loadOwnedOrder(ctx)
  return { ...view, car: await orderedCar(ctx, view.configurationId) }
}

function ConfirmationPage({ data }: { data: ConfirmationData }) {
  const t = useT()
  const errorText = useErrorText()
  const { site } = useRenderContext()
  const { order } = data
  const canPay = order.payment === 'unpaid' && order.amounts.dueToday.amount > 0
  return (
    <article className="page order-detail order-confirmation">
      <h1 className="page__heading">{t(PLACED_HEADINGS[order.kind])}</h1>
      <p className="page__lead">
        {t('page.resultConfirmation.lead', { order: order.orderNumber ?? order.reservationNumber ?? '' })}
      </p>
      {data.message ? <FormMessage kind={data.messageKind}>{t(data.message)}</FormMessage> : null}
      <div className="order-detail__grid">
        <div className="order-detail__main">
          {data.car ? <OrderCar car={data.car} /> : null}
          <OrderFacts order={order} offline={!data.onlinePayment} />
        </div>
        <div className="order-detail__side">
          {canPay && data.onlinePayment ? (
            <form className="form next-action" method="post" noValidate aria-labelledby="pay-title">
              <h2 id="pay-title">
                {t('order.pay.heading', { amount: formatMoney(order.amounts.dueToday, site.locale) })}
              </h2>
              <ErrorSummary form="pay" errors={data.errors} />
              <div className="field">
                <label htmlFor="pay-cardNumber">{t('order.pay.card')}</label>
                <input
                  id="pay-cardNumber"
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  aria-invalid={data.errors.cardNumber ? 'true' : undefined}
                  aria-describedby={data.errors.cardNumber ? 'pay-cardNumber-error' : undefined}
                />
                {data.errors.cardNumber ? (
                  <p id="pay-cardNumber-error" className="field__error">
                    {errorText(data.errors.cardNumber)}
                  </p>
                ) : null}
              </div>
              <Field
                form="pay"
                name="expiry"
                label="order.pay.expiry"
                value={data.values.expiry}
                autoComplete="cc-exp"
                required
                errors={data.errors}
              />
              <Field
                form="pay"
                name="cvc"
                label="order.pay.cvc"
                hint="order.pay.cvcHint"
                autoComplete="cc-csc"
                required
                errors={data.errors}
              />
              <Field
                form="pay"
                name="cardName"
                label="order.pay.name"
                value={data.values.cardName}
                autoComplete="cc-name"
                required
                errors={data.errors}
              />
              <button className="button button--primary" type="submit">
                {t('order.pay.submit')}
              </button>
            </form>
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
  action: async (ctx) => {
    const data = await loadConfirmation(ctx)
    const { order } = data
    // Each field of the card form first; "declined" is kept for the provider's answer.
    const card = checkCardForm(ctx.form, new Date().toISOString().slice(0, 10))
    if (!card.number) {
      problemErrors(card.problems, data.errors)
      data.values = { expiry: ctx.form.expiry ?? '', cardName: ctx.form.cardName ?? '' }
      return { status: 422 as const, data }
    }
    // The card number is compared by the test provider and forgotten; it is never stored.
    const outcome = testCardOutcome(card.number)
    if (outcome !== 'succeeded') {
      data.message = outcome === 'declined' ? 'order.pay.declined' : 'order.pay.abandoned'
      data.messageKind = 'error'
      return { status: 402 as const, data }
    }
    const at = new Date().toISOString()
    const result = transition(order, 'paymentSucceeded', 'paymentProvider', at)
    if (!result.ok) throw new PageError('noRecord', 404)
    const { notificationIds } = await ctx.store.orders.update(data.id, order, result.order, result.events, null, {
      amount: order.amounts.dueToday.amount,
      currency: order.amounts.dueToday.currency,
      outcome,
      provider: 'test',
      reference: randomId(),
    })
    ctx.notify(notificationIds)
    return { redirect: linkTo(ctx.site, `/order/${data.id}`, { query: 'paid=1' }) }
  },
  meta: () => ({
    title: 'order.placed.order',
    description: 'page.resultConfirmation.lead',
    values: { order: '' },
    // On a phone the next action moves above the order's facts: the page paints once the timeline begins.
    paintAfter: TIMELINE_TITLE_ID,
  }),
  Page: ConfirmationPage,
})
