import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { SITES, siteForPath, sitePrefixPatterns } from './sites'

describe('sitePrefixPatterns', () => {
  it('covers the global site, the country prefixes and the Belgian language variants', () => {
    expect(sitePrefixPatterns(SITES)).toEqual([
      '',
      '/:country{(?:no|se|dk|nl|de|fr|be|th|is|lu|at)}',
      '/be/:language{(?:nl-BE|fr-BE)}',
    ])
  })

  it('routes every site prefix, and nothing else, to a page mounted once per pattern', async () => {
    const app = new Hono()
    for (const prefix of sitePrefixPatterns(SITES)) {
      app.get(`${prefix}/marketing`, (c) => c.text(siteForPath(c.req.path).site.prefix))
    }
    for (const site of SITES) {
      const response = await app.request(`${site.prefix}/marketing`)
      expect(await response.text(), site.prefix || 'global').toBe(site.prefix)
    }
    for (const path of ['/xx/marketing', '/be/de-BE/marketing', '/no/nb-NO/marketing', '/nol/marketing']) {
      expect((await app.request(path)).status, path).toBe(404)
    }
  })
})
