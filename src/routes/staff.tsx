import { z } from 'zod'
import {
  DUTCH_FINANCE_STATUSES,
  DUTCH_FINANCE_TRANSITIONS,
  type DutchFinanceStatus,
  transition as financeTransition,
  parseDutchFinanceStatus,
} from '../domain/finance/status'
import { formatMoney } from '../domain/money'
import type { Order } from '../domain/order/order'
import { ORDER_EVENTS, statusKey, transition } from '../domain/order/state'
import { isAnonymisedContact } from '../domain/privacy/erasure'
import {
  parseRequestStatus,
  REQUEST_KINDS,
  type RequestKind,
  type RequestStatus,
  requestStatusKey,
  staffMoves,
} from '../domain/programs/requests'
import { formatDateTime } from '../i18n/dates'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { AuditEntry } from '../store/audit'
import { useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'
import { loadReplies, QuotesSection, type RepliesData, saveReply, TradeInsSection } from './staff-replies'

/** One line of the audit log, ready to show. */
interface AuditLine {
  key: string
  at: string
  who: string | null
  /** What the record is, and what staff call it (an order's number, a request's id). */
  record: { kind: MessageKey; reference: string }
  action: MessageKey
  from: MessageKey | null
  to: MessageKey
  note: string | null
}

/** The change staff are asked to confirm (`?confirm=`): the form's fields, and what to ask. */
interface PendingChange {
  fields: Record<string, string>
  action: MessageKey
  /** A status named in the action (`Set to: {status}`). */
  status: MessageKey | null
  record: MessageKey
  reference: string
}

interface StaffData {
  confirm: PendingChange | null
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
    /** The Dutch finance application: its status and the statuses it may move to. */
    financeApplication: { status: MessageKey; next: { code: DutchFinanceStatus; name: MessageKey }[] } | null
  }[]
  /** Subscription requests, home-charger enquiries and test-drive bookings, newest first. */
  requests: {
    kind: RequestKind
    id: string
    customer: string | null
    contact: string
    /** A test drive's time and store. */
    detail: string | null
    received: string
    status: RequestStatus
    moves: RequestStatus[]
  }[]
}

/** Moving a subscription request or home-charger enquiry. */
const RequestMoveForm = z.object({
  intent: z.literal('request'),
  kind: z.enum(REQUEST_KINDS),
  requestId: z.string().regex(/^[\w-]{12}$/),
  to: z.string().max(40),
})

/** Moving a Dutch finance application (the other form of the console moves the order). */
const FinanceStatusForm = z.object({
  intent: z.literal('financeApplication'),
  orderId: z.string().regex(/^[\w-]{1,64}$/),
  financeStatus: z.coerce.number().int(),
})

const financeView = (status: DutchFinanceStatus | undefined) =>
  status === undefined
    ? null
    : {
        status: DUTCH_FINANCE_STATUSES[status].messageKey,
        next: DUTCH_FINANCE_TRANSITIONS[status].map((code) => ({
          code,
          name: DUTCH_FINANCE_STATUSES[code].messageKey,
        })),
      }

/** Staff events, in the order a delivery goes. */
const STAFF_EVENTS = ORDER_EVENTS.filter((event) => event !== 'paymentSucceeded' && event !== 'expire')

function staffOf(ctx: LoadContext) {
  const user = ctx.session.user
  // Not staff, or staff of another country: as if the page did not exist.
  if (!user?.roles.includes('staff') || user.staffCountry !== ctx.site.countryCode) throw new PageError('notFound', 404)
  return user
}

/** The name of a status in the audit log, by what the record is. */
/** Labels of what staff record, from the values stored in the audit log: typed maps, so no key is unchecked. */
const STAFF_EVENT_KEYS = {
  signContract: 'staff.event.signContract',
  allocate: 'staff.event.allocate',
  ship: 'staff.event.ship',
  startPreparation: 'staff.event.startPreparation',
  deliver: 'staff.event.deliver',
  approveCancellation: 'staff.event.approveCancellation',
  rejectCancellation: 'staff.event.rejectCancellation',
  markRefunded: 'staff.event.markRefunded',
  recordPayment: 'staff.event.recordPayment',
  placePurchaseOrder: 'staff.event.placePurchaseOrder',
  markOrderPaid: 'staff.event.markOrderPaid',
} as const satisfies Record<string, MessageKey>
const REQUEST_ACTION_KEYS = {
  offer: 'staff.audit.action.offer',
  confirm: 'staff.audit.action.confirm',
  adjust: 'staff.audit.action.adjust',
} as const satisfies Record<string, MessageKey>
const REQUEST_STATUS_KEYS = {
  requested: 'staff.audit.status.requested',
  offered: 'staff.audit.status.offered',
  estimated: 'staff.audit.status.estimated',
  inspected: 'staff.audit.status.inspected',
} as const satisfies Record<string, MessageKey>

