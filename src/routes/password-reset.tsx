import { fieldProblems, PasswordResetForm, PasswordResetRequestForm } from '../domain/account/forms'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { NewPasswordField } from './helpers/new-password-field'
import { type ActionContext, defineRoute } from './route'

interface ResetData {
  /** 'request': ask for a link; 'choose': a usable link, pick a new password. */
  step: 'request' | 'choose'
  token: string
  email: string
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
}

const LABELS: Record<string, MessageKey> = { email: 'field.email', password: 'field.newPassword' }

async function requestStep(message: ResetData['message'] = null): Promise<ResetData> {
  return { step: 'request', token: '', email: '', errors: {}, message }
}

function ResetPage({ data }: { data: ResetData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (data.step === 'choose') {
    return (
      <ShellPage heading="reset.choose.heading" lead="reset.choose.lead">
        <form className="form card" method="post" noValidate aria-labelledby="reset-choose-title">
          <h2 id="reset-choose-title" className="visually-hidden">
            {t('reset.choose.heading')}
          </h2>
          {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={data.token} />
          <NewPasswordField form="reset" label="reset.field.password" errors={data.errors} />
          <button className="button button--primary" type="submit">
            {t('reset.choose.submit')}
          </button>
        </form>
      </ShellPage>
    )
  }
  return (
    <ShellPage heading="page.reset.heading" lead="page.reset.lead">
      <form className="form card" method="post" noValidate aria-labelledby="reset-request-title">
        <h2 id="reset-request-title" className="visually-hidden">
          {t('page.reset.heading')}
        </h2>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <input type="hidden" name="intent" value="request" />
        <Field
          form="reset"
          name="email"
          type="email"
          label="auth.field.email"
          value={data.email}
          autoComplete="email"
          required
          errors={data.errors}
        />
        <button className="button button--primary" type="submit">
          {t('reset.request.submit')}
        </button>
      </form>
      <p>
        <a href={linkTo(site, '/auth')}>{t('auth.signIn.heading')}</a>
      </p>
    </ShellPage>
  )
}

async function action(ctx: ActionContext) {
  const { form } = ctx
  if (form.intent === 'reset') {
    const data: ResetData = { ...(await requestStep()), step: 'choose', token: form.token ?? '' }
    const parsed = PasswordResetForm.safeParse(form)
    if (!parsed.success) {
      const problems = fieldProblems(parsed.error)
      if (problems.some((p) => p.field === 'token'))
        return { status: 400 as const, data: await requestStep(invalidLink) }
      data.errors = fieldErrors(problems, LABELS)
      return { status: 422 as const, data }
    }
    const outcome = await ctx.session.resetPassword({ ...parsed.data, locale: ctx.site.locale })
    if (outcome === 'ok') return { redirect: linkTo(ctx.site, '/user-center/profile', { query: 'password=changed' }) }
    if (outcome === 'throttled') {
      data.message = { kind: 'error', key: 'auth.error.throttled' }
      return { status: 429 as const, data }
    }
    return { status: 400 as const, data: await requestStep(invalidLink) }
  }
  const data = await requestStep()
  data.email = form.email ?? ''
  const parsed = PasswordResetRequestForm.safeParse(form)
  if (!parsed.success) {
    data.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  const outcome = await ctx.session.requestPasswordReset({
    email: parsed.data.email,
    locale: ctx.site.locale,
    resetPath: linkTo(ctx.site, '/auth/reset'),
  })
  if (outcome === 'throttled') {
    data.message = { kind: 'error', key: 'auth.error.throttled' }
    return { status: 429 as const, data }
  }
  return { redirect: linkTo(ctx.site, '/auth/reset', { query: 'sent=1' }) }
}

const invalidLink = { kind: 'error', key: 'reset.error.invalidLink' } as const

/**
 * `/auth/reset`: "forgot password". The form e-mails a single-use link that expires after 30 minutes, with the same
 * answer whether or not the address has an account; the link (`?token=`) opens the new-password form, and using it
 * signs out every other session. Expired, used and unknown links ask for a new one.
 */
export default defineRoute<ResetData>({
  id: 'passwordReset',
  path: '/auth/reset',
  label: null,
  namespaces: ['page.reset', 'reset', 'auth', 'field', 'validation'],
  indexable: false,
  load: async (ctx) => {
    const token = ctx.url.searchParams.get('token')
    if (token !== null) {
      if (!(await ctx.session.passwordResetOpen(token))) return requestStep(invalidLink)
      return { ...(await requestStep()), step: 'choose', token }
    }
    if (ctx.url.searchParams.get('sent') === '1') return requestStep({ kind: 'success', key: 'reset.sent' })
    return requestStep()
  },
  action,
  meta: (data) =>
    data.step === 'choose'
      ? { title: 'reset.choose.heading', description: 'reset.choose.lead' }
      : { title: 'page.reset.heading', description: 'page.reset.lead' },
  Page: ResetPage,
})
