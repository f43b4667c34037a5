import { fieldProblems, SignInForm, SignUpForm } from '../domain/account/forms'
import { safeRedirectPath } from '../domain/redirect'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { ErrorSummary, Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { type ActionContext, defineRoute, type LoadContext, PageError, PageRedirect } from './route'

interface AuthData {
  frontRedirect: string
  signIn: { email: string; errors: FieldErrors; message: MessageKey | null }
  signUp: { name: string; email: string; errors: FieldErrors; message: MessageKey | null }
}

const LABELS: Record<string, MessageKey> = { email: 'field.email', password: 'field.password', name: 'field.name' }

/** Where to go after signing in: a same-origin `frontRedirect`, else the site's home. */
function destination(ctx: LoadContext, raw: string | undefined): string {
  const home = linkTo(ctx.site, '/')
  return safeRedirectPath(raw, home, ctx.url)
}

async function emptyData(frontRedirect: string): Promise<AuthData> {
  return {
    frontRedirect,
    signIn: { email: '', errors: {}, message: null },
    signUp: { name: '', email: '', errors: {}, message: null },
  }
}

function AuthPage({ data }: { data: AuthData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="page.auth.heading" lead="page.auth.lead">
      <div className="auth">
        <form className="form card" method="post" noValidate aria-labelledby="sign-in-title">
          <h2 id="sign-in-title">{t('auth.signIn.heading')}</h2>
          {data.signIn.message ? <FormMessage kind="error">{t(data.signIn.message)}</FormMessage> : null}
          <ErrorSummary form="sign-in" errors={data.signIn.errors} />
          <input type="hidden" name="intent" value="signIn" />
          <input type="hidden" name="frontRedirect" value={data.frontRedirect} />
          <Field
            form="sign-in"
            name="email"
            type="email"
            label="auth.field.email"
            value={data.signIn.email}
            autoComplete="username"
            required
            errors={data.signIn.errors}
          />
          <Field
            form="sign-in"
            name="password"
            type="password"
            label="auth.field.password"
            autoComplete="current-password"
            required
            errors={data.signIn.errors}
          />
          <button className="button button--primary" type="submit">
            {t('auth.signIn.submit')}
          </button>
          <p>
            <a href={linkTo(site, '/auth/reset')}>{t('auth.forgotPassword')}</a>
          </p>
        </form>
        <form className="form card" method="post" noValidate aria-labelledby="sign-up-title">
          <h2 id="sign-up-title">{t('auth.signUp.heading')}</h2>
          {data.signUp.message ? <FormMessage kind="error">{t(data.signUp.message)}</FormMessage> : null}
          <ErrorSummary form="sign-up" errors={data.signUp.errors} />
          <input type="hidden" name="intent" value="signUp" />
          <input type="hidden" name="frontRedirect" value={data.frontRedirect} />
          <Field
            form="sign-up"
            name="name"
            label="auth.field.name"
            value={data.signUp.name}
            autoComplete="name"
            required
            errors={data.signUp.errors}
          />
          <Field
            form="sign-up"
            name="email"
            type="email"
            label="auth.field.email"
            value={data.signUp.email}
            autoComplete="email"
            required
            errors={data.signUp.errors}
          />
          <Field
            form="sign-up"
            name="password"
            type="password"
            label="auth.field.password"
            hint="auth.passwordHint"
            autoComplete="new-password"
            required
            errors={data.signUp.errors}
          />
          <button className="button button--primary" type="submit">
            {t('auth.signUp.submit')}
          </button>
        </form>
      </div>
    </ShellPage>
  )
}

async function action(ctx: ActionContext) {
  const { form } = ctx
  const data = await emptyData(form.frontRedirect ?? '')
  if (form.intent === 'signUp') {
    const parsed = SignUpForm.safeParse(form)
    data.signUp = { name: form.name ?? '', email: form.email ?? '', errors: {}, message: null }
    if (!parsed.success) {
      data.signUp.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
      return { status: 422 as const, data }
    }
    const outcome = await ctx.session.signUp({
      ...parsed.data,
      locale: ctx.site.locale,
      confirmPath: linkTo(ctx.site, '/auth/confirm-email'),
    })
    if (outcome === 'ok') return { redirect: destination(ctx, form.frontRedirect) }
    data.signUp.message = outcome === 'throttled' ? 'auth.error.throttled' : 'auth.error.taken'
    return { status: outcome === 'throttled' ? (429 as const) : (409 as const), data }
  }
  const parsed = SignInForm.safeParse(form)
  data.signIn = { email: form.email ?? '', errors: {}, message: null }
  if (!parsed.success) {
    data.signIn.errors = fieldErrors(fieldProblems(parsed.error), LABELS)
    return { status: 422 as const, data }
  }
  const outcome = await ctx.session.signIn(parsed.data)
  if (outcome === 'ok') return { redirect: destination(ctx, form.frontRedirect) }
  data.signIn.message =
    outcome === 'locked' ? 'auth.error.locked' : outcome === 'throttled' ? 'auth.error.throttled' : 'auth.error.invalid'
  return { status: outcome === 'invalid' ? (401 as const) : (429 as const), data }
}

/** `/auth`: sign in or create an account, then back to `frontRedirect` (same origin only). */
export default defineRoute<AuthData>({
  id: 'auth',
  path: '/auth',
  label: null,
  namespaces: ['page.auth', 'auth', 'field', 'validation'],
  indexable: false,
  load: async (ctx) => {
    const frontRedirect = ctx.url.searchParams.get('frontRedirect') ?? ''
    if (ctx.session.user) throw new PageRedirect(destination(ctx, frontRedirect))
    // The app that signs people in itself shows no web sign-in (SPEC §6): the page asks the app instead.
    if (ctx.app?.signInByApp) throw new PageError('signInInApp', 401)
    return emptyData(frontRedirect)
  },
  action: (ctx) => {
    if (ctx.app?.signInByApp) throw new PageError('signInInApp', 401)
    return action(ctx)
  },
  meta: () => ({ title: 'page.auth.heading', description: 'page.auth.lead' }),
  Page: AuthPage,
})
