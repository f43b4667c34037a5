import { describe, expect, it } from 'vitest'
import { homeUrl, linkTo, sameOriginPath } from './links'
import { GLOBAL_SITE, SITES, siteByPrefix, siteForPath } from './sites'

const site = (prefix: string) => {
  const found = siteByPrefix(prefix)
  if (!found) throw new Error(`no site ${prefix}`)
  return found
}

describe('linkTo', () => {
  it('prefixes the lower-cased country, then the language where the path carries it', () => {
    expect(linkTo(site('/no'), '/configurator/p5')).toBe('/no/configurator/p5')
    expect(linkTo(site('/be/fr-BE'), '/configurator/p5')).toBe('/be/fr-BE/configurator/p5')
    expect(linkTo(GLOBAL_SITE, '/configurator/p5')).toBe('/configurator/p5')
  })

  it('links the root of each site', () => {
    expect(linkTo(GLOBAL_SITE, '/')).toBe('/')
    expect(linkTo(site('/dk'), '/')).toBe('/dk')
  })

  it('keeps a query string when asked', () => {
    expect(linkTo(site('/nl'), '/test-drive', { query: '?store=ams&slot=9' })).toBe('/nl/test-drive?store=ams&slot=9')
    expect(linkTo(site('/nl'), '/test-drive', { query: new URLSearchParams({ a: '1 2' }) })).toBe(
      '/nl/test-drive?a=1+2',
    )
    expect(linkTo(site('/nl'), '/test-drive', { query: '' })).toBe('/nl/test-drive')
  })

  it('builds the absolute home the error page redirects to', () => {
    expect(homeUrl(site('/be/nl-BE'), 'https://shop.example/')).toBe('https://shop.example/be/nl-BE')
    expect(homeUrl(GLOBAL_SITE, 'https://shop.example')).toBe('https://shop.example/')
  })
})

describe('sites', () => {
  it('has the global site, eleven countries and the two Belgian language variants', () => {
    expect(SITES.map((s) => s.prefix)).toEqual([
      '',
      '/no',
      '/se',
      '/dk',
      '/nl',
      '/de',
      '/fr',
      '/be',
      '/be/nl-BE',
      '/be/fr-BE',
      '/th',
      '/is',
      '/lu',
      '/at',
    ])
  })

  it('finds the site of a path by its longest prefix', () => {
    expect(siteForPath('/be/fr-BE/order/1')).toMatchObject({ site: { locale: 'fr-BE' }, rest: '/order/1' })
    expect(siteForPath('/be/order/1')).toMatchObject({ site: { prefix: '/be', locale: 'nl-BE' }, rest: '/order/1' })
    expect(siteForPath('/nowhere')).toMatchObject({ site: { prefix: '' }, rest: '/nowhere' })
    expect(siteForPath('/no')).toMatchObject({ site: { prefix: '/no' }, rest: '/' })
  })

  it('hides the user menu where SPEC §2 says, and the account link on Iceland', () => {
    const withoutMenu = SITES.filter((s) => !s.showUserMenu).map((s) => s.countryCode)
    expect(new Set(withoutMenu)).toEqual(new Set(['DE', 'FR', 'TH', 'BE', 'LU', 'AT']))
    expect(SITES.filter((s) => !s.showAccountLink).map((s) => s.countryCode)).toEqual(['IS'])
  })

  it('uses the SPEC’s Danish language code and each country’s currency', () => {
    expect(site('/dk')).toMatchObject({ locale: 'da-DK', languageCode: 'da', currency: 'DKK' })
    expect(site('/is').currency).toBe('ISK')
    expect(site('/th').currency).toBe('THB')
    expect(GLOBAL_SITE).toMatchObject({ currency: 'EUR', canOrder: false })
  })
})

describe('links built from a request path', () => {
  const HOSTILE_PATHS = [
    '//evil.example/x',
    '/\\evil.example',
    '//evil.example/',
    '///evil.example',
    '/..//evil.example/',
  ]

  it.each(HOSTILE_PATHS)('keep %j on our origin under every site', (path) => {
    for (const s of [GLOBAL_SITE, ...SITES]) {
      const link = linkTo(s, path)
      expect(link.startsWith('//') || link.includes('\\'), `${s.prefix} ${link}`).toBe(false)
      expect(new URL(link, 'https://shop.example').origin).toBe('https://shop.example')
    }
  })

  it('collapse slashes and resolve dot segments, keeping the query as it is', () => {
    expect(sameOriginPath('//evil.example/x')).toBe('/evil.example/x')
    expect(sameOriginPath('/a/./b/../../..//evil.example')).toBe('/evil.example')
    expect(sameOriginPath('/configurator/p5')).toBe('/configurator/p5')
    expect(linkTo(GLOBAL_SITE, '//evil.example/x')).toBe('/evil.example/x')
    expect(linkTo(site('/no'), '/trade-in?return=https://x.example//y')).toBe(
      '/no/trade-in?return=https://x.example//y',
    )
  })
})
