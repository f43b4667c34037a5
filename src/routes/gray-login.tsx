import { fieldProblems, GrayLoginForm } from '../domain/account/forms'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { fieldErrors } from './form-errors'
import { defineRoute } from './route'

interface GrayData {
  errors: FieldErrors
  message: MessageKey | null
}

const empty = async (): Promise<GrayData> => ({
  errors: {},
  message: null,
})

function GrayLoginPage({ data }: { data: GrayData }) {
  const t = useT()
  const { page } = useSiteContext()
  return (
    <ShellPage heading="page.grayLogin.heading" lead="page.grayLogin.lead">
      {page.grayTag ? <FormMessage kind="success">{t('grayLogin.granted')}</FormMessage> : null}
      <form className="form card" method="post" noValidate aria-label={t('page.grayLogin.heading')}>
        {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
        <Field
          form="gray"
          name="code"
          type="password"
          label="grayLogin.field"
          autoComplete="one-time-code"
          required
          errors={data.errors}
        />
        <button className="button button--primary" type="submit">
          {t('grayLogin.submit')}
        </button>
      </form>
    </ShellPage>
  )
}

/** `/grayLogin`: the gray-release access code; success sets a signed cookie and grayTag. */
export default defineRoute<GrayData>({
  id: 'grayLogin',
  path: '/grayLogin',
  label: null,
  namespaces: ['page.grayLogin', 'grayLogin', 'field', 'validation'],
  indexable: false,
  load: empty,
  action: async (ctx) => {
    const data = await empty()
    const parsed = GrayLoginForm.safeParse(ctx.form)
    if (!parsed.success) {
      data.errors = fieldErrors(fieldProblems(parsed.error), { code: 'field.accessCode' })
      return { status: 422 as const, data }
    }
    const outcome = await ctx.session.grantGray(parsed.data.code)
    if (outcome === 'ok') return { redirect: linkTo(ctx.site, '/grayLogin') }
    data.message = outcome === 'throttled' ? 'auth.error.throttled' : 'grayLogin.invalid'
    return { status: outcome === 'throttled' ? (429 as const) : (401 as const), data }
  },
  meta: () => ({ title: 'page.grayLogin.heading', description: 'page.grayLogin.lead' }),
  Page: GrayLoginPage,
})
