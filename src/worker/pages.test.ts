import { describe, expect, it } from 'vitest'
import { SITES } from '../i18n/sites'
import { matchPage } from './pages'

describe('matchPage', () => {
  it('finds the page and its parameters under every site prefix', () => {
    for (const site of SITES) {
      const page = matchPage('GET', `${site.prefix}/configurator/p5`)
      expect(page?.site.prefix, site.prefix || 'global').toBe(site.prefix)
      expect(page?.route.path).toBe('/configurator/:id')
      expect(page?.params).toEqual({ id: 'p5' })
      expect(matchPage('GET', site.prefix || '/')?.route.path, `${site.prefix} home`).toBe('/')
    }
  })

  it('tells a static path from a parameter and keeps two-parameter routes apart', () => {
    expect(matchPage('GET', '/no/configurator/info-submission/cfg1')).toMatchObject({
      route: { path: '/configurator/info-submission/:id' },
      params: { id: 'cfg1' },
    })
    expect(matchPage('GET', '/be/fr-BE/pre-order/cfg1/p5')).toMatchObject({
      site: { locale: 'fr-BE' },
      params: { id: 'cfg1', carId: 'p5' },
    })
    expect(matchPage('GET', '/se/test-drive')?.route.path).toBe(matchPage('GET', '/se/test-drive/p5')?.route.path)
  })

  it('ignores a trailing slash and decodes parameters', () => {
    expect(matchPage('GET', '/dk/marketing/')?.route.path).toBe('/marketing')
    expect(matchPage('GET', '/nl/order/a%20b')?.params).toEqual({ id: 'a b' })
  })

  it('matches nothing for unknown paths, unknown prefixes, and posts to pages without a form', () => {
    expect(matchPage('GET', '/no/nowhere')).toBeNull()
    expect(matchPage('GET', '/xx/configurator/p5/extra')).toBeNull()
    expect(matchPage('POST', '/no/marketing')).toBeNull()
    expect(matchPage('POST', '/no/configurator/info-submission/cfg1')?.route.action).toBeTypeOf('function')
  })

  it('answers a repeated address the same, each time with parameters of its own', () => {
    const first = matchPage('GET', '/se/pre-order/cfg9/p5')
    expect(first?.params).toEqual({ id: 'cfg9', carId: 'p5' })
    if (first) first.params.id = 'changed'
    const again = matchPage('GET', '/se/pre-order/cfg9/p5')
    expect(again).toMatchObject({ site: first?.site, route: first?.route, params: { id: 'cfg9', carId: 'p5' } })
    expect(matchPage('GET', '/se/nowhere')).toBeNull()
    expect(matchPage('GET', '/se/nowhere')).toBeNull()
  })
})
