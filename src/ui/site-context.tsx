import { createContext, useContext } from 'react'
import type { Site } from '../i18n/sites'
import type { PageContext } from './page-context'

/** The page context as components read it: without the client state, which they read from the page atoms (atoms.ts). */
export type RenderedPage = Omit<PageContext, 'clientType' | 'userInfo' | 'tradeInCarInfo'>

export interface RenderContext {
  site: Site
  page: RenderedPage
  /** Path within the site, without prefix ('/configurator/p5'), for the site chooser. */
  rest: string
  /** The current query string without '?', kept by links that ask for it. */
  query: string
}

const Ctx = createContext<RenderContext | null>(null)
export const RenderContextProvider = Ctx.Provider

/** The site, page context and current path of the page being rendered. */
export function useRenderContext(): RenderContext {
  const value = useContext(Ctx)
  if (!value) throw new Error('useRenderContext outside RenderContextProvider')
  return value
}
