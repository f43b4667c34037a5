import type { Account } from '../domain/account/account'
import { fieldProblems, ProfileForm } from '../domain/account/forms'
import {
  parseRequestStatus,
  type RequestKind,
  type RequestStatusKey,
  requestStatusKey,
} from '../domain/programs/requests'
import { utcToZoned } from '../domain/testdrive/time'
import { formatDate, formatDateTime } from '../i18n/dates'
import { formatMoney } from '../i18n/formats'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { formatWeekdayDate } from '../i18n/weekday-dates'
import { CarPicture } from '../ui/car'
import { ContactFields, type FieldErrors, FormMessage, UnreadableRecords } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { SubmitOrBack } from './helpers/submit-or-back'
import {
  type GarageBuild,
  loadGarage,
  loadOrders,
  loadQuotes,
  loadValuations,
  type ProfileOrder,
  type ProfileQuote,
  type ProfileValuation,
} from './profile-records'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'

interface ProfileData {
  values: { name: string; email: string; phone: string }
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
  /** Whether the account's address was confirmed by the link sent at sign-up. */
  emailConfirmed: boolean
  garage: GarageBuild[]
  /** The saved build whose deletion is being confirmed (`?confirm=deleteBuild&build=`). */
  confirmDelete: string | null
  orders: ProfileOrder[]
  quotes: ProfileQuote[]
  valuations: ProfileValuation[]
  testDrives: { id: string; slotStart: string; store: string; status: RequestStatusKey }[]
  /** Subscription requests and home-charger enquiries made on this site, with where they are. */
  requests: { kind: RequestKind; id: string; createdAt: string; status: RequestStatusKey }[]
  /** Records of the customer's that could not be read (left out of their lists, reported). */
  unreadable: number
}

/** A request's result page: where the customer sees its status and history. */
const requestPage = (kind: RequestKind, id: string) =>
  kind === 'testDrive'
    ? { path: '/test-drive-result', query: `booking=${id}` }
    : { path: `${kind === 'charger' ? '/home-charger' : '/subscription'}/result/${id}` }

const LABELS: Record<string, MessageKey> = { name: 'field.name', email: 'field.email', phone: 'field.phone' }

function messageOf(query: URLSearchParams): ProfileData['message'] {
  if (query.get('saved') === '1') return { kind: 'success', key: 'profile.saved' }
  if (query.get('password') === 'changed') return { kind: 'success', key: 'profile.passwordChanged' }
  if (query.get('deleted') === 'build') return { kind: 'success', key: 'profile.garage.deleted' }
  if (query.get('email') === 'sent') return { kind: 'success', key: 'profile.emailChangeSent' }
  if (query.get('confirmation') === 'sent') return { kind: 'success', key: 'profile.confirmationSent' }
  return null
}

/** Whether a test drive can be booked again from the profile: it will not take place as booked. */
const BOOK_AGAIN: readonly RequestStatusKey[] = [
  requestStatusKey('testDrive', 'declined'),
  requestStatusKey('testDrive', 'cancelled'),
  requestStatusKey('testDrive', 'completed'),
]

