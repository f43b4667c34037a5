import {
  customerMayCancel,
  type RequestKind,
  type RequestStatus,
  type RequestStatusKey,
  requestStatusKey,
} from '../domain/programs/requests'
import { formatDateTime } from '../i18n/dates'
import { useT } from '../ui/intl-context'
import { found, type LoadContext } from './route'

/** A subscription request or home-charger enquiry as its customer sees it: where it is and how it got there. */
export interface RequestStatusView {
  kind: RequestKind
  id: string
  current: RequestStatus
  status: RequestStatusKey
  history: { at: string; status: RequestStatusKey; by: 'customer' | 'staff' }[]
  /** The signed-in customer who made it may cancel it online now (a subscription before allocation). */
  cancellable: boolean
  /** The customer who made it, past the point of cancelling online: "Cancel lease failed: please contact our store." */
  cancelLocked: boolean
}

const REQUEST_ID = /^[\w-]{12}$/

/**
 * Loads a request of a kind for its result page: 404 for an unknown id or another country's request. Anyone with
 * the (random) address sees its status; only the signed-in customer who made it may act on it.
 *
 * @example
 * const view = await loadRequestStatus(ctx, 'subscription')
 */
export async function loadRequestStatus(ctx: LoadContext, kind: RequestKind): Promise<RequestStatusView> {
  const id = ctx.params.id ?? ''
  const request = found(REQUEST_ID.test(id) ? await ctx.store.programRequests.find(kind, id) : null, 'noRecord')
  if (request.countryCode !== ctx.site.countryCode) found(null, 'noRecord')
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  const own = request.ownerId !== null && request.ownerId === ctx.session.user?.id
  return {
    kind,
    id: request.id,
    current: request.status,
    status: requestStatusKey(kind, request.status),
    history: [
      {
        at: when(request.createdAt),
        status: requestStatusKey(kind, request.events[0]?.from ?? request.status),
        by: 'customer' as const,
      },
      ...request.events.map((e) => ({ at: when(e.at), status: requestStatusKey(kind, e.to), by: e.actor })),
    ],
    cancellable: own && customerMayCancel(kind, request.status),
    cancelLocked: own && kind === 'subscription' && request.status === 'allocated',
  }
}

/** The request's status and its history, oldest first. */
export function RequestStatusCard({ view }: { view: RequestStatusView }) {
  const t = useT()
  return (
    <section className="card" aria-labelledby="request-status">
      <h2 id="request-status">{t('programs.request.status', { status: t(view.status) })}</h2>
      <h3>{t('programs.request.history')}</h3>
      <ol className="timeline">
        {view.history.map((step) => (
          <li key={`${step.at}-${step.status}`} className="timeline__step timeline__step--done">
            <span>{t(step.status)}</span>{' '}
            <span className="timeline__date">
              {t(step.by === 'staff' ? 'order.financeApplication.byStore' : 'order.financeApplication.byYou', {
                date: step.at,
              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
