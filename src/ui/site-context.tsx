import { createContext, useContext } from 'react'
import type { Site } from '../i18n/sites'
import type { PageContext } from './page-context'

/** The page context as components read it: without the client state, which they read from the page atoms (atoms.ts). */
export type RenderedPage = Omit<PageContext, 'clientType' | 'userInfo' | 'tradeInCarInfo'>

export interface SiteContext {
  site: Site
  page: RenderedPage
  /** Path within the site, without prefix ('/configurator/p5'), for the site chooser. */
  rest: string
  /** The current query string without '?', kept by links that ask for it. */
  query: string
  /**
   * Where the country chooser links on other sites: the same page (absent), the same page on the sites of this
   * country and the home of the others (a record of one country: a valuation, a request), or every site's home (an
   * error page, whose address answers nothing elsewhere either).
   */
  elsewhere?: 'sameCountry' | 'home'
  /** The car the page is about (PageMeta.build): the header's car links and the other sites' links keep it. */
  build?: PageBuild | null
}

/**
 * The car a page is about: a build in the address (`version=…&paint=…`, the configurator's query of the car alone) or
 * a saved build's id. Server-rendered links only: the browser keeps them as they came (Header, Footer).
 */
export type PageBuild = { query: string } | { savedId: string }

const Ctx = createContext<SiteContext | null>(null)
export const SiteContextProvider = Ctx.Provider

/** The site, page context and current path of the page being rendered. */
export function useSiteContext(): SiteContext {
  const value = useContext(Ctx)
  if (!value) throw new Error('useSiteContext outside SiteContextProvider')
  return value
}
