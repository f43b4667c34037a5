import type { ReactNode } from 'react'
import { Footer } from './Footer'
import { Header } from './Header'
import { KeptHtml } from './KeptHtml'
import { useSiteContext } from './site-context'

/**
 * The main column's width, from the page's address, not from its content (`.main:has(> .home)` before): the browser
 * may paint a page half parsed, after `main` opened and before its content, and a column that then widened would move
 * the whole page (a layout shift).
 */
function mainClass(rest: string): string {
  if (rest === '/') return 'main main--bleed'
  return 'main'
}

/**
 * Page frame: header, main landmark, footer. Mobile/desktop is CSS (≤ 750 px). The skip link to `#main` is the
 * document's (src/worker/ssr/Document.tsx), before the cookie banner.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { rest } = useSiteContext()
  return (
    <div className="layout">
      <Header />
      <main id="main" className={mainClass(rest)} tabIndex={-1}>
        {children}
      </main>
      {/* The footer stays as the server wrote it and ships no code; the configurator moves its links to the car on the
          page (`data-keeps-build`, use-visit-build.ts). */}
      {import.meta.env.SSR ? <Footer /> : <KeptHtml as="footer" className="footer" />}
    </div>
  )
}
