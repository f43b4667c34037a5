import type { Context } from 'hono'
import { COUNTRY_SITES, GLOBAL_SITE, SITES, type Site } from '../../i18n/sites'
import { requestLocale } from './errors'

/**
 * The site an API call comes from, from the `country` and `language` headers the client sends
 * (SPEC §7): the site of that country in that language, else the country's default, else global.
 */
export function requestSite(c: Context): Site {
  const country = c.req.header('country')?.toUpperCase()
  const locale = requestLocale(c)
  return (
    SITES.find((s) => s.countryCode === country && s.locale === locale && s.languageInPath) ??
    COUNTRY_SITES.find((s) => s.countryCode === country) ??
    GLOBAL_SITE
  )
}
