import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { CONSENT_MAX_AGE_DAYS, consentCookieValue, consentFrom } from '../domain/analytics/consent'
import { safeRedirectPath } from '../domain/redirect'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { PageError } from '../routes/route'
import { CONSENT_COOKIE, ConsentForm } from './consent'
import { formBody } from './form-body'
import { isSameOriginPost } from './middleware/same-origin'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/**
 * POST {prefix}/cookie-settings: records the choice in the consent cookie and sends the visitor
 * back (303) to the page they came from. Works without JavaScript. Turning analytics off also
 * clears the device id the analytics script kept in local storage (`Clear-Site-Data: "storage"`).
 */
export async function handleConsentPost(c: Context<AppEnv>, site: Site): Promise<Response> {
  if (!isSameOriginPost(c))
    throw new PageError('unexpected', 403, { title: 'consent.error.title', message: 'consent.error.forbidden' })
  const body = await formBody(c)
  const parsed = ConsentForm.safeParse(body)
  if (!parsed.success)
    throw new PageError('unexpected', 400, { title: 'consent.error.title', message: 'consent.error.invalid' })
  const form = parsed.data
  const consent = consentFrom(
    form.choice === 'save'
      ? { kind: 'save', analytics: form.analytics === 'on', marketing: form.marketing === 'on' }
      : { kind: form.choice },
    new Date(),
  )
  setCookie(c, CONSENT_COOKIE, consentCookieValue(consent), {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60,
  })
  if (!consent.analytics) c.header('clear-site-data', '"storage"')
  c.header('cache-control', CachePolicy.none)
  return c.redirect(safeRedirectPath(form.return, linkTo(site, '/')), 303)
}
