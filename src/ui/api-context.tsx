import { createContext, useContext, useSyncExternalStore } from 'react'

/** A JSON POST to our API with the SPEC §7 headers and the anti-forgery token (client/api.ts); `signal` calls it off. */
export type ApiPost = (path: string, body: unknown, init?: { signal?: AbortSignal }) => Promise<Response>

const ApiContext = createContext<ApiPost | null>(null)
export const ApiProvider = ApiContext.Provider

const never = () => () => {}

/**
 * Whether the page is hydrated: false on the server and during hydration (so the first client
 * render matches the server's HTML exactly), true from the render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

/**
 * The browser's API caller; null on the server and during hydration, so that what a component
 * shows only with it (a button that needs JavaScript) appears after hydration, never mismatching.
 */
export function useApiPost(): ApiPost | null {
  const post = useContext(ApiContext)
  return useHydrated() ? post : null
}
