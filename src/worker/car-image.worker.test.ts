import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, visitor } from '../../test/visitor'

const car = 'version=long-range&paint=aurora-green-black&wheels=aero-18&interior=textile-charcoal'

describe('the car as an image', () => {
  it('draws the configuration asked for, in every view, as a cacheable SVG', async () => {
    for (const view of ['front', 'side', 'rear', 'interior', 'wheel']) {
      const res = await visitor().request(`/car/p5/${view}.svg?${car}&packs=tow-pack&accessories=bike-carrier`)
      expect(res.status, view).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      const svg = await res.text()
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 600">/)
      if (view !== 'wheel') expect(svg.toLowerCase()).toContain('#2e6b5a')
    }
    const blue = await (
      await visitor().request(`/car/p5/side.svg?${car.replace('aurora-green-black', 'fjord-blue')}`)
    ).text()
    expect(blue).toContain('#1F4E79')
  })

  it('finds nothing for a code the model does not have, or an unknown view or model', async () => {
    for (const path of [
      `/car/p5/side.svg?${car.replace('aero-18', 'gold-22')}`,
      `/car/p5/side.svg?${car}&accessories=<script>`,
      `/car/p5/roof.svg?${car}`,
      `/car/x9/side.svg?${car}`,
      '/car/p5/side.svg',
    ]) {
      expect((await visitor().request(path)).status, path).toBe(404)
    }
  })

  it('shows every quick-delivery car in its own paint and wheels, with a text alternative', async () => {
    const html = decode(await (await visitor().request('/nl/quick-delivery')).text())
    const rows = await env.DB.prepare(
      "SELECT configuration FROM stock_cars WHERE country_code = 'NL' AND remaining > 0",
    ).all<{
      configuration: string
    }>()
    const pictures = [...html.matchAll(/<img class="car-image" src="([^"]+)" alt="([^"]+)"/g)]
    expect(pictures.length).toBe(rows.results.length)
    for (const row of rows.results) {
      const configuration = JSON.parse(row.configuration) as { paintCode: string; wheelCode: string }
      expect(
        pictures.some(([, src]) =>
          src?.includes(`paint=${configuration.paintCode}&wheels=${configuration.wheelCode}&`),
        ),
      ).toBe(true)
    }
    const [, src, alt] = pictures[0] ?? []
    expect(alt).toContain('P5')
    expect(alt).not.toMatch(/[{}]/)
    expect((await visitor().request(src ?? '')).status).toBe(200)
  })

  it('stands the car as it comes on the home page, named in the page language, with no script for it', async () => {
    const html = decode(await (await visitor().request('/is/')).text())
    const title = /<svg class="car-render"[^>]*data-view="front"><title id="[^"]+">([^<]+)<\/title>/.exec(html)?.[1]
    expect(title).toContain('Heimskautahvítur')
    expect(title).toContain('séður á ská að framan')
    expect(html).not.toContain('/assets/car.js')
  })
})
