import type { Context } from 'hono'
import { parse } from 'hono/utils/cookie'
import { type AppShell, appShellOf } from '../domain/app-shell'
import type { AppEnv } from './types'

/**
 * Header the app's webview sent, before the cookie, when the app handles sign-in itself and the web sign-in page must
 * not be shown (SPEC §6 "in the app client a pre-login or disabled login changes this"); `login-app` in the cookie
 * says the same.
 */
export const APP_LOGIN_HEADER = 'x-app-login'

/** The cookie the native app sets in its webview's cookie store (domain/app-shell.ts has its words). */
export const APP_COOKIE = '__Host-nv_app'

const shells = new WeakMap<Request, AppShell | null>()

/**
 * The app's shell of this request, or null on the web: from the user agent, the app's cookie and, from apps built
 * before the cookie, the `x-app-login: disabled` header. Read once per request (the edge cache asks before the app).
 */
export function appShellOfRequest(request: Request): AppShell | null {
  if (shells.has(request)) return shells.get(request) ?? null
  const cookies = request.headers.get('cookie')
  const value = cookies ? parse(cookies, APP_COOKIE)[APP_COOKIE] : undefined
  const shell = appShellOf(request.headers.get('user-agent') ?? '', value)
  if (shell && request.headers.get(APP_LOGIN_HEADER) === 'disabled') shell.signInByApp = true
  shells.set(request, shell)
  return shell
}

/** The same for a handler's request. */
export function appShell(c: Context<AppEnv>): AppShell | null {
  return appShellOfRequest(c.req.raw)
}
