import { forgetFreeSlots } from '../app/test-drive'
import {
  customerCancellation,
  type RequestKind,
  type RequestStatus,
  type RequestStatusKey,
  requestStatusKey,
} from '../domain/programs/requests'
import { formatDateTime } from '../i18n/dates'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { SubmitOrBack } from './helpers/submit-or-back'
import { type ActionContext, found, type LoadContext, PageError } from './route'

/** A subscription request or home-charger enquiry as its customer sees it: where it is and how it got there. */
export interface RequestStatusView {
  kind: RequestKind
  id: string
  current: RequestStatus
  status: RequestStatusKey
  history: { at: string; status: RequestStatusKey; by: 'customer' | 'staff' }[]
  /** Where cancelling moves it, when the signed-in customer who made it may cancel it online now; else null. */
  cancelTo: RequestStatus | null
  /** The customer who made it, past the point of cancelling online: "Cancel lease failed: please contact our store." */
  cancelLocked: boolean
  /** The viewer is the signed-in customer who made it: only then does the page show personal data. */
  own: boolean
}

const REQUEST_ID = /^[\w-]{12}$/

/**
 * Loads a request of a kind for its result page: 404 for an unknown id, another country's request, or a request a
 * signed-in customer made, to anyone but them. A request made without an account shows its status (nothing
 * personal) to whoever has its random address; only the signed-in customer who made one may act on it.
 *
 * @example
 * const view = await loadRequestStatus(ctx, 'subscription')
 */
export async function loadRequestStatus(
  ctx: LoadContext,
  kind: RequestKind,
  id = ctx.params.id ?? '',
): Promise<RequestStatusView> {
  const request = found(REQUEST_ID.test(id) ? await ctx.store.programRequests.find(kind, id) : null, 'noRecord')
  if (request.countryCode !== ctx.site.countryCode) throw new PageError('noRecord', 404)
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  const own = request.ownerId !== null && request.ownerId === ctx.session.user?.id
  if (request.ownerId !== null && !own) throw new PageError('noRecord', 404)
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
    cancelTo: own ? customerCancellation(kind, request.status) : null,
    cancelLocked: own && kind === 'subscription' && request.status === 'allocated',
    own,
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

/** A result page of a request its customer may act on: the status, the cancel step and what went wrong. */
export interface OwnRequestData {
  request: RequestStatusView
  /** The customer asked to cancel: the confirmation question is shown. */
  confirm: boolean
  message: MessageKey | null
}

const CANCEL_TEXTS: Record<RequestKind, { cancel: MessageKey; question: MessageKey; yes: MessageKey }> = {
  subscription: {
    cancel: 'programs.request.cancel',
    question: 'programs.request.cancelConfirm',
    yes: 'programs.request.cancelYes',
  },
  charger: {
    cancel: 'programs.request.cancel',
    question: 'programs.request.cancelConfirm',
    yes: 'programs.request.cancelYes',
  },
  testDrive: {
    cancel: 'programs.testDrive.cancel',
    question: 'programs.testDrive.cancelConfirm',
    yes: 'programs.testDrive.cancelYes',
  },
}

/** Loads a request's result page: its status and, with `?confirm=cancel`, the cancellation question. */
export async function loadOwnRequest(
  ctx: LoadContext,
  kind: RequestKind,
  id = ctx.params.id ?? '',
): Promise<OwnRequestData> {
  const request = await loadRequestStatus(ctx, kind, id)
  return {
    request,
    confirm: ctx.url.searchParams.get('confirm') === 'cancel' && request.cancelTo !== null,
    message: null,
  }
}

/**
 * The customer's own cancellation, in two steps that work without JavaScript: the link shows the question, "yes"
 * posts `confirmed=yes`. A subscription past allocation answers SPEC §8's "Cancel lease failed: please contact our
 * store."; a retried "yes" changes nothing more.
 */
export async function cancelOwnRequest(
  ctx: ActionContext,
  kind: RequestKind,
  page: RequestPage,
): Promise<{ redirect: string } | { status: 400 | 409; data: OwnRequestData }> {
  const data = await loadOwnRequest(ctx, kind, page.id)
  const user = ctx.session.user
  if (ctx.form.intent !== 'cancel' || ctx.form.confirmed !== 'yes' || !user) return { status: 400, data }
  const path = linkTo(ctx.site, page.path, { query: page.query })
  if (data.request.cancelTo === null) {
    if (!data.request.cancelLocked) return { redirect: path } // already cancelled, or not theirs
    data.message = 'order.problem.leaseCancelFailed'
    return { status: 409, data }
  }
  // Moved by staff in the meantime, nothing changes: the page then shows where the request is now.
  const { notificationId } = await ctx.store.programRequests.move(
    kind,
    data.request.id,
    data.request.current,
    data.request.cancelTo,
    { role: 'customer', id: user.id },
    new Date().toISOString(),
  )
  if (notificationId) ctx.notify([notificationId])
  // A cancelled test drive frees its place: the slots shown next are read anew.
  if (notificationId && kind === 'testDrive') forgetFreeSlots()
  return { redirect: path }
}

/** Where a request's result page is: its path and query within the site, and the request's id. */
export interface RequestPage {
  id: string
  path: string
  query?: string
}

/** The cancel link, or its confirmation question, or why it cannot be cancelled online. */
export function CancelOwnRequest({ data, page }: { data: OwnRequestData; page: Omit<RequestPage, 'id'> }) {
  const t = useT()
  const { site } = useSiteContext()
  const texts = CANCEL_TEXTS[data.request.kind]
  if (data.request.cancelLocked) return <FormMessage kind="error">{t('order.problem.leaseCancelFailed')}</FormMessage>
  if (data.request.cancelTo === null) return null
  if (!data.confirm) {
    return (
      <p>
        <a
          className="button"
          href={linkTo(site, page.path, { query: [page.query, 'confirm=cancel'].filter(Boolean).join('&') })}
        >
          {t(texts.cancel)}
        </a>
      </p>
    )
  }
  return (
    <section id="confirm" className="card" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t(texts.question)}</h2>
      <form method="post" action={linkTo(site, page.path, { query: page.query })} className="form-actions">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="confirmed" value="yes" />
        <SubmitOrBack
          submit={texts.yes}
          back="programs.request.cancelNo"
          backTo={linkTo(site, page.path, { query: page.query })}
        />
      </form>
    </section>
  )
}

/** A request's part of its result page: what went wrong, the status with its history, and the cancel step. */
export function OwnRequestPanel({ data, page }: { data: OwnRequestData; page: Omit<RequestPage, 'id'> }) {
  const t = useT()
  return (
    <>
      {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
      <RequestStatusCard view={data.request} />
      <CancelOwnRequest data={data} page={page} />
    </>
  )
}
