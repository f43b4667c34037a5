import { linkTo } from '../i18n/links'
import { alternateSites, SITE_ENDONYMS, type Site } from '../i18n/sites'
import { useT } from './intl-context'
import { type SiteContext, useSiteContext } from './site-context'

/**
 * Where the chooser sends a visitor on another site: the same page with the car it is about (a build in the address;
 * finance and the view stay behind, they are the country's own), or that site's home where the page does not exist
 * there (SiteContext.elsewhere). With the build's query, the link is `nofollow`: a crawler would otherwise follow
 * every car on every site; and it is marked `data-keeps-build`, so a page that changes its car in the browser moves
 * the link along (the footer itself is never re-rendered there: Layout keeps the server's).
 */
export function otherSiteLink(
  ctx: Pick<SiteContext, 'site' | 'rest' | 'elsewhere'>,
  other: Site,
  buildQuery: string | null,
): { href: string; nofollow: boolean; keepsBuild: boolean } {
  const home =
    ctx.elsewhere === 'home' || (ctx.elsewhere === 'sameCountry' && other.countryCode !== ctx.site.countryCode)
  if (home) return { href: linkTo(other, '/'), nofollow: false, keepsBuild: false }
  // The model as it comes (an empty query) links plainly, and still follows the car chosen in the browser.
  return {
    href: linkTo(other, ctx.rest, { query: buildQuery ?? '' }),
    nofollow: Boolean(buildQuery),
    keepsBuild: buildQuery !== null,
  }
}

/**
 * Footer with legal links and the country/language chooser. The chooser is a disclosure of plain
 * links to the same page on each other site, so it works without JavaScript.
 */
export function Footer() {
  const t = useT()
  const ctx = useSiteContext()
  const { site, rest, query } = ctx
  const build = ctx.build
  const buildQuery = build && 'query' in build ? build.query : null
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
          <a href={linkTo(site, '/accessibility')}>{t('footer.accessibility')}</a>
        </nav>
        <details className="chooser">
          <summary>
            {/* One flex item, so the space after the colon is kept ("Land en taal: Nederland"). */}
            <span>
              {t('footer.chooseSite')}: <span lang={site.locale}>{SITE_ENDONYMS[site.prefix]}</span>
            </span>
          </summary>
          <ul className="chooser__list">
            {alternateSites().map((other) => {
              const link = otherSiteLink(ctx, other, buildQuery)
              return (
                <li key={other.prefix}>
                  <a
                    href={link.href}
                    hrefLang={other.locale}
                    lang={other.locale}
                    rel={link.nofollow ? 'nofollow' : undefined}
                    data-keeps-build={link.keepsBuild ? '' : undefined}
                    aria-current={other.prefix === site.prefix ? 'true' : undefined}
                  >
                    {SITE_ENDONYMS[other.prefix]}
                  </a>
                </li>
              )
            })}
          </ul>
        </details>
        <p className="footer__copy">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  )
}
