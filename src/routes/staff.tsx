import { paidThroughProvider, refundPayment, retryRefund } from '../app/payments'
import { hasRole } from '../domain/account/account'
import type { ChosenFinance } from '../domain/finance/chosen'
import { creditInScope } from '../domain/legal/data'
import { DEFAULT_HANDOVER_DAYS, withWindowOfStep } from '../domain/order/delivery-window'
import type { Order } from '../domain/order/order'
import { ORDER_EVENTS, statusKey, transition } from '../domain/order/state'
import { isAnonymisedContact } from '../domain/privacy/erasure'
import { requestStatusKey, staffMoves } from '../domain/programs/requests'
import { utcToZoned } from '../domain/testdrive/time'
import { formatDateTime } from '../i18n/dates'
import { describeFinance } from '../i18n/finance'
import { formatMoney } from '../i18n/formats'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { formatSlot } from '../i18n/weekday-dates'
import { FinanceTerms } from '../ui/finance/FinanceTerms'
import { UnreadableRecords } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { type PaymentLine, PaymentLines, paymentLines } from './order/payment-lines'
import { defineRoute, type LoadContext, PageError } from './route'
import { type AuditLine, AuditLog, auditLine } from './staff/audit'
import { ConfirmChange, type PendingChange } from './staff/confirm'
import { type FinanceApplicationView, FinanceStatusControl, financeView, moveFinanceApplication } from './staff/finance'
import { labelOf, STAFF_EVENT_KEYS } from './staff/labels'
import { keepNote } from './staff/note'
import { loadReplies, QuotesSection, type RepliesData, saveReply, TradeInsSection } from './staff/replies'
import { moveRequest, type RequestRow, RequestsTable } from './staff/requests'

interface StaffData {
  confirm: PendingChange | null
  /** Records of this console's lists that could not be read (left out, reported). */
  unreadable: number
  audit: AuditLine[]
  /** Quotes to answer with an offer and trade-ins to confirm or adjust after the inspection. */
  replies: RepliesData
  orders: {
    id: string
    number: string
    /** Null once the customer's personal data was erased (the order is kept anonymised). */
    customer: string | null
    status: MessageKey
    total: string
    events: string[]
    /** Its payments and refunds through the provider, with the provider's references. */
    payments: PaymentLine[]
    /** Its last refund failed at the provider: staff may issue it again. */
    retryRefund: boolean
    /** The Dutch finance application: its status and the statuses it may move to. */
    financeApplication: FinanceApplicationView | null
    /** The finance offer the customer chose with the order, every figure as they were shown it. */
    finance: ChosenFinance | null
    /** The offer is credit the Consumer Credit Directive covers for this customer: shown with its warning. */
    creditWarning: boolean
  }[]
  /** Subscription requests, home-charger enquiries and test-drive bookings, newest first. */
  requests: RequestRow[]
}

/** Staff events, in the order a delivery goes. */
const STAFF_EVENTS = ORDER_EVENTS.filter(
  (event) => event !== 'paymentSucceeded' && event !== 'expire' && event !== 'refundSucceeded',
)

/**
 * Whether staff may record this event for an order: money paid through the provider goes back through it
 * (`issueRefund`), never by a note that it was refunded; "mark refunded" is for a payment the provider never had.
 */
const allowedFor = (event: string, providerPaid: boolean) =>
  event === 'markRefunded' ? !providerPaid : event === 'issueRefund' ? providerPaid : true

function staffOf(ctx: LoadContext) {
  const user = ctx.session.user
  // Not staff, or staff of another country: as if the page did not exist.
  if (!hasRole(user, 'staff') || user?.staffCountry !== ctx.site.countryCode) throw new PageError('notFound', 404)
  return user
}

const possible = (order: Order, providerPaid: boolean) =>
  STAFF_EVENTS.filter(
    (event) => allowedFor(event, providerPaid) && transition(order, event, 'staff', new Date().toISOString()).ok,
  )

