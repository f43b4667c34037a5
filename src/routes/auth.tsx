import type { ReactNode } from 'react'
import { fieldProblems, SignInForm, SignUpForm } from '../domain/account/forms'
import { safeRedirectPath } from '../domain/redirect'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { ErrorSummary, Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { NewPasswordField } from './helpers/new-password-field'
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

/** The two forms of the page: the id their fields and errors go by, their heading and their button. */
const FORMS = {
  signIn: { id: 'sign-in', heading: 'auth.signIn.heading', submit: 'auth.signIn.submit' },
  signUp: { id: 'sign-up', heading: 'auth.signUp.heading', submit: 'auth.signUp.submit' },
} as const satisfies Record<string, { id: string; heading: MessageKey; submit: MessageKey }>

/** A sign-in or sign-up form: its heading, the last try's message and errors, its fields, its button, what follows. */
function AuthForm(props: { intent: keyof typeof FORMS; data: AuthData; children: ReactNode; after?: ReactNode }) {
  const t = useT()
  const { id, heading, submit } = FORMS[props.intent]
  const { message, errors } = props.data[props.intent]
  return (
    <form className="form card" method="post" noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(heading)}</h2>
      {message ? <FormMessage kind="error">{t(message)}</FormMessage> : null}
      <ErrorSummary form={id} errors={errors} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="frontRedirect" value={props.data.frontRedirect} />
      {props.children}
      <button className="button button--primary" type="submit">
        {t(submit)}
      </button>
      {props.after}
    </form>
  )
}

function AuthPage({ data }: { data: AuthData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="page.auth.heading" lead="page.auth.lead">
      <div className="auth">
        <AuthForm
          intent="signIn"
          data={data}
          after={
            <p>
              <a href={linkTo(site, '/auth/reset')}>{t('auth.forgotPassword')}</a>
            </p>
          }
        >
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
        </AuthForm>
        <AuthForm intent="signUp" data={data}>
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
          <NewPasswordField form="sign-up" label="auth.field.password" errors={data.signUp.errors} />
        </AuthForm>
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
