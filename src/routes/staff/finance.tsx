import { z } from 'zod'
import {
  DUTCH_FINANCE_STATUSES,
  DUTCH_FINANCE_TRANSITIONS,
  type DutchFinanceStatus,
  transition as financeTransition,
  parseDutchFinanceStatus,
} from '../../domain/finance/status'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import { type ActionContext, PageError } from '../route'
import { keepNote } from './note'

/** An order's Dutch finance application in the console: its status and the statuses it may move to. */
export interface FinanceApplicationView {
  status: MessageKey
  next: { code: DutchFinanceStatus; name: MessageKey }[]
}

/** Moving a Dutch finance application (the other form of the console moves the order). */
const FinanceStatusForm = z.object({
  intent: z.literal('financeApplication'),
  orderId: z.string().regex(/^[\w-]{1,64}$/),
  financeStatus: z.coerce.number().int(),
})

export const financeView = (status: DutchFinanceStatus | undefined): FinanceApplicationView | null =>
  status === undefined
    ? null
    : {
        status: DUTCH_FINANCE_STATUSES[status].messageKey,
        next: DUTCH_FINANCE_TRANSITIONS[status].map((code) => ({
          code,
          name: DUTCH_FINANCE_STATUSES[code].messageKey,
        })),
      }

export function FinanceStatusControl({ orderId, view }: { orderId: string; view: FinanceApplicationView }) {
  const t = useT()
  const { site } = useSiteContext()
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

/**
 * Moves an order's Dutch finance application to the status chosen, if the status machine allows it (SPEC §4,
 * src/domain/finance/status.ts); the change is an event with who and when on the customer's order page.
 */
export async function moveFinanceApplication(ctx: ActionContext, staffId: string) {
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
