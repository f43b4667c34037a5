import type { ReactNode } from 'react'
import { Footer } from './Footer'
import { Header } from './Header'
import { useT } from './intl-context'

/** Page frame: skip link, header, main landmark, footer. Mobile/desktop is CSS (≤ 750 px). */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  )
}
