import type { ReactNode } from 'react'
import { Footer } from './Footer'
import { Header } from './Header'

/**
 * Page frame: header, main landmark, footer. Mobile/desktop is CSS (≤ 750 px). The skip link to `#main` is the
 * document's (src/worker/ssr/Document.tsx), before the cookie banner.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  )
}
