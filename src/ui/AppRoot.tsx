import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import type { PageIntl } from '../i18n/intl'
import { clientTypeAtom, tradeInCarInfoAtom, userInfoAtom } from './atoms'
import { IntlProvider } from './intl-context'
import { Layout } from './Layout'
import type { PageContext } from './page-context'
import { type SiteContext, SiteContextProvider } from './site-context'

/** The page's client state (SPEC §3): a jotai store of the atoms in atoms.ts. */
export type PageAtoms = ReturnType<typeof createStore>

/**
 * A fresh jotai store seeded from the page context: one per server request and one per page load
 * in the browser, so one visitor's state can never leak into another's page.
 */
export function createPageAtoms(page: PageContext): PageAtoms {
  const atoms = createStore()
  atoms.set(clientTypeAtom, page.clientType)
  atoms.set(userInfoAtom, page.userInfo)
  atoms.set(tradeInCarInfoAtom, page.tradeInCarInfo)
  return atoms
}

export interface AppRootProps {
  ctx: SiteContext
  intl: PageIntl
  atoms: PageAtoms
  children: ReactNode
}

/**
 * Everything around a page, identical on server and client so hydration matches: the request's
 * jotai store, intl instance, render context, and the layout.
 */
export function AppRoot({ ctx, intl, atoms, children }: AppRootProps) {
  return (
    <Provider store={atoms}>
      <IntlProvider value={intl}>
        <SiteContextProvider value={ctx}>
          <Layout>{children}</Layout>
        </SiteContextProvider>
      </IntlProvider>
    </Provider>
  )
}
