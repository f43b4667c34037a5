import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { expectCarPng } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { app } from './index'

const OFFICIAL = 'https://www.nordvolt.example'

/** The page's Open Graph and X/Twitter card tags, by property or name (content decoded as a reader sees it). */
function shareTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"\/>/g))
    tags[key as string] = decode(value as string)
  return tags
}

/** A page as the deployed worker renders it, with its official origin set (link previews point there). */
async function page(path: string): Promise<string> {
  const res = await app.request(path, {}, { ...env, OFFICIAL_URL: OFFICIAL })
  expect(res.status, path).toBe(200)
  return res.text()
}

describe('link previews (Open Graph)', () => {
  it('show a shared build as that very car, at 1200 × 630 on the official origin, named in the page language', async () => {
    const look = { version: 'long-range', paint: 'fjord-blue', wheels: 'sport-19', interior: 'vegan-leather-sand' }
    const tags = shareTags(await page(`/de/configurator/p5?${new URLSearchParams(look)}`))
    expectCarPng(tags['og:image'] ?? '', OFFICIAL, look, '1200x630')
    const image = new URL(tags['og:image'] ?? '')
    expect(tags).toMatchObject({ 'og:image:width': '1200', 'og:image:height': '630', 'og:image:type': 'image/png' })
    expect(tags['og:image:alt']).toContain('Fjordblau')
    expect(tags['og:image:alt']).toContain('schräg von vorn')
    expect(tags['twitter:card']).toBe('summary_large_image')
    // The shared address keeps the build.
    const url = new URL(tags['og:url'] ?? '')
    expect(url.origin + url.pathname).toBe(`${OFFICIAL}/de/configurator/p5`)
    expect(url.searchParams.get('paint')).toBe('fjord-blue')
    expect(url.searchParams.get('wheels')).toBe('sport-19')
    expect(tags['og:title']).toMatch(/P5/)
    expect(tags['og:description']).toBeTruthy()

    // The image is there, of the size the tags say.
    const png = new Uint8Array(await (await visitor().request(`${image.pathname}${image.search}`)).arrayBuffer())
    const header = new DataView(png.buffer)
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([1200, 630])
  }, 60_000)

  it('show another paint for another build, and the model as it comes on pages without a car of their own', async () => {
    const green = shareTags(await page('/no/configurator/p5?version=long-range&paint=aurora-green-black'))
    expect(new URL(green['og:image'] ?? '').searchParams.get('paint')).toBe('aurora-green-black')
    const home = shareTags(await page('/fr/'))
    const plain = shareTags(await page('/fr/configurator/p5'))
    expect(home['og:image']).toBe(plain['og:image'])
    expect(home['og:image']).toMatch(new RegExp(`^${OFFICIAL}/car/p5/front\\.png\\?`))
    expect(home['og:image:alt']).toMatch(/P5/)
    expect(home['og:url']).toBe(`${OFFICIAL}/fr`)
    for (const path of ['/is/marketing', '/th/test-drive', '/se/quick-delivery']) {
      const tags = shareTags(await page(path))
      expect(tags['og:title'], path).toBeTruthy()
      expect(tags['og:url'], path).toMatch(new RegExp(`^${OFFICIAL}/`))
      expect(tags['og:image'], path).toMatch(new RegExp(`^${OFFICIAL}/car/p5/front\\.png\\?.*size=1200x630`))
    }
  })

  it('show a saved build as that car, on its overview and on the configurator link it shares', async () => {
    const saved = await visitor().postForm('/dk/configurator/p5', {
      configuration: 'version=long-range&paint=aurora-green-black&wheels=sport-19&interior=textile-charcoal',
    })
    const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    for (const path of [`/dk/configurator/overview/${id}`, `/dk/configurator/${id}`]) {
      const tags = shareTags(await page(path))
      const image = new URL(tags['og:image'] ?? '')
      expect(image.origin, path).toBe(OFFICIAL)
      expect(image.searchParams.get('paint'), path).toBe('aurora-green-black')
      expect(image.searchParams.get('wheels'), path).toBe('sport-19')
      expect(tags['og:url'], path).toMatch(new RegExp(`^${OFFICIAL}${path}`))
    }
  })

  it('are not written on error pages', async () => {
    const res = await visitor().request('/de/no-such-page')
    expect(res.status).toBe(404)
    expect(shareTags(await res.text())).toEqual({})
  })
})
