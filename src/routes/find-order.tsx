import { fieldProblems } from '../domain/account/forms'
import { FindOrderForm } from '../domain/order/schema'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { type ActionContext, defineRoute, type LoadContext } from './route'

/** The form's labels, as the SPEC §5 messages name a field ("Please enter your order number."). */
const LABELS: Record<string, MessageKey> = { number: 'findOrder.field.numberLabel', email: 'field.email' }

interface FindOrderData {
  values: { number: string; email: string }
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
  /** The signed-in customer's orders on this site, to open at once; empty for anyone else. */
  mine: { number: string; href: string }[]
}

async function loadFind(ctx: LoadContext): Promise<FindOrderData> {
  const user = ctx.session.user
  const mine = user ? await ctx.store.customerRecords.ordersOf(user.id, ctx.site.countryCode) : []
  return {
    // A link may bring the number along (an order link that was already used names its order).
    values: { number: (ctx.url.searchParams.get('number') ?? '').slice(0, 20), email: '' },
    errors: {},
    message: null,
    mine: mine.map(({ id, order }) => ({
      number: order.orderNumber ?? order.reservationNumber ?? id,
      href: linkTo(ctx.site, `/order/${id}`),
    })),
  }
}

/**
 * "Find my order": the number and the address it was placed with. Whether or not they belong together, the answer is
 * the same: if they do, a link to the order is on its way to that address (order links, auth/order-access.ts).
 */
async function find(ctx: ActionContext) {
  const data = await loadFind(ctx)
  data.values = { number: (ctx.form.number ?? '').slice(0, 20), email: (ctx.form.email ?? '').slice(0, 254) }
  const parsed = FindOrderForm.safeParse(ctx.form)
  if (!parsed.success) {
    data.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  const outcome = await ctx.orderAccess.requestLink(parsed.data)
  if (outcome === 'throttled') {
    data.message = { kind: 'error', key: 'auth.error.throttled' }
    return { status: 429 as const, data }
  }
  data.message = { kind: 'success', key: 'findOrder.sent' }
  data.values.email = ''
  return { status: 200 as const, data }
}

function FindOrderPage({ data }: { data: FindOrderData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="findOrder.heading" lead="findOrder.lead">
      {data.mine.length > 0 ? (
        <section className="card" aria-labelledby="find-order-mine">
          <h2 id="find-order-mine">{t('findOrder.mine')}</h2>
          <ul>
            {data.mine.map((order) => (
              <li key={order.href}>
                <a href={order.href}>{order.number}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form className="form card" method="post" noValidate aria-labelledby="find-order-title">
        <h2 id="find-order-title">{t('findOrder.formHeading')}</h2>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <Field
          form="find"
          name="number"
          label="findOrder.field.number"
          hint="findOrder.field.numberHint"
          value={data.values.number}
          autoComplete="off"
          required
          errors={data.errors}
        />
        <Field
          form="find"
          name="email"
          type="email"
          label="auth.field.email"
          hint="findOrder.field.emailHint"
          value={data.values.email}
          autoComplete="email"
          required
          errors={data.errors}
        />
        <button className="button button--primary" type="submit">
          {t('findOrder.submit')}
        </button>
      </form>
      {site.showUserMenu ? (
        <p>
          <a
            href={linkTo(site, '/auth', {
              query: new URLSearchParams({ frontRedirect: linkTo(site, '/find-my-order') }),
            })}
          >
            {t('findOrder.signIn')}
          </a>
        </p>
      ) : null}
    </ShellPage>
  )
}

/** `/find-my-order`: reachable from every site's footer. */
export const findOrder = defineRoute<FindOrderData>({
  id: 'findOrder',
  path: '/find-my-order',
  label: null,
  namespaces: [],
  indexable: false,
  load: loadFind,
  action: find,
  meta: () => ({ title: 'findOrder.heading', description: 'findOrder.lead' }),
  Page: FindOrderPage,
})

interface OrderLinkData {
  token: string
  /** The order the link opens; null when the link was used, has expired or never existed. */
  number: string | null
}

function OrderLinkPage({ data }: { data: OrderLinkData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (!data.number)
    return (
      <ShellPage heading="orderLink.invalid.heading" lead="orderLink.invalid.lead">
        <p>
          <a className="button button--primary" href={linkTo(site, '/find-my-order')}>
            {t('findOrder.heading')}
          </a>
        </p>
      </ShellPage>
    )
  return (
    <ShellPage heading="orderLink.heading" lead="orderLink.lead" values={{ number: data.number }}>
      {/* A button, not the link itself: a mail scanner that follows links uses up nothing. */}
      <form method="post">
        <input type="hidden" name="token" value={data.token} />
        <button className="button button--primary" type="submit">
          {t('orderLink.open')}
        </button>
      </form>
    </ShellPage>
  )
}

/**
 * `/order/link/{token}`: an order link from an e-mail. Opening it shows a button; the button uses the link (once) and
 * lets this browser into that order alone, then opens it. A used, expired or unknown link leads to "find my order".
 */
export const orderLink = defineRoute<OrderLinkData>({
  id: 'orderLink',
  path: '/order/link/:token',
  label: null,
  namespaces: [],
  indexable: false,
  load: async (ctx) => {
    const token = ctx.params.token ?? ''
    const open = await ctx.orderAccess.openLink(token)
    return { token, number: open ? (open.number ?? open.orderId) : null }
  },
  action: async (ctx) => {
    const token = ctx.form.token ?? ''
    const orderId = token === ctx.params.token ? await ctx.orderAccess.redeemLink(token) : null
    if (orderId) return { redirect: linkTo(ctx.site, `/order/${orderId}`) }
    return { status: 410 as const, data: { token, number: null } }
  },
  meta: () => ({ title: 'orderLink.title', description: 'orderLink.lead' }),
  Page: OrderLinkPage,
})
