import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import type { PageIntl } from '../i18n/intl'
import {
  channelAtom,
  clientTypeAtom,
  countryCodeAtom,
  languageAtom,
  officialUrlAtom,
  tradeInCarInfoAtom,
  userInfoAtom,
  userInfoFetchedAtom,
} from './atoms'
import { IntlProvider } from './intl-context'
import { Layout } from './Layout'
import type { PageContext } from './page-context'
import { type RenderContext, RenderContextProvider } from './site-context'

export type PageStore = ReturnType<typeof createStore>

/**
 * A fresh jotai store seeded from the page context: one per server request and one per page load
 * in the browser, so one visitor's state can never leak into another's page.
 */
export function createPageStore(page: PageContext): PageStore {
  const store = createStore()
  store.set(clientTypeAtom, page.clientType)
  store.set(languageAtom, page.language)
  store.set(countryCodeAtom, page.countryCode)
  store.set(channelAtom, page.channel)
  store.set(officialUrlAtom, page.officialUrl)
  store.set(userInfoAtom, page.userInfo)
  store.set(userInfoFetchedAtom, Object.keys(page.userInfo).length > 0)
  store.set(tradeInCarInfoAtom, page.tradeInCarInfo)
  return store
}

export interface AppRootProps {
  ctx: RenderContext
  intl: PageIntl
  store: PageStore
  children: ReactNode
}

/**
 * Everything around a page, identical on server and client so hydration matches: the request's
 * jotai store, intl instance, render context, and the layout.
 */
export function AppRoot({ ctx, intl, store, children }: AppRootProps) {
  return (
    <Provider store={store}>
      <IntlProvider value={intl}>
        <RenderContextProvider value={ctx}>
          <Layout>{children}</Layout>
        </RenderContextProvider>
      </IntlProvider>
    </Provider>
  )
}
