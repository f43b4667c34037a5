import { type Consent, consentFrom } from '../domain/analytics/consent'
import { ConsentForm } from '../domain/analytics/consent-schema'
import { safeRedirectPath } from '../domain/redirect'
import { formatDate } from '../i18n/dates'
import { linkTo } from '../i18n/links'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { type ActionContext, type ActionResult, defineRoute, PageError } from './route'

/** Where the banner and this page post the visitor's choice (this route's action). */
export const COOKIE_SETTINGS_PATH = '/cookie-settings'

interface CookieSettingsData {
  consent: Consent | null
  /** The page to go back to after saving: same-origin path only. */
  returnTo: string
  /** In the app that asks for consent itself: the choice is shown, and changed in the app, not here. */
  byApp: boolean
}

function CookieSettingsPage({ data }: { data: CookieSettingsData }) {
  const t = useT()
  const state = (on: boolean) => t(on ? 'consent.state.on' : 'consent.state.off')
  return (
    <article className="page consent-settings">
      <h1 className="page__heading">{t('consent.page.title')}</h1>
      <p className="page__lead">{t('consent.page.lead')}</p>
      {data.byApp ? (
        <p className="consent-settings__current" role="status">
          {t('consent.app.managed')}{' '}
          {data.consent
            ? t('consent.app.current', {
                analytics: state(data.consent.analytics),
                marketing: state(data.consent.marketing),
              })
            : t('consent.none')}
        </p>
      ) : (
        <CookieSettingsForm data={data} />
      )}
    </article>
  )
}

/** The current choice and the form that changes it. */
function CookieSettingsForm({ data }: { data: CookieSettingsData }) {
  const t = useT()
  const { site } = useSiteContext()
  const state = (on: boolean) => t(on ? 'consent.state.on' : 'consent.state.off')
  const groups = [
    { id: 'analytics', checked: data.consent?.analytics ?? false },
    { id: 'marketing', checked: data.consent?.marketing ?? false },
  ] as const
  return (
    <>
      <p className="consent-settings__current" role="status">
        {data.consent
          ? t('consent.current', {
              date: formatDate(data.consent.date, site.locale),
              analytics: state(data.consent.analytics),
              marketing: state(data.consent.marketing),
            })
          : t('consent.none')}
      </p>
      <form className="form card" method="post" action={linkTo(site, COOKIE_SETTINGS_PATH)}>
        <input type="hidden" name="return" value={data.returnTo} />
        <fieldset className="consent-settings__groups">
          <legend>{t('consent.page.groups')}</legend>
          <div className="field field--check">
            <input
              id="consent-necessary"
              type="checkbox"
              checked
              disabled
              aria-describedby="consent-necessary-description"
            />
            <label htmlFor="consent-necessary">
              {t('consent.group.necessary.name')} ({t('consent.alwaysOn')})
            </label>
            <p id="consent-necessary-description" className="field__hint">
              {t('consent.group.necessary.description')}
            </p>
          </div>
          {groups.map((group) => (
            <div className="field field--check" key={group.id}>
              <input
                id={`consent-${group.id}`}
                name={group.id}
                type="checkbox"
                defaultChecked={group.checked}
                aria-describedby={`consent-${group.id}-description`}
              />
              <label htmlFor={`consent-${group.id}`}>{t(`consent.group.${group.id}.name`)}</label>
              <p id={`consent-${group.id}-description`} className="field__hint">
                {t(`consent.group.${group.id}.description`)}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="consent__actions">
          <button className="button button--primary" type="submit" name="choice" value="save">
            {t('consent.save')}
          </button>
          <button className="button" type="submit" name="choice" value="acceptAll">
            {t('consent.acceptAll')}
          </button>
          <button className="button" type="submit" name="choice" value="rejectAll">
            {t('consent.rejectAll')}
          </button>
        </div>
      </form>
    </>
  )
}

/**
 * The banner's or this page's choice: recorded in the consent cookie, and the visitor goes back (303) to the page
 * they came from. A form that is not the consent form is refused with the consent page's own words, and so is any
 * choice in the app that asks for consent itself.
 */
async function chooseConsent(ctx: ActionContext): Promise<ActionResult<CookieSettingsData>> {
  // The app that asks for consent itself keeps the choice: the page never records another.
  if (ctx.app?.consentByApp)
    throw new PageError('conflict', 409, { title: 'consent.error.title', message: 'consent.app.managed' })
  const parsed = ConsentForm.safeParse(ctx.form)
  if (!parsed.success)
    throw new PageError('unexpected', 400, { title: 'consent.error.title', message: 'consent.error.invalid' })
  const form = parsed.data
  const choice =
    form.choice === 'save'
      ? { kind: 'save' as const, analytics: form.analytics === 'on', marketing: form.marketing === 'on' }
      : { kind: form.choice }
  ctx.chooseConsent(consentFrom(choice, new Date()))
  return { redirect: safeRedirectPath(form.return, linkTo(ctx.site, '/')) }
}

/**
 * `/cookie-settings`: the consent settings as a page, so they work without JavaScript; reached from
 * the banner and from the footer on every page. The form posts to the same address.
 */
export default defineRoute<CookieSettingsData>({
  id: 'cookieSettings',
  path: COOKIE_SETTINGS_PATH,
  label: null,
  namespaces: ['consent'],
  indexable: false,
  refusedPost: { title: 'consent.error.title', message: 'consent.error.forbidden' },
  action: chooseConsent,
  load: async (ctx) => ({
    consent: ctx.consent,
    returnTo: safeRedirectPath(ctx.url.searchParams.get('return'), linkTo(ctx.site, '/')),
    byApp: ctx.app?.consentByApp === true,
  }),
  meta: () => ({ title: 'consent.page.title', description: 'consent.page.description' }),
  Page: CookieSettingsPage,
})
