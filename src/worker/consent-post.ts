import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { CONSENT_MAX_AGE_DAYS, consentCookieValue, consentFrom } from '../domain/analytics/consent'
import { safeRedirectPath } from '../domain/redirect'
import { catalog } from '../i18n/catalog-store'
import { intlFor } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { CONSENT_COOKIE, ConsentForm, consentAskedByApp } from './consent'
import { formBody } from './form-body'
import { isSameOriginPost } from './middleware/same-origin'
import { CachePolicy } from './ssr/cache-policy'
import { renderError } from './ssr/render'
import type { AppEnv } from './types'

/**
 * POST {prefix}/cookie-settings: records the choice in the consent cookie and sends the visitor
 * back (303) to the page they came from. Works without JavaScript. Turning analytics off also
 * clears the device id the analytics script kept in local storage (`Clear-Site-Data: "storage"`).
 */
export async function handleConsentPost(c: Context<AppEnv>, site: Site): Promise<Response> {
  const intl = intlFor(site.locale, catalog(site.locale))
  if (!isSameOriginPost(c)) {
    return renderError(
      c,
      site,
      {
        type: 'unexpected',
        title: intl.formatMessage({ id: 'consent.error.title' }),
        message: intl.formatMessage({ id: 'consent.error.forbidden' }),
      },
      403,
    )
  }
  // The app that asks for consent itself keeps the choice: the page never records another.
  if (consentAskedByApp(c)) {
    return renderError(
      c,
      site,
      {
        type: 'conflict',
        title: intl.formatMessage({ id: 'consent.error.title' }),
        message: intl.formatMessage({ id: 'consent.app.managed' }),
      },
      409,
    )
  }
  const body = await formBody(c)
  const parsed = ConsentForm.safeParse(body)
  if (!parsed.success) {
    return renderError(
      c,
      site,
      {
        type: 'unexpected',
        title: intl.formatMessage({ id: 'consent.error.title' }),
        message: intl.formatMessage({ id: 'consent.error.invalid' }),
      },
      400,
    )
  }
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
