import { z } from 'zod'
import { ORDER_RETENTION_YEARS } from '../domain/privacy/erasure'
import { formatDateTime } from '../i18n/dates'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { Field, type FieldErrors, FormMessage } from '../ui/form'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { SubmitOrBack } from './helpers/submit-or-back'
import { type ActionContext, defineRoute, type LoadContext, PageRedirect } from './route'

interface PrivacyData {
  /** 'page': the three rights; 'confirm': the deletion question; 'deleted': the account is gone. */
  view: 'page' | 'confirm' | 'deleted'
  marketing: { granted: boolean; at: string | null }
  errors: FieldErrors
  message: { kind: 'error' | 'success'; key: MessageKey } | null
}

const PRIVACY_PATH = '/user-center/privacy'
const DeleteForm = z.object({ password: z.string().min(1, 'required').max(200, 'invalid') })

async function loadPrivacy(ctx: LoadContext, view: PrivacyData['view'] = 'page'): Promise<PrivacyData> {
  return {
    view,
    marketing: await ctx.session.marketingConsent(),
    errors: {},
    message: ctx.url.searchParams.get('saved') === '1' ? { kind: 'success', key: 'privacy.marketing.saved' } : null,
  }
}

function Deleted() {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="privacy.deleted.heading" lead="privacy.deleted.text" values={{ years: ORDER_RETENTION_YEARS }}>
      <p>
        <a className="button" href={linkTo(site, '/')}>
          {t('privacy.deleted.home')}
        </a>
      </p>
    </ShellPage>
  )
}

function ConfirmDelete({ data }: { data: PrivacyData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="privacy.delete.heading" lead="privacy.delete.text" values={{ years: ORDER_RETENTION_YEARS }}>
      <form className="form card" method="post" noValidate aria-label={t('privacy.delete.heading')}>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <p>{t('privacy.delete.confirm')}</p>
        <input type="hidden" name="intent" value="delete" />
        <Field
          form="delete"
          name="password"
          type="password"
          label="auth.field.password"
          autoComplete="current-password"
          required
          errors={data.errors}
        />
        <div className="form-actions">
          <SubmitOrBack submit="privacy.delete.yes" back="privacy.delete.cancel" backTo={linkTo(site, PRIVACY_PATH)} />
        </div>
      </form>
    </ShellPage>
  )
}

function PrivacyPage({ data }: { data: PrivacyData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (data.view === 'deleted') return <Deleted />
  if (data.view === 'confirm') return <ConfirmDelete data={data} />
  return (
    <article className="page profile">
      <h1 className="page__heading">{t('page.privacy.heading')}</h1>
      <p className="page__lead">{t('page.privacy.lead')}</p>
      <section className="card profile__section" aria-labelledby="privacy-export">
        <h2 id="privacy-export">{t('privacy.export.heading')}</h2>
        <p>{t('privacy.export.text')}</p>
        <a className="button" href={linkTo(site, `${PRIVACY_PATH}/export`)} download>
          {t('privacy.export.action')}
        </a>
      </section>
      <form className="form card profile__section" method="post" aria-labelledby="privacy-marketing">
        <h2 id="privacy-marketing">{t('privacy.marketing.heading')}</h2>
        {data.message ? <FormMessage kind={data.message.kind}>{t(data.message.key)}</FormMessage> : null}
        <input type="hidden" name="intent" value="marketing" />
        <div className="field field--check">
          <input
            id="privacy-marketing-consent"
            type="checkbox"
            name="marketing"
            value="yes"
            defaultChecked={data.marketing.granted}
          />
          <label htmlFor="privacy-marketing-consent">{t('privacy.marketing.label')}</label>
        </div>
        {data.marketing.at ? (
          <p className="field__hint">
            {t('privacy.marketing.since', {
              date: formatDateTime(new Date(data.marketing.at), site.locale, site.timeZone),
            })}
          </p>
        ) : null}
        <button className="button button--primary" type="submit">
          {t('privacy.marketing.save')}
        </button>
      </form>
      <section className="card profile__section" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{t('privacy.delete.heading')}</h2>
        <p>{t('privacy.delete.text', { years: ORDER_RETENTION_YEARS })}</p>
        <a className="button" href={linkTo(site, PRIVACY_PATH, { query: 'confirm=delete' })}>
          {t('privacy.delete.action')}
        </a>
      </section>
      <p>
        <a href={linkTo(site, '/policy')}>{t('privacy.policyLink')}</a>
      </p>
    </article>
  )
}

async function action(ctx: ActionContext) {
  if (!ctx.session.user) return { redirect: linkTo(ctx.site, '/auth') }
  if (ctx.form.intent === 'delete') {
    const data = await loadPrivacy(ctx, 'confirm')
    data.message = null
    const parsed = DeleteForm.safeParse(ctx.form)
    if (!parsed.success) {
      data.errors = { password: { key: 'validation.required', label: 'field.password' } }
      return { status: 422 as const, data }
    }
    const outcome = await ctx.session.deleteAccount(parsed.data.password)
    if (outcome === 'ok' || outcome === 'signedOut') {
      return { redirect: linkTo(ctx.site, PRIVACY_PATH, { query: 'deleted=1' }) }
    }
    if (outcome === 'throttled') {
      data.message = { kind: 'error', key: 'auth.error.throttled' }
      return { status: 429 as const, data }
    }
    data.errors = { password: { key: 'password.error.wrong' } }
    return { status: 422 as const, data }
  }
  if (ctx.form.intent === 'marketing') {
    await ctx.session.setMarketingConsent(ctx.form.marketing === 'yes')
    return { redirect: linkTo(ctx.site, PRIVACY_PATH, { query: 'saved=1' }) }
  }
  const data = await loadPrivacy(ctx)
  data.message = null
  return { status: 400 as const, data }
}

/**
 * `/user-center/privacy`: the customer's privacy rights. Download everything held about them as JSON
 * (`/user-center/privacy/export`), give or withdraw marketing consent, and delete the account (a confirmation step
 * with the password): personal data erased, orders kept anonymised for the bookkeeping period, signed out everywhere.
 */
export default defineRoute<PrivacyData>({
  id: 'privacy',
  path: PRIVACY_PATH,
  label: null,
  namespaces: ['page.privacy', 'privacy', 'auth', 'password', 'field', 'validation'],
  indexable: false,
  load: async (ctx) => {
    if (!ctx.session.user) {
      // Just deleted: the visitor is signed out, and the page says what happened.
      if (ctx.url.searchParams.get('deleted') === '1') return { ...(await loadPrivacy(ctx)), view: 'deleted' }
      const here = `${ctx.url.pathname}${ctx.url.search}`
      throw new PageRedirect(linkTo(ctx.site, '/auth', { query: `frontRedirect=${encodeURIComponent(here)}` }))
    }
    return loadPrivacy(ctx, ctx.url.searchParams.get('confirm') === 'delete' ? 'confirm' : 'page')
  },
  action,
  meta: (data) =>
    data.view === 'deleted'
      ? { title: 'privacy.deleted.heading', description: 'privacy.deleted.heading' }
      : { title: 'page.privacy.heading', description: 'page.privacy.lead' },
  Page: PrivacyPage,
})
