import { z } from 'zod'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { type ActionContext, type ActionResult, defineRoute } from './route'

interface ConfirmData {
  /** A usable link: the confirmation button is shown. */
  token: string | null
  message: { kind: 'error' | 'success'; key: MessageKey } | null
}

const Token = z.string().min(1).max(200)
const DONE: Record<string, ConfirmData['message']> = {
  confirmed: { kind: 'success', key: 'confirmEmail.confirmed' },
  changed: { kind: 'success', key: 'confirmEmail.changed' },
}

function ConfirmPage({ data }: { data: ConfirmData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <article className="page">
      <h1 className="page__heading">{t('confirmEmail.heading')}</h1>
      {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
      {data.token ? (
        <form className="form card" method="post" aria-label={t('confirmEmail.heading')}>
          <p>{t('confirmEmail.lead')}</p>
          <input type="hidden" name="token" value={data.token} />
          <button className="button button--primary" type="submit">
            {t('confirmEmail.submit')}
          </button>
        </form>
      ) : (
        <p>
          <a className="button" href={linkTo(site, '/user-center/profile')}>
            {t('page.profile.heading')}
          </a>
        </p>
      )}
    </article>
  )
}

async function action(ctx: ActionContext): Promise<ActionResult<ConfirmData>> {
  const token = Token.safeParse(ctx.form.token)
  const outcome = token.success ? await ctx.session.confirmEmail(token.data) : 'invalid'
  if (outcome === 'confirmed' || outcome === 'changed') {
    return { redirect: linkTo(ctx.site, '/auth/confirm-email', { query: `done=${outcome}` }) }
  }
  if (outcome === 'throttled') {
    return {
      status: 429 as const,
      data: { token: null, message: { kind: 'error', key: 'auth.error.throttled' } },
    }
  }
  const key: MessageKey = outcome === 'taken' ? 'profile.error.emailTaken' : 'reset.error.invalidLink'
  return { status: 400 as const, data: { token: null, message: { kind: 'error', key } } }
}

/**
 * `/auth/confirm-email?token=`: the link e-mailed at sign-up (confirms the address) or to a new address (makes it the
 * account's). Opening the link shows a button; only the posted confirmation uses it, so a mail scanner that follows
 * links confirms nothing. Used, expired and unknown links say so.
 */
export default defineRoute<ConfirmData>({
  id: 'confirmEmail',
  path: '/auth/confirm-email',
  label: null,
  namespaces: ['confirmEmail', 'reset.error', 'auth.error', 'profile.error', 'page.profile'],
  indexable: false,
  load: async (ctx) => {
    const done = DONE[ctx.url.searchParams.get('done') ?? '']
    if (done) return { token: null, message: done }
    const token = Token.safeParse(ctx.url.searchParams.get('token'))
    if (token.success && (await ctx.session.emailConfirmationOpen(token.data))) {
      return { token: token.data, message: null }
    }
    return { token: null, message: { kind: 'error', key: 'reset.error.invalidLink' } }
  },
  action,
  meta: () => ({ title: 'confirmEmail.heading', description: 'confirmEmail.lead' }),
  Page: ConfirmPage,
})
