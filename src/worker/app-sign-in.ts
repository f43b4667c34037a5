import type { Context } from 'hono'
import { z } from 'zod'
import { safeRedirectPath } from '../domain/redirect'
import { catalog } from '../i18n/catalog-store'
import { intlFor } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { appShell } from './app-shell'
import { exchangeSignInCode } from './auth/app-sign-in'
import { formBody } from './form-body'
import { isForeignRequest } from './middleware/same-origin'
import { CachePolicy } from './ssr/cache-policy'
import { renderError } from './ssr/render'
import type { AppEnv } from './types'

/** What the app's webview posts: the code, the account it is for, and the page to come back to. */
const SignInCodeForm = z.object({
  code: z.string().max(100),
  account: z.string().max(100),
  returnTo: z.string().max(2048).optional(),
})

/**
 * Whether the post is the app's own or one of our pages': the app loads it as a navigation of its own
 * (`Sec-Fetch-Site: none`), the bridge script sends it from a page (`same-origin`). Anything from another site is
 * refused, and so is a post that says neither.
 */
function postedByTheAppOrUs(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  return (fetchSite === 'none' || fetchSite === 'same-origin') && !isForeignRequest(c)
}

/**
 * `POST {prefix}/app/sign-in`: the app's webview exchanges a sign-in code (docs/features/app-webview.md) for the web's
 * session cookies and goes on (303) to `returnTo`; no credential is ever in an address. Only in the app. A refused
 * code shows "Please sign in in the app" with the reason, and tells the app (`signInRequired`).
 */
export async function handleAppSignIn(c: Context<AppEnv>, site: Site): Promise<Response> {
  const intl = intlFor(site.locale, catalog(site.locale))
  if (!appShell(c)) return renderError(c, site, { type: 'notFound' }, 404)
  if (!postedByTheAppOrUs(c)) return renderError(c, site, { type: 'forbidden' }, 403)
  const form = SignInCodeForm.safeParse(await formBody(c))
  const returnTo = safeRedirectPath(form.success ? form.data.returnTo : undefined, linkTo(site, '/'))
  const outcome = form.success
    ? await exchangeSignInCode(c, form.data.code, form.data.account)
    : ({ kind: 'refused', reason: 'invalid' } as const)
  if (outcome.kind === 'signedIn') {
    c.header('cache-control', CachePolicy.none)
    return c.redirect(returnTo, 303)
  }
  return renderError(
    c,
    site,
    { type: 'signInInApp', message: intl.formatMessage({ id: `app.signIn.${outcome.reason}` }) },
    401,
    { reason: outcome.reason, returnTo },
  )
}
