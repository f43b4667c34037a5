import { linkTo } from '../i18n/links'
import { useT } from './intl-context'
import { Logo } from './Logo'
import { useRenderContext } from './site-context'

/**
 * Site header: the logo links to the site's root. The account area is a fixed slot on sites that
 * have a user menu (SPEC §2); sign-in and the menu itself arrive with accounts.
 */
export function Header() {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <header className="header">
      <div className="header__inner">
        <a className="header__logo" href={linkTo(site, '/')} aria-label={t('header.homeLabel')}>
          <Logo />
        </a>
        <nav className="header__nav" aria-label={t('header.navLabel')}>
          <a href={linkTo(site, '/configurator/p5')}>{t('header.nav.configure')}</a>
          <a href={linkTo(site, '/test-drive')}>{t('header.nav.testDrive')}</a>
          <a href={linkTo(site, '/marketing')}>{t('header.nav.discover')}</a>
        </nav>
        {site.showUserMenu ? <div className="header__account" data-slot="account" /> : null}
      </div>
    </header>
  )
}
