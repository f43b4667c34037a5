import type { PageContext, UserInfo } from '../ui/page-context'

let tokenPromise: Promise<string> | null = null

async function csrfToken(): Promise<string> {
  tokenPromise ??= fetch('/api/csrf', { credentials: 'same-origin' }).then(async (res) => {
    if (!res.ok) throw new Error(`csrf token: ${res.status}`)
    return ((await res.json()) as { token: string }).token
  })
  try {
    return await tokenPromise
  } catch (error) {
    tokenPromise = null
    throw error
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Calls the request off (a newer one replaces it). */
  signal?: AbortSignal
}

/**
 * Every call from the browser goes through here. It adds the headers of SPEC §7 (JSON content
 * type, country, language, the anti-forgery token on writes) and the current address
 * as the `frontRedirect` query parameter.
 *
 * @example
 * await apiFetch(page, '/api/client-errors', { method: 'POST', body: report })
 */
export async function apiFetch(
  page: Pick<PageContext, 'countryCode' | 'languageCode'>,
  path: string,
  options: ApiFetchOptions = {},
): Promise<Response> {
  const method = options.method ?? 'GET'
  const url = new URL(path, window.location.origin)
  url.searchParams.set('frontRedirect', window.location.href)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    country: page.countryCode,
    language: page.languageCode,
  }
  if (method !== 'GET') {
    headers['x-csrf-token'] = await csrfToken()
  }
  return fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
}

/**
 * The session handshake of SPEC §7 on page load: refresh the session, then fetch the user info.
 * `code` 12150005 means no session: the visitor stays anonymous.
 */
export async function fetchUserInfo(page: Pick<PageContext, 'countryCode' | 'languageCode'>): Promise<UserInfo> {
  const refresh = await apiFetch(page, '/api/refreshToken', { method: 'POST', body: {} })
  const { code } = (await refresh.json()) as { code: number }
  if (code !== 200) return {}
  const info = await apiFetch(page, '/api/localUserInfo', { method: 'POST', body: {} })
  return info.ok ? ((await info.json()) as UserInfo) : {}
}
