import { useAtomValue } from 'jotai'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { userInfoAtom } from './atoms'
import { useT } from './intl-context'
import { KeptHtml } from './KeptHtml'
import { Logo } from './Logo'
import { type PageBuild, useSiteContext } from './site-context'

/**
 * The account area of SPEC §2: anonymous visitors get a sign-in link that comes back to this page;
 * signed-in ones a menu titled "My Nordvolt" with the account link (not on Iceland) and sign-out.
 * Sites without a user menu (DE, FR, TH, BE, LU, AT) show neither. The menu is a disclosure, so it
 * works without JavaScript. In the phone menu (`inMenu`) the same links are plain rows of the menu.
 */
function AccountArea({ inMenu = false }: { inMenu?: boolean }) {
  const t = useT()
  const { site, page } = useSiteContext()
  const userInfo = useAtomValue(userInfoAtom)
  if (!site.showUserMenu) return null
  if (!userInfo.id) {
    const signIn = linkTo(site, '/auth', { query: new URLSearchParams({ frontRedirect: page.url }) })
    return inMenu ? (
      <div className="header__menu-account">
        <a href={signIn}>{t('header.signIn')}</a>
      </div>
    ) : (
      <a className="header__account header__sign-in" href={signIn}>
        {t('header.signIn')}
      </a>
    )
  }
  if (inMenu)
    return (
      <div className="header__menu-account">
        <p className="header__menu-group">{t('header.myBrand')}</p>
        {site.showAccountLink ? <a href={linkTo(site, '/user-center/profile')}>{t('header.account')}</a> : null}
        <a href={userInfo.logoutUrl ?? linkTo(site, '/auth/logout')}>{t('header.signOut')}</a>
      </div>
    )
  return (
    <details className="header__account user-menu">
      <summary>{t('header.myBrand')}</summary>
      <ul className="user-menu__list">
        {site.showAccountLink ? (
          <li>
            <a href={linkTo(site, '/user-center/profile')}>{t('header.account')}</a>
          </li>
        ) : null}
        <li>
          <a href={userInfo.logoutUrl ?? linkTo(site, '/auth/logout')}>{t('header.signOut')}</a>
        </li>
      </ul>
    </details>
  )
}

/**
 * The configurator and test-drive links of a page about a car (SiteContext.build): the same car, in the address
 * (`nofollow`: every build is a page for a crawler) or as the saved build; otherwise the model as it comes.
 */
export function carLinks(site: Pick<Site, 'prefix'>, build: PageBuild | null) {
  if (build && 'savedId' in build)
    return {
      configure: { href: linkTo(site, `/configurator/${build.savedId}`), nofollow: false, keeps: false },
      testDrive: {
        href: linkTo(site, `/configurator/test-drive-submission/${build.savedId}`),
        nofollow: false,
        keeps: false,
      },
    }
  // The model as it comes has an empty query: plain links, which still follow the car chosen in the browser.
  if (build)
    return {
      configure: {
        href: linkTo(site, '/configurator/p5', { query: build.query }),
        nofollow: Boolean(build.query),
        keeps: true,
      },
      testDrive: {
        href: linkTo(site, '/test-drive/p5', { query: build.query }),
        nofollow: Boolean(build.query),
        keeps: true,
      },
    }
  return {
    configure: { href: linkTo(site, '/configurator/p5'), nofollow: false, keeps: false },
    testDrive: { href: linkTo(site, '/test-drive'), nofollow: false, keeps: false },
  }
}

/**
 * The main navigation's links: in the header row on desktop, in the menu on phones. The browser keeps them as the
 * server wrote them (NavBar); a link with the build in its address is marked `data-keeps-build`, so the configurator
 * moves it along to the car on the page (use-visit-build.ts).
 */
function NavLinks() {
  const t = useT()
  const { site, build } = useSiteContext()
  const { configure, testDrive } = carLinks(site, build ?? null)
  return (
    <>
      <a
        href={configure.href}
        rel={configure.nofollow ? 'nofollow' : undefined}
        data-keeps-build={configure.keeps ? '' : undefined}
      >
        {t('header.nav.configure')}
      </a>
      <a
        href={testDrive.href}
        rel={testDrive.nofollow ? 'nofollow' : undefined}
        data-keeps-build={testDrive.keeps ? '' : undefined}
      >
        {t('header.nav.testDrive')}
      </a>
      <a href={linkTo(site, '/quick-delivery')}>{t('header.nav.quickDelivery')}</a>
      <a href={linkTo(site, '/marketing')}>{t('header.nav.discover')}</a>
    </>
  )
}

/** A navigation landmark of NavLinks: rendered by the server, kept as it came by the browser (KeptHtml). */
function NavBar({ className, label }: { className?: string; label: string }) {
  if (!import.meta.env.SSR) return <KeptHtml as="nav" className={className} aria-label={label} />
  return (
    <nav className={className} aria-label={label}>
      <NavLinks />
    </nav>
  )
}

/**
 * Site header: the logo links to the site's root; main navigation; the account area. On phones
 * (≤ 750 px) the navigation sits behind a menu button, a `<details>` disclosure, so it opens
 * without JavaScript and by keyboard (Enter or Space on the button); on desktop it is a row. CSS
 * shows one of the two, so only one navigation landmark is ever present.
 */
export function Header() {
  const t = useT()
  const { site, page } = useSiteContext()
  return (
    <header className="header">
      <div className="header__inner">
        <a className="header__logo" href={linkTo(site, '/')} aria-label={t('header.homeLabel')}>
          <Logo />
        </a>
        <NavBar className="header__nav" label={t('header.navLabel')} />
        {page.grayTag ? <span className="header__preview">{t('header.preview')}</span> : null}
        <AccountArea />
        <details className="header__menu">
          <summary className="header__menu-button">
            <svg className="header__menu-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path className="header__menu-open" d="M3 6h18M3 12h18M3 18h18" />
              <path className="header__menu-close" d="M5 5l14 14M19 5L5 19" />
            </svg>
            <span>{t('header.menu')}</span>
          </summary>
          <div className="header__menu-panel">
            <NavBar label={t('header.menu')} />
            <AccountArea inMenu />
          </div>
        </details>
      </div>
    </header>
  )
}
