import { z } from 'zod'
import { type Account, hasRole } from '../domain/account/account'
import { COUNTRY_CODES } from '../domain/catalog/markets'
import { formatDateTime } from '../i18n/dates'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { RoleEvent, StaffMember } from '../store/roles'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { SubmitOrBack } from './helpers/submit-or-back'
import { type ActionContext, type ActionResult, defineRoute, type LoadContext, PageError } from './route'

/** The countries staff can belong to: every country site (the global site sells nothing). */
const STAFF_COUNTRIES = COUNTRY_CODES.filter((c) => c !== 'GLOBAL')

interface AdminData {
  staff: StaffMember[]
  events: (Omit<RoleEvent, 'at'> & { at: string })[]
  /** The staff member whose access is being revoked (`?confirm=revoke&user=`). */
  confirmRevoke: StaffMember | null
  values: { email: string; country: string; note: string }
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
}

const note = z.string().trim().max(500, 'invalid').default('')
const GrantForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(254, 'invalid')
    .pipe(z.email({ message: 'invalid' })),
  country: z.enum(STAFF_COUNTRIES, { message: 'select' }),
  note,
})
const RevokeForm = z.object({ userId: z.string().min(1).max(64), note })

/** Only admins; anyone else gets the not-found page, as if there were none. */
function adminOf(ctx: LoadContext): Account {
  const user = ctx.session.user
  if (!user || !hasRole(user, 'admin')) throw new PageError('notFound', 404)
  return user
}

async function loadAdmin(ctx: LoadContext): Promise<AdminData> {
  adminOf(ctx)
  const [staff, events] = await Promise.all([ctx.store.roles.staff(), ctx.store.roles.events()])
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  const revoking = ctx.url.searchParams.get('confirm') === 'revoke' ? ctx.url.searchParams.get('user') : null
  const saved = ctx.url.searchParams.get('saved')
  return {
    staff,
    events: events.map((e) => ({ ...e, at: when(e.at) })),
    confirmRevoke: staff.find((s) => s.id === revoking) ?? null,
    values: { email: '', country: ctx.site.countryCode === 'GLOBAL' ? '' : ctx.site.countryCode, note: '' },
    errors: {},
    message:
      saved === 'grant'
        ? { kind: 'success', key: 'admin.granted' }
        : saved === 'revoke'
          ? { kind: 'success', key: 'admin.revoked' }
          : null,
  }
}

function NoteField({ id, value }: { id: string; value: string }) {
  const t = useT()
  return (
    <div className="field">
      <label htmlFor={id}>{t('admin.note')}</label>
      <input id={id} name="note" type="text" defaultValue={value} maxLength={500} autoComplete="off" />
    </div>
  )
}