async function loadStaff(ctx: LoadContext): Promise<StaffData> {
  staffOf(ctx)
  const [orders, applications, requests, stores, audit] = await Promise.all([
    ctx.store.orders.ofCountry(ctx.site.countryCode),
    ctx.store.financeApplications.statusesOfCountry(ctx.site.countryCode),
    ctx.store.programRequests.ofCountry(ctx.site.countryCode),
    ctx.store.showrooms(ctx.site.countryCode),
    ctx.store.audit.ofCountry(ctx.site.countryCode),
  ])
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  // A test drive's slot with its weekday, as the customer was told it.
  const slotWhen = (iso: string) => {
    const wall = utcToZoned(new Date(iso), ctx.site.timeZone)
    return formatSlot(wall.date, wall.time, ctx.site.locale, { year: true })
  }
  const money = await ctx.store.payments.ofOrders(orders.map((o) => o.id))
  const data: StaffData = {
    confirm: null,
    unreadable: 0,
    audit: audit.map((entry, index) => auditLine(entry, index, when)),
    replies: await loadReplies(ctx),
    orders: orders.map(({ id, order }) => {
      const attempts = money.attempts.filter((a) => a.orderId === id)
      const refunds = money.refunds.filter((r) => r.orderId === id)
      return {
        id,
        number: order.orderNumber ?? order.reservationNumber ?? id,
        customer: isAnonymisedContact(order.contact) ? null : `${order.contact.firstName} ${order.contact.lastName}`,
        status: statusKey(order, order.status),
        total: formatMoney(order.amounts.totalInclVat, ctx.site.locale),
        events: possible(order, paidThroughProvider(attempts) !== null),
        payments: paymentLines(attempts, refunds, ctx.site, true),
        retryRefund: refunds.at(-1)?.status === 'failed' && order.status === 'refundPending',
        financeApplication: financeView(applications.get(id)),
        finance: order.finance ?? null,
        creditWarning: order.finance ? creditInScope(order.finance.kind, order.contact.usage) : false,
      }
    }),
    requests: requests.map((r) => ({
      kind: r.kind,
      id: r.id,
      customer: r.name?.trim() ? r.name : null,
      contact: r.email ? `${r.email}, ${r.phone}` : '',
      detail: r.slot
        ? `${slotWhen(r.slot.start)}, ${stores.find((s) => s.id === r.slot?.storeId)?.name ?? r.slot.storeId}`
        : null,
      received: when(r.createdAt),
      status: r.status,
      moves: [...staffMoves(r.kind, r.status)],
    })),
  }
  data.confirm = pendingChange(data, ctx.url.searchParams)
  data.unreadable = ctx.store.badRecords().length
  return data
}

/** The change a `?confirm=` link asks about, if it is one staff may make now; else null (nothing to confirm). */
function pendingChange(data: StaffData, query: URLSearchParams): PendingChange | null {
  const [what, ...parts] = (query.get('confirm') ?? '').split(':')
  if (what === 'order') {
    const [id, event] = parts
    const order = data.orders.find((o) => o.id === id)
    if (!order || !event || !order.events.includes(event)) return null
    return {
      fields: { orderId: order.id, event },
      action: labelOf(STAFF_EVENT_KEYS, event),
      status: null,
      record: 'staff.audit.record.order',
      reference: order.number,
    }
  }
  if (what === 'refund') {
    const order = data.orders.find((o) => o.id === parts[0])
    if (!order?.retryRefund) return null
    return {
      fields: { intent: 'retryRefund', orderId: order.id },
      action: 'payment.staff.retryRefund',
      status: null,
      record: 'staff.audit.record.order',
      reference: order.number,
    }
  }
  if (what === 'request') {
    const [kind, id, to] = parts
    const request = data.requests.find((r) => r.kind === kind && r.id === id)
    const move = request?.moves.find((m) => m === to)
    if (!request || !move) return null
    return {
      fields: { intent: 'request', kind: request.kind, requestId: request.id, to: move },
      action: 'staff.requests.moveTo',
      status: requestStatusKey(request.kind, move),
      record: `staff.requests.kind.${request.kind}`,
      reference: request.id,
    }
  }
  if (what === 'finance') {
    const [id] = parts
    const order = data.orders.find((o) => o.id === id)
    const next = order?.financeApplication?.next.find((n) => String(n.code) === query.get('financeStatus'))
    if (!order || !next) return null
    return {
      fields: { intent: 'financeApplication', orderId: order.id, financeStatus: String(next.code) },
      action: 'staff.requests.moveTo',
      status: next.name,
      record: 'staff.audit.record.financeApplication',
      reference: order.number,
    }
  }
  return null
}