/** The label a map gives a stored value, or "unknown" for a value it does not know. */
function labelOf(keys: Record<string, MessageKey>, value: string): MessageKey {
  return Object.hasOwn(keys, value) ? (keys[value] ?? 'staff.audit.unknown') : 'staff.audit.unknown'
}

function auditStatus(entry: AuditEntry, status: string): MessageKey {
  if (entry.record === 'order') {
    const order = {
      kind: (entry.orderKind ?? 'order') as Order['kind'],
      flow: (entry.orderFlow ?? 'purchase') as Order['flow'],
    }
    return statusKey(order, status as Order['status'])
  }
  if (entry.record === 'financeApplication') {
    const code = parseDutchFinanceStatus(Number(status))
    return code === null ? 'staff.audit.unknown' : DUTCH_FINANCE_STATUSES[code].messageKey
  }
  if (entry.record === 'quote' || entry.record === 'tradeIn') return labelOf(REQUEST_STATUS_KEYS, status)
  const parsed = parseRequestStatus(entry.record, status)
  return parsed ? requestStatusKey(entry.record, parsed) : 'staff.audit.unknown'
}

function auditLine(entry: AuditEntry, index: number, when: (iso: string) => string): AuditLine {
  const kind: MessageKey =
    entry.record === 'subscription' || entry.record === 'charger' || entry.record === 'testDrive'
      ? `staff.requests.kind.${entry.record}`
      : `staff.audit.record.${entry.record}`
  return {
    key: `${entry.recordId}-${entry.at}-${index}`,
    at: when(entry.at),
    who: entry.actorName === null ? null : `${entry.actorName} (${entry.actorEmail})`,
    record: { kind, reference: entry.reference },
    action:
      entry.action === 'status'
        ? 'staff.audit.action.status'
        : entry.action === 'note'
          ? 'staff.audit.action.note'
          : entry.record === 'quote' || entry.record === 'tradeIn'
            ? labelOf(REQUEST_ACTION_KEYS, entry.action)
            : labelOf(STAFF_EVENT_KEYS, entry.action),
    note: entry.note,
    from: entry.from === null ? null : auditStatus(entry, entry.from),
    to: auditStatus(entry, entry.to),
  }
}

const possible = (order: Order) =>
  STAFF_EVENTS.filter((event) => transition(order, event, 'staff', new Date().toISOString()).ok)