function AdminPage({ data }: { data: AdminData }) {
  const t = useT()
  const { site } = useSiteContext()
  const here = linkTo(site, '/admin')
  return (
    <ShellPage heading="page.admin.heading" lead="page.admin.lead">
      {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
      <form className="form card" method="post" action={here} noValidate aria-labelledby="admin-grant">
        <h2 id="admin-grant">{t('admin.grant.heading')}</h2>
        <input type="hidden" name="intent" value="grant" />
        <Field
          form="admin"
          name="email"
          type="email"
          label="auth.field.email"
          value={data.values.email}
          autoComplete="off"
          required
          errors={data.errors}
        />
        <div className="field">
          <label htmlFor="admin-country">{t('admin.field.country')}</label>
          <select
            id="admin-country"
            name="country"
            defaultValue={data.values.country}
            aria-invalid={data.errors.country ? 'true' : undefined}
            aria-describedby={data.errors.country ? 'admin-country-error' : undefined}
          >
            <option value="">–</option>
            {STAFF_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          {data.errors.country ? (
            <p id="admin-country-error" className="field__error">
              {t(data.errors.country.key, { label: t('admin.field.countryLabel') })}
            </p>
          ) : null}
        </div>
        <NoteField id="admin-grant-note" value={data.values.note} />
        <button className="button button--primary" type="submit">
          {t('admin.grant.submit')}
        </button>
      </form>
      <section aria-labelledby="admin-staff">
        <h2 id="admin-staff">{t('admin.staff.heading')}</h2>
        {data.staff.length === 0 ? <p>{t('admin.staff.empty')}</p> : null}
        <ul className="profile__section">
          {data.staff.map((member) => (
            <li key={member.id} className="profile__item">
              {member.name} ({member.email}), {member.country ?? '–'},{' '}
              <span className={member.confirmed ? undefined : 'field__error'}>
                {t(member.confirmed ? 'admin.staff.confirmed' : 'admin.staff.unconfirmed')}
              </span>{' '}
              {data.confirmRevoke?.id === member.id ? (
                <form method="post" action={here} className="form card" id="confirm">
                  <p>{t('admin.revoke.confirm', { email: member.email })}</p>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="userId" value={member.id} />
                  <NoteField id="admin-revoke-note" value="" />
                  <div className="form-actions">
                    <SubmitOrBack submit="admin.revoke.yes" back="admin.cancel" backTo={here} />
                  </div>
                </form>
              ) : (
                <a
                  className="button"
                  href={`${linkTo(site, '/admin', { query: `confirm=revoke&user=${member.id}` })}#confirm`}
                >
                  {t('admin.revoke')}
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="admin-events">
        <h2 id="admin-events">{t('admin.events.heading')}</h2>
        {data.events.length === 0 ? (
          <p>{t('staff.audit.empty')}</p>
        ) : (
          <div className="compare__scroll">
            <table className="staff">
              <thead>
                <tr>
                  <th scope="col">{t('staff.audit.when')}</th>
                  <th scope="col">{t('staff.audit.who')}</th>
                  <th scope="col">{t('staff.audit.action')}</th>
                  <th scope="col">{t('admin.account')}</th>
                  <th scope="col">{t('admin.field.country')}</th>
                  <th scope="col">{t('admin.note')}</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e.id}>
                    <td>{e.at}</td>
                    <td>{`${e.actorName} (${e.actorEmail})`}</td>
                    <td>{t(e.action === 'grant' ? 'admin.action.grant' : 'admin.action.revoke')}</td>
                    <td>{e.targetEmail}</td>
                    <td>{e.country ?? '–'}</td>
                    <td>{e.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ShellPage>
  )
}

const PROBLEMS: Record<string, MessageKey> = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  select: 'validation.select',
}

async function action(ctx: ActionContext): Promise<ActionResult<AdminData>> {
  const admin = adminOf(ctx)
  const now = new Date()
  if (ctx.form.intent === 'revoke') {
    const parsed = RevokeForm.safeParse(ctx.form)
    if (!parsed.success) throw new PageError('noRecord', 404)
    const outcome = await ctx.store.roles.revokeStaff({ actorId: admin.id, ...parsed.data, now })
    if (outcome === 'notStaff') throw new PageError('noRecord', 404)
    return { redirect: linkTo(ctx.site, '/admin', { query: 'saved=revoke' }) }
  }
  const data = await loadAdmin(ctx)
  data.values = { email: ctx.form.email ?? '', country: ctx.form.country ?? '', note: ctx.form.note ?? '' }
  const parsed = GrantForm.safeParse(ctx.form)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'email')
      data.errors[field] ??= {
        key: PROBLEMS[issue.message] ?? (field === 'country' ? 'validation.select' : 'validation.invalid'),
        label: field === 'email' ? 'field.email' : 'admin.field.countryLabel',
      }
    }
    return { status: 422, data }
  }
  const outcome = await ctx.store.roles.grantStaff({ actorId: admin.id, ...parsed.data, now })
  if (outcome === 'noAccount' || outcome === 'unconfirmed') {
    data.errors = { email: { key: outcome === 'noAccount' ? 'admin.error.noAccount' : 'admin.error.unconfirmed' } }
    return { status: 422, data }
  }
  if (outcome === 'changed') {
    data.message = { kind: 'error', key: 'admin.error.changed' }
    return { status: 409, data }
  }
  return { redirect: linkTo(ctx.site, '/admin', { query: 'saved=grant' }) }
}

/**
 * `/admin`: an admin grants staff access of a country to an account, or revokes it (after a question), each with an
 * optional note; every change is listed with who, when and why. Anyone but an admin gets the not-found page. Admins
 * themselves are made with `npm run staff:admin`.
 */
export default defineRoute<AdminData>({
  id: 'admin',
  path: '/admin',
  label: null,
  namespaces: ['page.admin', 'admin', 'staff.audit', 'auth.field', 'field', 'validation'],
  indexable: false,
  auth: 'required',
  load: loadAdmin,
  action,
  meta: () => ({ title: 'page.admin.heading', description: 'page.admin.lead' }),
  Page: AdminPage,
})
