import { createContext, useContext } from 'react'

/** A JSON POST to our API with the SPEC §7 headers and the anti-forgery token (client/api.ts). */
export type ApiPost = (path: string, body: unknown) => Promise<Response>

const ApiContext = createContext<ApiPost | null>(null)
export const ApiProvider = ApiContext.Provider

/** The browser's API caller; null while rendering on the server (where effects never run). */
export function useApiPost(): ApiPost | null {
  return useContext(ApiContext)
}
