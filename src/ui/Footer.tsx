import { linkTo } from '../i18n/links'
import { alternateSites, SITE_ENDONYMS } from '../i18n/sites'
import { useT } from './intl-context'
import { useRenderContext } from './site-context'

/**
 * Footer with legal links and the country/language chooser. The chooser is a disclosure of plain
 * links to the same page on each other site, so it works without JavaScript.
 */
export function Footer() {
  const t = useT()
  const { site, rest, query } = useRenderContext()
  const cookieSettings = linkTo(site, '/cookie-settings', {
    query: new URLSearchParams({ return: linkTo(site, rest, { query }) }),
  })
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label={t('footer.legalLabel')}>
          <a href={linkTo(site, '/find-my-order')}>{t('findOrder.heading')}</a>
          <a href={linkTo(site, '/terms-conditions')}>{t('footer.terms')}</a>
          <a href={linkTo(site, '/policy')}>{t('footer.privacy')}</a>
          <a href={linkTo(site, '/user-agreement')}>{t('footer.userAgreement')}</a>
          <a href={cookieSettings}>{t('consent.footer.link')}</a>
        </nav>
        <details className="chooser">
          <summary>
            {/* One flex item, so the space after the colon is kept ("Land en taal: Nederland"). */}
            <span>
              {t('footer.chooseSite')}: <span lang={site.locale}>{SITE_ENDONYMS[site.prefix]}</span>
            </span>
          </summary>
          <ul className="chooser__list">
            {alternateSites().map((other) => (
              <li key={other.prefix}>
                <a
                  href={linkTo(other, rest)}
                  hrefLang={other.locale}
                  lang={other.locale}
                  aria-current={other.prefix === site.prefix ? 'true' : undefined}
                >
                  {SITE_ENDONYMS[other.prefix]}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <p className="footer__copy">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  )
}
