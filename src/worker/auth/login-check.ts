import type { Context } from 'hono'
import { type LoginStatus, loginStatus } from '../../domain/session/login-status'
import { linkTo, sameOriginPath } from '../../i18n/links'
import type { Site } from '../../i18n/sites'
import { appShell } from '../app-shell'
import type { AppEnv } from '../types'
import { resolveUser, type SessionUser } from './session'

export type LoginCheck =
  | { kind: 'signedIn'; user: SessionUser; status: LoginStatus }
  | { kind: 'anonymous'; status: 0 }
  /** Forced check of an anonymous visitor on the web: where to send them. */
  | { kind: 'redirect'; location: string }
  /** Forced check inside the app with web sign-in disabled: the app must sign them in. */
  | { kind: 'signInInApp' }

/** The address to sign in at, coming back to `returnTo` afterwards. */
export function signInUrl(site: Site, returnTo: string): string {
  return linkTo(site, '/auth', { query: new URLSearchParams({ frontRedirect: returnTo }) })
}

/**
 * The login check of SPEC §6: `silent` reports the status; `force` also sends an anonymous visitor
 * to sign in (and back), or, in the app with web sign-in disabled, asks the app to do it.
 *
 * @example
 * const check = await loginCheck(c, site, 'force')
 * if (check.kind === 'redirect') return c.redirect(check.location)
 */
export async function loginCheck(c: Context<AppEnv>, site: Site, mode: 'silent' | 'force'): Promise<LoginCheck> {
  const user = await resolveUser(c)
  if (user) return { kind: 'signedIn', user, status: loginStatus(user.types) }
  if (mode === 'silent') return { kind: 'anonymous', status: 0 }
  if (appShell(c)?.signInByApp) return { kind: 'signInInApp' }
  const url = new URL(c.req.url)
  return { kind: 'redirect', location: signInUrl(site, `${sameOriginPath(url.pathname)}${url.search}`) }
}
