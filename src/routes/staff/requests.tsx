import { z } from 'zod'
import { forgetFreeSlots } from '../../app/test-drive'
import {
  parseRequestStatus,
  REQUEST_KINDS,
  type RequestKind,
  type RequestStatus,
  requestStatusKey,
  staffMoves,
} from '../../domain/programs/requests'
import { linkTo } from '../../i18n/links'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import { type ActionContext, PageError } from '../route'
import { keepNote } from './note'

/** A subscription request, home-charger enquiry or test-drive booking in the console. */
export interface RequestRow {
  kind: RequestKind
  id: string
  customer: string | null
  contact: string
  /** A test drive's time and store. */
  detail: string | null
  received: string
  status: RequestStatus
  moves: RequestStatus[]
}

/** Moving a subscription request or home-charger enquiry. */
const RequestMoveForm = z.object({
  intent: z.literal('request'),
  kind: z.enum(REQUEST_KINDS),
  requestId: z.string().regex(/^[\w-]{12}$/),
  to: z.string().max(40),
})

export function RequestsTable({ requests }: { requests: RequestRow[] }) {
  const t = useT()
  const { site } = useSiteContext()
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
                    <div className="staff__actions">
                      {request.moves.map((to) => (
                        <a
                          key={to}
                          className="button"
                          href={`${linkTo(site, '/staff', { query: `confirm=request:${request.kind}:${request.id}:${to}` })}#confirm`}
                        >
                          {t('staff.requests.moveTo', { status: t(requestStatusKey(request.kind, to)) })}
                        </a>
                      ))}
                    </div>
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

/**
 * Moves a subscription request or home-charger enquiry to the status chosen, if its kind allows that move from
 * where it is (src/domain/programs/requests.ts); the customer gets an e-mail with the new status.
 */
export async function moveRequest(ctx: ActionContext, staffId: string) {
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
    // A declined or cancelled test drive frees its place: the slots shown next are read anew.
    if (moved && kind === 'testDrive') forgetFreeSlots()
  }
  return { redirect: linkTo(ctx.site, '/staff') }
}