function StaffPage({ data }: { data: StaffData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="staff.heading" lead="staff.lead">
      <UnreadableRecords count={data.unreadable} />
      {data.confirm ? <ConfirmChange change={data.confirm} /> : null}
      {data.orders.length === 0 ? (
        <p>{t('staff.empty')}</p>
      ) : (
        <div className="compare__scroll">
          <table className="staff">
            <thead>
              <tr>
                <th scope="col">{t('order.number', { number: '' }).replace(/[:\s]+$/, '')}</th>
                <th scope="col">{t('staff.customer')}</th>
                <th scope="col">{t('staff.status')}</th>
                <th scope="col">{t('configurator.price.total')}</th>
                <th scope="col">{t('payment.lines.heading')}</th>
                <th scope="col">{t('staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">{order.number}</th>
                  <td>{order.customer ?? <em>{t('staff.orders.anonymised')}</em>}</td>
                  <td>{t(order.status)}</td>
                  <td>
                    {order.total}
                    {order.finance ? (
                      <details className="staff__finance">
                        <summary>
                          {describeFinance(order.finance.summary, order.finance.currency, site.locale, t).label}
                        </summary>
                        <FinanceTerms
                          finance={order.finance}
                          headingLevel={3}
                          id={`finance-terms-${order.id}`}
                          creditWarning={order.creditWarning}
                        />
                      </details>
                    ) : null}
                  </td>
                  <td>
                    {order.payments.length > 0 ? (
                      <PaymentLines lines={order.payments} staff />
                    ) : (
                      t('payment.staff.none')
                    )}
                  </td>
                  <td>
                    <div className="staff__actions">
                      {order.retryRefund ? (
                        <a
                          className="button button--primary"
                          href={`${linkTo(site, '/staff', { query: `confirm=refund:${order.id}` })}#confirm`}
                        >
                          {t('payment.staff.retryRefund')}
                        </a>
                      ) : null}
                      {order.events.map((event) => (
                        <a
                          key={event}
                          className="button"
                          href={`${linkTo(site, '/staff', { query: `confirm=order:${order.id}:${event}` })}#confirm`}
                        >
                          {t(labelOf(STAFF_EVENT_KEYS, event))}
                        </a>
                      ))}
                      {order.financeApplication ? (
                        <FinanceStatusControl orderId={order.id} view={order.financeApplication} />
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RequestsTable requests={data.requests} />
      <QuotesSection data={data.replies} />
      <TradeInsSection data={data.replies} />
      <AuditLog lines={data.audit} />
    </ShellPage>
  )
}

/**
 * `/staff`: a country's staff move its orders along (or cancel them); every change is an event with
 * who and when, shown on the customer's timeline. Staff are created with `npm run staff:grant`.
 */
export default defineRoute<StaffData>({
  id: 'staff',
  path: '/staff',
  label: null,
  namespaces: [],
  indexable: false,
  auth: 'required',
  load: loadStaff,
  action: async (ctx) => {
    const staff = staffOf(ctx)
    if (ctx.form.intent === 'financeApplication') return moveFinanceApplication(ctx, staff.id)
    if (ctx.form.intent === 'request') return moveRequest(ctx, staff.id)
    if (ctx.form.intent === 'quoteOffer' || ctx.form.intent === 'tradeInInspection') {
      const saved = await saveReply(ctx, staff.id)
      if ('notFound' in saved) throw new PageError('noRecord', 404)
      if ('redirect' in saved) return saved
      const data = await loadStaff(ctx)
      data.replies.open = saved.open
      return { status: 422 as const, data }
    }
    const stored = await ctx.store.orders.find(ctx.form.orderId ?? '')
    if (!stored || stored.order.country !== ctx.site.countryCode) throw new PageError('noRecord', 404)
    // Money goes back through the provider: a staff refund, or a failed refund issued again (a new attempt).
    if (ctx.form.intent === 'retryRefund') {
      const refund = await retryRefund(ctx.payments(), stored.id, staff.id)
      if (refund) await keepNote(ctx, staff.id, 'order', stored.id, 'refundPending')
      return { redirect: linkTo(ctx.site, '/staff') }
    }
    const providerPaid = paidThroughProvider(await ctx.store.payments.attemptsOf(stored.id)) !== null
    if (ctx.form.event === 'issueRefund' && providerPaid) {
      const refund = await refundPayment(ctx.payments(), stored.id, { reason: 'staff', requestedBy: staff.id })
      if (refund) await keepNote(ctx, staff.id, 'order', stored.id, 'refundPending')
      return { redirect: linkTo(ctx.site, '/staff') }
    }
    const event = STAFF_EVENTS.find((e) => e === ctx.form.event && allowedFor(e, providerPaid))
    const result = event ? transition(stored.order, event, 'staff', new Date().toISOString()) : null
    if (result?.ok) {
      // The delivery window moves with allocation, shipping and preparation (the market's days to the handover).
      const market = (await ctx.store.catalog('p5'))?.markets[ctx.site.countryCode]
      const after = withWindowOfStep(result.order, market?.handoverDays ?? DEFAULT_HANDOVER_DAYS)
      const { saved, notificationIds } = await ctx.store.orders.update(
        stored.id,
        stored.order,
        after,
        result.events,
        staff.id,
      )
      // A cancelled order's handover appointment frees its place.
      if (saved && ['cancelled', 'orderCancelled'].includes(after.status))
        await ctx.store.handovers.cancel(stored.id, new Date())
      ctx.notify(notificationIds)
      if (saved) await keepNote(ctx, staff.id, 'order', stored.id, result.order.status)
      // An approved cancellation of a paid order gives the money back at once.
      if (saved && event === 'approveCancellation' && result.order.payment === 'paid')
        await refundPayment(ctx.payments(), stored.id, { reason: 'cancellation', requestedBy: staff.id })
      if (result.order.status === 'delivered' && stored.ownerId) await ctx.session.markOwner(stored.ownerId)
    }
    return { redirect: linkTo(ctx.site, '/staff') }
  },
  meta: () => ({ title: 'staff.heading', description: 'staff.lead' }),
  Page: StaffPage,
})
