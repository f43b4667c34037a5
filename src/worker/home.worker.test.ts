import { describe, expect, it } from 'vitest'
import p5 from '../../data/catalog/p5.json'
import { decode, visitor } from '../../test/visitor'
import { Catalog } from '../domain/catalog/schema'
import { carFigures } from '../domain/content/marketing'
import { CATALOGS } from '../i18n/catalogs'
import { SITES } from '../i18n/sites'

const figures = carFigures(Catalog.parse(p5))
const page = async (path: string) => decode(await (await visitor().request(path)).text())

describe('the home page', () => {
  it.each([
    ['/th', 'th-TH'],
    ['/de', 'de-DE'],
    ['/is', 'is-IS'],
    ['', 'en-US'],
  ] as const)(
    "'%s' stages the car with range, charging and luggage space from the catalog, in %s",
    async (prefix, locale) => {
      const html = await page(prefix || '/')
      const t = CATALOGS[locale]
      const n = (value: number) => new Intl.NumberFormat(locale).format(value)
      const stage = html.slice(html.indexOf('class="stage stage--home"'), html.indexOf('class="home-section'))
      // The car is drawn into the page, before the figures: the first screen needs no request.
      expect(stage).toMatch(/<svg class="car-render"[^>]*role="img"[^>]*data-view="front"/)
      expect(stage.indexOf('<svg')).toBeLessThan(stage.indexOf('class="key-figures"'))
      expect(stage).toContain(`<dd>${t['page.home.figures.rangeValue'].replace('{km}', n(figures.rangeKm.max))}</dd>`)
      expect(stage).toContain(
        `<dd>${t['page.home.figures.chargingValue'].replace('{minutes}', n(figures.fastCharging.minutes))}</dd>`,
      )
      expect(stage).toContain(`<dd>${t['marketing.cargoValue'].replace('{litres}', n(figures.cargoLitres))}</dd>`)
      expect(stage).toContain(`href="${prefix}/configurator/p5"`)
      expect(stage).toContain(`href="${prefix}/test-drive/p5"`)
      // Nothing runs: the page's one script element is its structured data, which the browser does not execute.
      expect(html.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, '')).not.toContain('<script')
    },
  )

  it('has sections for configuring, test drives, quick delivery and ownership, each with a sized, lazy picture', async () => {
    const html = await page('/no')
    const t = CATALOGS['nb-NO']
    for (const section of ['configure', 'testDrive', 'quickDelivery', 'ownership'] as const)
      expect(html).toContain(`<h2 id="home-${section}">${t[`page.home.${section}.heading`]}</h2>`)
    const pictures = [...html.matchAll(/<img class="car-image" src="([^"]+)" alt="([^"]+)" width="1200" height="600"/g)]
    expect(pictures.map((m) => /\/car\/p5\/(\w+)\.svg/.exec(m[1] ?? '')?.[1])).toEqual([
      'side',
      'rear',
      'front',
      'interior',
    ])
    expect(html.match(/loading="lazy"/g)?.length).toBe(4)
    // Each picture shows something of its own: a different paint in each exterior view.
    const paints = pictures.slice(0, 3).map((m) => new URLSearchParams((m[1] ?? '').split('?')[1]).get('paint'))
    expect(new Set(paints).size).toBe(3)
    // The global site sells nothing: no quick-delivery section.
    expect(await page('/')).not.toContain('id="home-quickDelivery"')
  })
})

describe('the header', () => {
  it.each(SITES.map((site) => [site.prefix || '/', site.locale] as const))(
    "'%s' has a menu button for phones that opens without JavaScript, holding the navigation",
    async (prefix, locale) => {
      const html = await page(`${prefix}/marketing`.replace('//', '/'))
      const t = CATALOGS[locale]
      const menu = html.slice(
        html.indexOf('<details class="header__menu">'),
        html.indexOf('</details>', html.indexOf('<details class="header__menu">')),
      )
      expect(menu).toMatch(
        new RegExp(`<summary class="header__menu-button">.*<span>${t['header.menu']}</span></summary>`),
      )
      for (const key of [
        'header.nav.configure',
        'header.nav.testDrive',
        'header.nav.quickDelivery',
        'header.nav.discover',
      ] as const)
        expect(menu).toContain(`>${t[key]}</a>`)
    },
  )

  it('puts the sign-in link in the phone menu where the site has accounts, and nothing where it has none', async () => {
    const no = await page('/no/marketing')
    expect(no).toMatch(/<div class="header__menu-account"><a href="\/no\/auth\?frontRedirect=[^"]+">/)
    const de = await page('/de/marketing')
    expect(de).not.toContain('header__menu-account')
  })
})
