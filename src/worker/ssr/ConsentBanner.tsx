import type { IntlShape } from '@formatjs/intl'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import type { Site } from '../../i18n/sites'
import { COOKIE_SETTINGS_PATH } from '../../routes/cookie-settings'

/**
 * The cookie banner, shown until the visitor chooses. Server-only and outside `#app`, so it adds
 * nothing to any page's JavaScript and needs none: accept and reject are buttons of a form that
 * posts to /cookie-settings and comes back here; "Choose cookies" is a link to the settings page.
 * It is a labelled region at the end of the document, sticky at the bottom of the viewport: it
 * never moves the page's content, never covers the skip link or the heading at the top, and
 * scrolls into its own place below the footer.
 */
export function ConsentBanner({ intl, site, returnTo }: { intl: IntlShape<string>; site: Site; returnTo: string }) {
  const t = (id: MessageKey) => intl.formatMessage({ id })
  const settings = linkTo(site, COOKIE_SETTINGS_PATH, { query: new URLSearchParams({ return: returnTo }) })
  return (
    <section className="consent" aria-label={t('consent.banner.label')} aria-describedby="consent-text">
      <div className="consent__inner">
        <h2 id="consent-title" className="consent__title">
          {t('consent.banner.title')}
        </h2>
        <p id="consent-text" className="consent__text">
          {t('consent.banner.text')}
        </p>
        <form className="consent__actions" method="post" action={linkTo(site, COOKIE_SETTINGS_PATH)}>
          <input type="hidden" name="return" value={returnTo} />
          <button className="button button--primary" type="submit" name="choice" value="acceptAll">
            {t('consent.acceptAll')}
          </button>
          <button className="button button--primary" type="submit" name="choice" value="rejectAll">
            {t('consent.rejectAll')}
          </button>
          <a className="button" href={settings}>
            {t('consent.choose')}
          </a>
        </form>
      </div>
    </section>
  )
}
