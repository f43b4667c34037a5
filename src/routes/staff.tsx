import { formatMoney } from '../domain/money'
import type { Order } from '../domain/order/order'
import { ORDER_EVENTS, statusKey, transition } from '../domain/order/state'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { CsrfField } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { defineRoute, type LoadContext, PageError } from './route'

interface StaffData {
  csrf: string
  orders: { id: string; number: string; customer: string; status: MessageKey; total: string; events: string[] }[]
}

/** Staff events, in the order a delivery goes. */
const STAFF_EVENTS = ORDER_EVENTS.filter((event) => event !== 'paymentSucceeded' && event !== 'expire')

function staffOf(ctx: LoadContext) {
  const user = ctx.session.user
  // Not staff, or staff of another country: as if the page did not exist.
  if (!user?.roles.includes('staff') || user.staffCountry !== ctx.site.countryCode) throw new PageError('notFound', 404)
  return user
}

const possible = (order: Order) =>
  STAFF_EVENTS.filter((event) => transition(order, event, 'staff', new Date().toISOString()).ok)

async function loadStaff(ctx: LoadContext): Promise<StaffData> {
  staffOf(ctx)
  const orders = await ctx.store.orders.ofCountry(ctx.site.countryCode)
  return {
    csrf: await ctx.session.csrfToken(),
    orders: orders.map(({ id, order }) => ({
      id,
      number: order.orderNumber ?? order.reservationNumber ?? id,
      customer: `${order.contact.firstName} ${order.contact.lastName}`,
      status: statusKey(order, order.status) as MessageKey,
      total: formatMoney(order.amounts.totalInclVat, ctx.site.locale),
      events: possible(order),
    })),
  }
}

function StaffPage({ data }: { data: StaffData }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <article className="page">
      <h1 className="page__heading">{t('staff.heading')}</h1>
      <p className="page__lead">{t('staff.lead')}</p>
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
                  <td>{order.customer}</td>
                  <td>{t(order.status)}</td>
                  <td>{order.total}</td>
                  <td>
                    {order.events.map((event) => (
                      <form key={event} method="post" action={linkTo(site, '/staff')}>
                        <CsrfField token={data.csrf} />
                        <input type="hidden" name="orderId" value={order.id} />
                        <input type="hidden" name="event" value={event} />
                        <button className="button" type="submit">
                          {t(`staff.event.${event}` as MessageKey)}
                        </button>
                      </form>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
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
    const stored = await ctx.store.orders.find(ctx.form.orderId ?? '')
    if (!stored || stored.order.country !== ctx.site.countryCode) throw new PageError('noRecord', 404)
    const event = STAFF_EVENTS.find((e) => e === ctx.form.event)
    const result = event ? transition(stored.order, event, 'staff', new Date().toISOString()) : null
    if (result?.ok) {
      await ctx.store.orders.update(stored.id, stored.order, result.order, result.events, staff.id)
      if (result.order.status === 'delivered' && stored.ownerId) await ctx.session.markOwner(stored.ownerId)
    }
    return { redirect: linkTo(ctx.site, '/staff') }
  },
  meta: () => ({ title: 'staff.heading', description: 'staff.lead' }),
  Page: StaffPage,
})
