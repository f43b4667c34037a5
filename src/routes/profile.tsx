import { fieldProblems, ProfileForm } from '../domain/account/forms'
import {
  parseRequestStatus,
  type RequestKind,
  type RequestStatusKey,
  requestStatusKey,
} from '../domain/programs/requests'
import { formatDateTime } from '../i18n/dates'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { ContactFields, CsrfField, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { type ActionContext, defineRoute, type LoadContext, type RouteUser } from './route'

interface ProfileData {
  csrf: string
  values: { name: string; email: string; phone: string }
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
  configurations: { id: string; modelCode: string; createdAt: string }[]
  orders: { id: string; createdAt: string }[]
  testDrives: { id: string; slotStart: string; store: string; status: RequestStatusKey }[]
  /** Subscription requests and home-charger enquiries made on this site, with where they are. */
  requests: { kind: RequestKind; id: string; createdAt: string; status: RequestStatusKey }[]
}

/** A request's result page: where the customer sees its status and history. */
const requestPage = (kind: RequestKind, id: string) =>
  kind === 'testDrive'
    ? { path: '/test-drive-result', query: `booking=${id}` }
    : { path: `${kind === 'charger' ? '/home-charger' : '/subscription'}/result/${id}` }

const LABELS: Record<string, MessageKey> = { name: 'field.name', email: 'field.email', phone: 'field.phone' }

async function loadProfile(ctx: LoadContext, user: RouteUser): Promise<ProfileData> {
  return {
    csrf: await ctx.session.csrfToken(),
    values: { name: user.name, email: user.email, phone: user.phone },
    errors: {},
    message:
      ctx.url.searchParams.get('saved') === '1'
        ? { kind: 'success', key: 'profile.saved' }
        : ctx.url.searchParams.get('password') === 'changed'
          ? { kind: 'success', key: 'profile.passwordChanged' }
          : null,
    configurations: await ctx.session.savedConfigurations(),
    orders: await ctx.session.orders(),
    requests: (await ctx.store.programRequests.ofOwner(user.id, ctx.site.countryCode)).map((r) => ({
      kind: r.kind,
      id: r.id,
      createdAt: r.createdAt,
      status: requestStatusKey(r.kind, r.status),
    })),
    testDrives: await (async () => {
      const stores = await ctx.store.stores(ctx.site.countryCode)
      return (await ctx.session.testDrives()).map((b) => ({
        id: b.id,
        slotStart: b.slotStart,
        store: stores.find((s) => s.id === b.storeId)?.name ?? b.storeId,
        status: requestStatusKey('testDrive', parseRequestStatus('testDrive', b.status) ?? 'requested'),
      }))
    })(),
  }
}

function Section({ title, empty, items }: { title: MessageKey; empty: MessageKey; items: React.ReactNode[] }) {
  const t = useT()
  return (
    <section className="card profile__section">
      <h2>{t(title)}</h2>
      {items.length ? <ul>{items}</ul> : <p>{t(empty)}</p>}
    </section>
  )
}

function ProfilePage({ data }: { data: ProfileData }) {
  const t = useT()
  const { site } = useRenderContext()
  const date = (iso: string) => formatDateTime(new Date(iso), site.locale, site.timeZone)
  return (
    <article className="page profile">
      <h1 className="page__heading">{t('page.profile.heading')}</h1>
      <p className="page__lead">{t('page.profile.lead')}</p>
      <form className="form card" method="post" noValidate aria-labelledby="details-title">
        <h2 id="details-title">{t('profile.details')}</h2>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <CsrfField token={data.csrf} />
        <ContactFields form="profile" values={data.values} errors={data.errors} />
        <button className="button button--primary" type="submit">
          {t('profile.save')}
        </button>
        <p>
          <a href={linkTo(site, '/user-center/password')}>{t('profile.changePassword')}</a>
          {' · '}
          <a href={linkTo(site, '/user-center/privacy')}>{t('profile.privacy')}</a>
        </p>
      </form>
      <Section
        title="profile.configurations"
        empty="profile.configurations.empty"
        items={data.configurations.map((c) => (
          <li key={c.id}>
            <a href={linkTo(site, `/configurator/overview/${c.id}`)}>
              {t('profile.configurations.item', { model: c.modelCode.toUpperCase(), date: date(c.createdAt) })}
            </a>
          </li>
        ))}
      />
      <Section
        title="profile.orders"
        empty="profile.orders.empty"
        items={data.orders.map((o) => (
          <li key={o.id}>
            <a href={linkTo(site, `/order/${o.id}`)}>
              {t('profile.orders.item', { order: o.id, date: date(o.createdAt) })}
            </a>
          </li>
        ))}
      />
      <Section
        title="profile.testDrives"
        empty="profile.testDrives.empty"
        items={data.testDrives.map((b) => (
          <li key={b.id}>
            <a href={linkTo(site, '/test-drive-result', { query: `booking=${b.id}` })}>
              {b.store}, {date(b.slotStart)}
            </a>
            : {t(b.status)}
          </li>
        ))}
      />
      <Section
        title="profile.requests"
        empty="profile.requests.empty"
        items={data.requests.map((r) => (
          <li key={`${r.kind}-${r.id}`}>
            <a href={linkTo(site, requestPage(r.kind, r.id).path, { query: requestPage(r.kind, r.id).query })}>
              {t('profile.requests.item', {
                kind: t(`staff.requests.kind.${r.kind}`),
                date: date(r.createdAt),
                status: t(r.status),
              })}
            </a>
          </li>
        ))}
      />
      <nav className="next-steps" aria-label={t('common.nextSteps')}>
        <ul>
          <li>
            <a className="button" href={linkTo(site, '/configurator/p5')}>
              {t('page.home.cta.configure')}
            </a>
          </li>
          <li>
            <a className="button" href={linkTo(site, '/test-drive')}>
              {t('page.home.cta.testDrive')}
            </a>
          </li>
        </ul>
      </nav>
    </article>
  )
}

async function action(ctx: ActionContext) {
  const user = ctx.session.user
  if (!user) return { redirect: linkTo(ctx.site, '/auth') }
  const data = await loadProfile(ctx, user)
  data.values = { name: ctx.form.name ?? '', email: ctx.form.email ?? '', phone: ctx.form.phone ?? '' }
  data.message = null
  const parsed = ProfileForm.safeParse(ctx.form)
  if (!parsed.success) {
    data.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  const outcome = await ctx.session.updateProfile(parsed.data)
  if (outcome === 'ok') return { redirect: linkTo(ctx.site, '/user-center/profile', { query: 'saved=1' }) }
  data.message = { kind: 'error', key: 'profile.error.emailTaken' }
  return { status: 409 as const, data }
}

/** `/user-center/profile`: the visitor's details and what they saved, ordered and booked. Forced login. */
export default defineRoute<ProfileData>({
  id: 'profile',
  path: '/user-center/profile',
  label: null,
  namespaces: ['page.profile', 'profile', 'auth.field', 'field', 'validation', 'page.home.cta'],
  indexable: false,
  auth: 'required',
  load: async (ctx) => {
    // auth: 'required' guarantees a user here.
    const user = ctx.session.user as RouteUser
    return loadProfile(ctx, user)
  },
  action,
  meta: () => ({ title: 'page.profile.heading', description: 'page.profile.lead' }),
  Page: ProfilePage,
})
