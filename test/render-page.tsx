import type { IntlShape } from '@formatjs/intl'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { CATALOGS } from '../src/i18n/catalogs'
import { intlFor } from '../src/i18n/intl'
import { type Site, siteForPath } from '../src/i18n/sites'
import { AppRoot, createPageAtoms } from '../src/ui/AppRoot'
import { CarDrawing } from '../src/ui/car'
import { drawCar } from '../src/ui/car/draw'
import type { PageContext } from '../src/ui/page-context'

/**
 * A page component rendered as the server renders it (layout, intl, site and car drawing), for an anonymous
 * desktop visitor of the site at `prefix` ('/no'), with the site's own catalog.
 */
export function renderPage(
  prefix: string,
  rest: string,
  page: ReactNode,
  intl?: IntlShape<string>,
): { html: string; site: Site } {
  const { site } = siteForPath(prefix)
  const context: PageContext = {
    clientType: 'desktop',
    language: site.locale,
    languageCode: site.languageCode,
    countryCode: site.countryCode,
    officialUrl: 'https://example.test',
    pathWithLanguage: site.prefix,
    channel: 10,
    env: 'test',
    url: `${site.prefix}${rest}`,
    grayTag: false,
    userInfo: {},
    tradeInCarInfo: null,
    __from: '',
  }
  const html = renderToString(
    <AppRoot
      ctx={{ site, page: context, rest, query: '' }}
      intl={intl ?? intlFor(site.locale, CATALOGS[site.locale])}
      atoms={createPageAtoms(context)}
    >
      <CarDrawing value={drawCar}>{page}</CarDrawing>
    </AppRoot>,
  )
  return { html, site }
}
