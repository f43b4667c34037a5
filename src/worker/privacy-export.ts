import type { Context } from 'hono'
import { linkTo } from '../i18n/links'
import type { Site } from '../i18n/sites'
import { resolveUser } from './auth/session'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** The path of the export below a site's prefix; the privacy page links to it. */
export const PRIVACY_EXPORT_PATH = '/user-center/privacy/export'

/**
 * `GET {prefix}/user-center/privacy/export`: everything the storefront holds about the signed-in customer, as one JSON
 * file to download (GDPR Art. 15 and 20). Only ever their own: the account comes from the session, never from the
 * address. Anonymous visitors are sent to sign in and come back.
 */
export async function handlePrivacyExport(c: Context<AppEnv>, site: Site): Promise<Response> {
  const user = await resolveUser(c)
  if (!user) {
    const back = encodeURIComponent(linkTo(site, PRIVACY_EXPORT_PATH))
    return c.redirect(linkTo(site, '/auth', { query: `frontRedirect=${back}` }), 302)
  }
  const data = await c.get('store').privacy.exportOf(user.id)
  const day = new Date().toISOString().slice(0, 10)
  return c.body(JSON.stringify(data, null, 2), 200, {
    'content-type': 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="nordvolt-data-${day}.json"`,
    'cache-control': CachePolicy.none,
  })
}