async function loadProfile(ctx: LoadContext, user: Account): Promise<ProfileData> {
  const data: Omit<ProfileData, 'unreadable'> = {
    values: { name: user.name, email: user.email, phone: user.phone },
    errors: {},
    message: messageOf(ctx.url.searchParams),
    emailConfirmed: (await ctx.session.emailConfirmedAt()) !== null,
    garage: await loadGarage(ctx, user),
    confirmDelete: ctx.url.searchParams.get('confirm') === 'deleteBuild' ? ctx.url.searchParams.get('build') : null,
    orders: await loadOrders(ctx, user),
    quotes: await loadQuotes(ctx, user),
    valuations: await loadValuations(ctx, user),
    requests: (await ctx.store.programRequests.ofOwner(user.id, ctx.site.countryCode)).map((r) => ({
      kind: r.kind,
      id: r.id,
      createdAt: r.createdAt,
      status: requestStatusKey(r.kind, r.status),
    })),
    testDrives: await (async () => {
      const stores = await ctx.store.showrooms(ctx.site.countryCode)
      return (await ctx.session.testDrives()).map((b) => ({
        id: b.id,
        slotStart: b.slotStart,
        store: stores.find((s) => s.id === b.storeId)?.name ?? b.storeId,
        status: requestStatusKey('testDrive', parseRequestStatus('testDrive', b.status) ?? 'requested'),
      }))
    })(),
  }
  return { ...data, unreadable: ctx.store.badRecords().length }
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

function PriceChange({ build }: { build: GarageBuild }) {
  const t = useT()
  const { site } = useSiteContext()
  const { today, saved } = build
  if (!today) return null
  const money = (amount: number) => formatMoney({ amount, currency: today.currency }, site.locale)
  return (
    <dl className="garage__prices">
      <dt>{t('profile.garage.today')}</dt>
      <dd>{money(today.amount)}</dd>
      {saved && saved.currency === today.currency ? (
        <>
          <dt>{t('profile.garage.saved')}</dt>
          <dd>
            {money(saved.amount)}
            {' · '}
            {today.amount === saved.amount
              ? t('profile.garage.same')
              : t(today.amount > saved.amount ? 'profile.garage.up' : 'profile.garage.down', {
                  amount: money(Math.abs(today.amount - saved.amount)),
                })}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

/** The saved builds: picture, today's price against the saved one, and open, order and delete (after a question). */
function Garage({ data }: { data: ProfileData }) {
  const t = useT()
  const { site } = useSiteContext()
  const date = (iso: string) => formatDateTime(new Date(iso), site.locale, site.timeZone)
  return (
    <section className="card profile__section" aria-labelledby="garage-title">
      <h2 id="garage-title">{t('profile.configurations')}</h2>
      {data.garage.length === 0 ? <p>{t('profile.configurations.empty')}</p> : null}
      <ul className="garage">
        {data.garage.map((build) => (
          <li key={build.id} className="garage__build">
            <div className="garage__picture">
              <CarPicture look={build.look} view="front" label={t('configurator.picture.front', build.label)} />
            </div>
            <div>
              <h3>
                {build.label.model}, {build.label.version}
              </h3>
              <p>{t('profile.garage.savedOn', { date: date(build.createdAt) })}</p>
              <PriceChange build={build} />
              {build.today ? (
                <form method="post" className="garage__watch">
                  <input type="hidden" name="intent" value={build.watched ? 'unwatchBuild' : 'watchBuild'} />
                  <input type="hidden" name="build" value={build.id} />
                  {build.watched ? <span>{t('profile.garage.watching')} </span> : null}
                  <button className="button" type="submit">
                    {t(build.watched ? 'profile.garage.unwatch' : 'profile.garage.watch')}
                  </button>
                </form>
              ) : null}
              {data.confirmDelete === build.id ? (
                <form method="post" className="form-actions" id="confirm">
                  <p>{t('profile.garage.confirmDelete')}</p>
                  <input type="hidden" name="intent" value="deleteBuild" />
                  <input type="hidden" name="build" value={build.id} />
                  <SubmitOrBack
                    submit="profile.garage.deleteYes"
                    back="profile.garage.keep"
                    backTo={linkTo(site, '/user-center/profile')}
                  />
                </form>
              ) : (
                <p className="form-actions">
                  <a className="button" href={linkTo(site, `/configurator/overview/${build.id}`)}>
                    {t('profile.garage.open')}
                  </a>
                  {site.canOrder ? (
                    <a
                      className="button button--primary"
                      href={linkTo(site, `/configurator/info-submission/${build.id}`)}
                    >
                      {t('profile.garage.order')}
                    </a>
                  ) : null}
                  <a
                    className="button"
                    href={`${linkTo(site, '/user-center/profile', { query: `confirm=deleteBuild&build=${build.id}` })}#confirm`}
                  >
                    {t('profile.garage.delete')}
                  </a>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ProfilePage({ data }: { data: ProfileData }) {
  const t = useT()
  const { site } = useSiteContext()
  const date = (iso: string) => formatDateTime(new Date(iso), site.locale, site.timeZone)
  // A test drive's slot in full, as its booking confirmed it: store, weekday, date and time.
  const slotWhen = (booking: { slotStart: string; store: string }) => {
    const wall = utcToZoned(new Date(booking.slotStart), site.timeZone)
    return t('testDrive.result.when', {
      store: booking.store,
      date: formatWeekdayDate(wall.date, site.locale, { year: true }),
      time: wall.time,
    })
  }
  return (
    <article className="page profile">
      <h1 className="page__heading">{t('page.profile.heading')}</h1>
      <p className="page__lead">{t('page.profile.lead')}</p>
      <UnreadableRecords count={data.unreadable} />
      {data.emailConfirmed ? null : (
        <form className="form card profile__section" method="post" aria-label={t('profile.unconfirmed')}>
          <p>{t('profile.unconfirmed')}</p>
          <input type="hidden" name="intent" value="resendConfirmation" />
          <button className="button" type="submit">
            {t('profile.resendConfirmation')}
          </button>
        </form>
      )}
      <form className="form card" method="post" noValidate aria-labelledby="details-title">
        <h2 id="details-title">{t('profile.details')}</h2>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <ContactFields form="profile" values={data.values} errors={data.errors} />
        <p className="field__hint">{t('profile.emailHint')}</p>
        <button className="button button--primary" type="submit">
          {t('profile.save')}
        </button>
        <p>
          <a href={linkTo(site, '/user-center/password')}>{t('profile.changePassword')}</a>
          {' · '}
          <a href={linkTo(site, '/user-center/privacy')}>{t('profile.privacy')}</a>
        </p>
      </form>
      <Garage data={data} />
      <Section
        title="profile.orders"
        empty="profile.orders.empty"
        items={data.orders.map((o) => (
          <li key={o.id} className="profile__item">
            <a href={linkTo(site, `/order/${o.id}`)}>
              {t(`profile.orders.kind.${o.kind}`, { number: o.number, date: date(o.createdAt) })}
            </a>
            : {t(o.status)}
            {o.pay || o.actions.length ? (
              <span className="profile__actions">
                {o.pay ? (
                  <a className="button button--primary" href={linkTo(site, `/order/result-confirmation/${o.id}`)}>
                    {t('profile.orders.pay')}
                  </a>
                ) : null}
                {o.actions.map((a) => (
                  <a
                    key={a.event}
                    className="button"
                    href={`${linkTo(site, `/order/${o.id}`, { query: `confirm=${a.event}` })}#confirm`}
                  >
                    {t(a.label)}
                  </a>
                ))}
              </span>
            ) : null}
          </li>
        ))}
      />
      <Section
        title="profile.quotes"
        empty="profile.quotes.empty"
        items={data.quotes.map((q) => (
          <li key={q.id} className="profile__item">
            {q.offer
              ? t('profile.quotes.offer', { date: date(q.createdAt), amount: formatMoney(q.offer, site.locale) })
              : t('profile.quotes.item', { date: date(q.createdAt) })}
            {q.offerNote ? ` ${q.offerNote}` : ''}{' '}
            <a href={linkTo(site, `/configurator/overview/${q.configurationId}`)}>{t('profile.quotes.open')}</a>
          </li>
        ))}
      />
      <Section
        title="profile.tradeIns"
        empty="profile.tradeIns.empty"
        items={data.valuations.map((v) => (
          <li key={v.id} className="profile__item">
            <a href={linkTo(site, `/trade-in/result/${v.id}`)}>
              {t('profile.tradeIns.item', {
                car: v.car,
                plate: v.plate,
                estimate: formatMoney(v.estimate, site.locale),
                date: date(v.createdAt),
              })}
            </a>
            {v.withOrder ? <> ({t('profile.tradeIns.withOrder')})</> : null}
            {v.final ? (
              <p>
                {t('profile.tradeIns.final', {
                  amount: formatMoney(v.final.value, site.locale),
                  date: formatDate(v.final.validUntil, site.locale),
                })}
              </p>
            ) : null}
          </li>
        ))}
      />
      <Section
        title="profile.testDrives"
        empty="profile.testDrives.empty"
        items={data.testDrives.map((b) => (
          <li key={b.id}>
            <a href={linkTo(site, '/test-drive-result', { query: `booking=${b.id}` })}>{slotWhen(b)}</a>: {t(b.status)}
            {BOOK_AGAIN.includes(b.status) ? (
              <>
                {' '}
                <a href={linkTo(site, '/test-drive')}>{t('profile.testDrives.again')}</a>
              </>
            ) : null}
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
          <li>
            <a className="button" href={linkTo(site, '/home-charger')}>
              {t('charger.heading')}
            </a>
          </li>
          <li>
            <a className="button" href={linkTo(site, '/subscription')}>
              {t('subscription.heading')}
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
  if (ctx.form.intent === 'resendConfirmation') {
    const sent = await ctx.session.resendEmailConfirmation({
      locale: ctx.site.locale,
      confirmPath: linkTo(ctx.site, '/auth/confirm-email'),
    })
    if (sent === 'throttled') {
      const data = await loadProfile(ctx, user)
      data.message = { kind: 'error', key: 'auth.error.throttled' }
      return { status: 429 as const, data }
    }
    return { redirect: linkTo(ctx.site, '/user-center/profile', { query: 'confirmation=sent' }) }
  }
  if (ctx.form.intent === 'watchBuild' || ctx.form.intent === 'unwatchBuild') {
    const build = (await loadGarage(ctx, user)).find((b) => b.id === ctx.form.build)
    // Only the owner's own builds, priced today on this site.
    if (!build?.today) throw new PageError('noRecord', 404)
    if (ctx.form.intent === 'watchBuild') {
      await ctx.store.priceWatches.watch(user.id, build.id, build.today.amount, build.today.currency, new Date())
    } else {
      await ctx.store.priceWatches.unwatch(user.id, build.id)
    }
    return { redirect: linkTo(ctx.site, '/user-center/profile') }
  }
  if (ctx.form.intent === 'deleteBuild') {
    // Only the owner's own build is removed; anyone else's id changes nothing and reads as not found.
    const removed = await ctx.store.customerRecords.removeBuild(user.id, ctx.form.build ?? '')
    if (!removed) throw new PageError('noRecord', 404)
    return { redirect: linkTo(ctx.site, '/user-center/profile', { query: 'deleted=build' }) }
  }
  const data = await loadProfile(ctx, user)
  data.values = { name: ctx.form.name ?? '', email: ctx.form.email ?? '', phone: ctx.form.phone ?? '' }
  data.message = null
  const parsed = ProfileForm.safeParse(ctx.form)
  if (!parsed.success) {
    data.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  // A new address only replaces the old one once the link sent to it is opened; the old one is told. Whether the new
  // address belongs to another account is not said here (only the link's owner learns it).
  const newEmail = parsed.data.email.toLowerCase() !== user.email.toLowerCase()
  if (newEmail) {
    const change = await ctx.session.requestEmailChange({
      email: parsed.data.email,
      locale: ctx.site.locale,
      confirmPath: linkTo(ctx.site, '/auth/confirm-email'),
    })
    if (change === 'throttled') {
      data.message = { kind: 'error', key: 'auth.error.throttled' }
      return { status: 429 as const, data }
    }
  }
  const outcome = await ctx.session.updateProfile({ ...parsed.data, email: user.email })
  if (outcome === 'ok') {
    return { redirect: linkTo(ctx.site, '/user-center/profile', { query: newEmail ? 'email=sent' : 'saved=1' }) }
  }
  return { redirect: linkTo(ctx.site, '/auth') }
}

/** `/user-center/profile`: the visitor's details and what they saved, ordered and booked. Forced login. */
export default defineRoute<ProfileData>({
  id: 'profile',
  path: '/user-center/profile',
  label: null,
  namespaces: [
    'page.profile',
    'profile',
    'auth.field',
    'field',
    'validation',
    'page.home.cta',
    'configurator.picture',
    'testDrive.result',
  ],
  indexable: false,
  auth: 'required',
  load: async (ctx) => {
    // auth: 'required' guarantees a user here.
    const user = ctx.session.user as Account
    return loadProfile(ctx, user)
  },
  action,
  meta: () => ({ title: 'page.profile.heading', description: 'page.profile.lead' }),
  Page: ProfilePage,
})