async function loadStaff(ctx: LoadContext): Promise<StaffData> {
  staffOf(ctx)
  const [orders, applications, requests, stores, audit] = await Promise.all([
    ctx.store.orders.ofCountry(ctx.site.countryCode),
    ctx.store.financeApplications.statusesOfCountry(ctx.site.countryCode),
    ctx.store.programRequests.ofCountry(ctx.site.countryCode),
    ctx.store.stores(ctx.site.countryCode),
    ctx.store.audit.ofCountry(ctx.site.countryCode),
  ])
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  const data: StaffData = {
    confirm: null,
    audit: audit.map((entry, index) => auditLine(entry, index, when)),
    replies: await loadReplies(ctx),
    orders: orders.map(({ id, order }) => ({
      id,
      number: order.orderNumber ?? order.reservationNumber ?? id,
      customer: isAnonymisedContact(order.contact) ? null : `${order.contact.firstName} ${order.contact.lastName}`,
      status: statusKey(order, order.status),
      total: formatMoney(order.amounts.totalInclVat, ctx.site.locale),
      events: possible(order),
      financeApplication: financeView(applications.get(id)),
    })),
    requests: requests.map((r) => ({
      kind: r.kind,
      id: r.id,
      customer: r.name?.trim() ? r.name : null,
      contact: r.email ? `${r.email}, ${r.phone}` : '',
      detail: r.slot
        ? `${when(r.slot.start)}, ${stores.find((s) => s.id === r.slot?.storeId)?.name ?? r.slot.storeId}`
        : null,
      received: when(r.createdAt),
      status: r.status,
      moves: [...staffMoves(r.kind, r.status)],
    })),
  }
  data.confirm = pendingChange(data, ctx.url.searchParams)
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

/** Asks before a change of a customer's record, with a note for the audit log. */
function ConfirmChange({ change }: { change: PendingChange }) {
  const t = useT()
  const { site } = useRenderContext()
  const action = t(change.action, change.status ? { status: t(change.status) } : {})
  return (
    <form method="post" action={linkTo(site, '/staff')} className="form card" id="confirm">
      <h2>{t('staff.confirm.heading')}</h2>
      <p>{t('staff.confirm.question', { action, record: `${t(change.record)} ${change.reference}` })}</p>
      {Object.entries(change.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="staff-confirm-note">{t('admin.note')}</label>
        <input id="staff-confirm-note" name="note" maxLength={500} autoComplete="off" />
      </div>
      <div className="form-actions">
        <button className="button button--primary" type="submit">
          {t('staff.confirm.yes')}
        </button>
        <a className="button" href={linkTo(site, '/staff')}>
          {t('admin.cancel')}
        </a>
      </div>
    </form>
  )
}

function FinanceStatusControl({
  orderId,
  view,
}: {
  orderId: string
  view: NonNullable<StaffData['orders'][number]['financeApplication']>
}) {
  const t = useT()
  const { site } = useRenderContext()
  const id = `finance-status-${orderId}`
  return (
    <form method="get" action={linkTo(site, '/staff')} className="staff__finance">
      <p>{t('order.financeApplication.status', { status: t(view.status) })}</p>
      {view.next.length > 0 ? (
        <>
          <input type="hidden" name="confirm" value={`finance:${orderId}`} />
          <label htmlFor={id}>{t('order.financeApplication.moveTo')}</label>{' '}
          <select id={id} name="financeStatus">
            {view.next.map((next) => (
              <option key={next.code} value={next.code}>
                {t(next.name)}
              </option>
            ))}
          </select>{' '}
          <button className="button" type="submit">
            {t('order.financeApplication.move')}
          </button>
        </>
      ) : null}
    </form>
  )
}

function StaffPage({ data }: { data: StaffData }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <article className="page">
      <h1 className="page__heading">{t('staff.heading')}</h1>
      <p className="page__lead">{t('staff.lead')}</p>
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
                <th scope="col">{t('staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">{order.number}</th>
                  <td>{order.customer ?? <em>{t('staff.orders.anonymised')}</em>}</td>
                  <td>{t(order.status)}</td>
                  <td>{order.total}</td>
                  <td>
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
    </article>
  )
}

/** Who changed which record of this country, when, from which status to which; newest first. */
function AuditLog({ lines }: { lines: AuditLine[] }) {
  const t = useT()
  return (
    <section aria-labelledby="staff-audit">
      <h2 id="staff-audit">{t('staff.audit.heading')}</h2>
      <p>{t('staff.audit.lead')}</p>
      {lines.length === 0 ? (
        <p>{t('staff.audit.empty')}</p>
      ) : (
        <div className="compare__scroll">
          <table className="staff staff__audit">
            <thead>
              <tr>
                <th scope="col">{t('staff.audit.when')}</th>
                <th scope="col">{t('staff.audit.who')}</th>
                <th scope="col">{t('staff.audit.record')}</th>
                <th scope="col">{t('staff.audit.action')}</th>
                <th scope="col">{t('staff.audit.change')}</th>
                <th scope="col">{t('admin.note')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.key}>
                  <td>{line.at}</td>
                  <td>{line.who ?? <em>{t('staff.audit.erasedStaff')}</em>}</td>
                  <th scope="row">{`${t(line.record.kind)} ${line.record.reference}`}</th>
                  <td>{t(line.action)}</td>
                  <td>{line.from ? `${t(line.from)} → ${t(line.to)}` : t(line.to)}</td>
                  <td>{line.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function RequestsTable({ requests }: { requests: StaffData['requests'] }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <section aria-labelledby="staff-requests">
      <h2 id="staff-requests">{t('staff.requests.heading')}</h2>
      {requests.length === 0 ? (
        <p>{t('staff.requests.empty')}</p>
      ) : (
        <div className="compare__scroll">
          <table className="staff">
            <thead>
              <tr>
                <th scope="col">{t('staff.requests.kind')}</th>
                <th scope="col">{t('staff.customer')}</th>
                <th scope="col">{t('staff.requests.received')}</th>
                <th scope="col">{t('staff.status')}</th>
                <th scope="col">{t('staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={`${request.kind}-${request.id}`}>
                  <th scope="row">{t(`staff.requests.kind.${request.kind}`)}</th>
                  <td>
                    {request.customer ?? <em>{t('staff.orders.anonymised')}</em>}
                    <br />
                    {request.contact}
                    {request.detail ? (
                      <>
                        <br />
                        {request.detail}
                      </>
                    ) : null}
                  </td>
                  <td>{request.received}</td>
                  <td>{t(requestStatusKey(request.kind, request.status))}</td>
                  <td>
                    {request.moves.map((to) => (
                      <a
                        key={to}
                        className="button"
                        href={`${linkTo(site, '/staff', { query: `confirm=request:${request.kind}:${request.id}:${to}` })}#confirm`}
                      >
                        {t('staff.requests.moveTo', { status: t(requestStatusKey(request.kind, to)) })}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** The note staff gave with a change (from the confirmation form), kept for the audit log; nothing when empty. */
async function keepNote(
  ctx: ActionContext,
  staffId: string,
  kind: 'order' | 'financeApplication' | RequestKind,
  id: string,
  to: string,
) {
  const note = (ctx.form.note ?? '').trim().slice(0, 500)
  if (!note) return
  await ctx.store.staffReplies.addNote({
    country: ctx.site.countryCode,
    actorId: staffId,
    kind,
    id,
    to,
    note,
    now: new Date(),
  })
}

/**
 * Moves an order's Dutch finance application to the status chosen, if the status machine allows it (SPEC §4,
 * src/domain/finance/status.ts); the change is an event with who and when on the customer's order page.
 */
async function moveFinanceApplication(ctx: ActionContext, staffId: string) {
  const form = FinanceStatusForm.safeParse(ctx.form)
  if (!form.success) throw new PageError('noRecord', 404)
  const stored = await ctx.store.orders.find(form.data.orderId)
  if (!stored || stored.order.country !== ctx.site.countryCode) throw new PageError('noRecord', 404)
  const application = await ctx.store.financeApplications.find(stored.id)
  const to = parseDutchFinanceStatus(form.data.financeStatus)
  if (application && to !== null && financeTransition(application.status, to).ok) {
    const moved = await ctx.store.financeApplications.move(
      stored.id,
      application.status,
      to,
      staffId,
      new Date().toISOString(),
    )
    if (moved) await keepNote(ctx, staffId, 'financeApplication', stored.id, String(to))
  }
  return { redirect: linkTo(ctx.site, '/staff') }
}

/**
 * Moves a subscription request or home-charger enquiry to the status chosen, if its kind allows that move from
 * where it is (src/domain/programs/requests.ts); the customer gets an e-mail with the new status.
 */
async function moveRequest(ctx: ActionContext, staffId: string) {
  const form = RequestMoveForm.safeParse(ctx.form)
  if (!form.success) throw new PageError('noRecord', 404)
  const { kind, requestId } = form.data
  const request = await ctx.store.programRequests.find(kind, requestId)
  if (!request || request.countryCode !== ctx.site.countryCode) throw new PageError('noRecord', 404)
  const to = parseRequestStatus(kind, form.data.to)
  if (to && staffMoves(kind, request.status).includes(to)) {
    const at = new Date().toISOString()
    const { moved, notificationId } = await ctx.store.programRequests.move(
      kind,
      request.id,
      request.status,
      to,
      { role: 'staff', id: staffId },
      at,
    )
    if (notificationId) ctx.notify([notificationId])
    if (moved) await keepNote(ctx, staffId, kind, request.id, to)
  }
  return { redirect: linkTo(ctx.site, '/staff') }
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
    const event = STAFF_EVENTS.find((e) => e === ctx.form.event)
    const result = event ? transition(stored.order, event, 'staff', new Date().toISOString()) : null
    if (result?.ok) {
      const { saved, notificationIds } = await ctx.store.orders.update(
        stored.id,
        stored.order,
        result.order,
        result.events,
        staff.id,
      )
      ctx.notify(notificationIds)
      if (saved) await keepNote(ctx, staff.id, 'order', stored.id, result.order.status)
      if (result.order.status === 'delivered' && stored.ownerId) await ctx.session.markOwner(stored.ownerId)
    }
    return { redirect: linkTo(ctx.site, '/staff') }
  },
  meta: () => ({ title: 'staff.heading', description: 'staff.lead' }),
  Page: StaffPage,
})
