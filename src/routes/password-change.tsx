import { fieldProblems, PasswordChangeForm } from '../domain/account/forms'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { NewPasswordField } from './helpers/new-password-field'
import { type ActionContext, defineRoute } from './route'

interface PasswordData {
  errors: FieldErrors
  message: MessageKey | null
}

const LABELS: Record<string, MessageKey> = { current: 'field.currentPassword', password: 'field.newPassword' }

async function emptyData(): Promise<PasswordData> {
  return { errors: {}, message: null }
}

function PasswordPage({ data }: { data: PasswordData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="page.password.heading" lead="page.password.lead">
      <form className="form card" method="post" noValidate aria-label={t('page.password.heading')}>
        {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
        <Field
          form="password"
          name="current"
          type="password"
          label="password.field.current"
          autoComplete="current-password"
          required
          errors={data.errors}
        />
        <NewPasswordField form="password" label="reset.field.password" errors={data.errors} />
        <button className="button button--primary" type="submit">
          {t('password.submit')}
        </button>
      </form>
      <p>
        <a href={linkTo(site, '/auth/reset')}>{t('auth.forgotPassword')}</a>
      </p>
    </ShellPage>
  )
}

async function action(ctx: ActionContext) {
  const data = await emptyData()
  const parsed = PasswordChangeForm.safeParse(ctx.form)
  if (!parsed.success) {
    data.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  const outcome = await ctx.session.changePassword({ ...parsed.data, locale: ctx.site.locale })
  if (outcome === 'ok') return { redirect: linkTo(ctx.site, '/user-center/profile', { query: 'password=changed' }) }
  if (outcome === 'signedOut') return { redirect: linkTo(ctx.site, '/auth') }
  if (outcome === 'throttled') {
    data.message = 'auth.error.throttled'
    return { status: 429 as const, data }
  }
  data.errors = { current: { key: 'password.error.wrong' } }
  return { status: 422 as const, data }
}

/**
 * `/user-center/password`: a signed-in customer changes their password, giving the current one. The other sessions
 * are signed out, this one stays, and the account's address gets an e-mail. Throttled per account and per client.
 */
export default defineRoute<PasswordData>({
  id: 'passwordChange',
  path: '/user-center/password',
  label: null,
  namespaces: ['page.password', 'password', 'reset.field', 'auth', 'field', 'validation'],
  indexable: false,
  auth: 'required',
  load: emptyData,
  action,
  meta: () => ({ title: 'page.password.heading', description: 'page.password.lead' }),
  Page: PasswordPage,
})
