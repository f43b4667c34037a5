import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Configuration } from '../domain/catalog/configuration'
import type { Catalog } from '../domain/catalog/schema'
import { drawCar } from '../ui/car/draw'
import { CAR_PNG_SIZES, type CarPngSize, carImageQuery } from '../ui/car/image-path'
import { CAR_VIEWS, type CarLook, type CarView } from '../ui/car/look'
import { carLook } from '../ui/configurator/car-look'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** Changes with every build: a deployment that draws the car differently never serves PNGs drawn before it. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : [])

/** The car an image address asks for, or null when any code is not the model's. */
function requestedConfiguration(catalog: Catalog, query: Record<string, string>): Configuration | null {
  const configuration: Configuration = {
    modelCode: catalog.model.code,
    versionCode: query.version ?? '',
    paintCode: query.paint ?? '',
    wheelCode: query.wheels ?? '',
    interiorCode: query.interior ?? '',
    packCodes: list(query.packs),
    accessoryCodes: list(query.accessories),
  }
  const known = (codes: readonly string[], items: readonly { code: string }[]) =>
    codes.every((code) => items.some((item) => item.code === code))
  const valid =
    known([configuration.versionCode], catalog.versions) &&
    known([configuration.paintCode], catalog.paints) &&
    known([configuration.wheelCode], catalog.wheels) &&
    known([configuration.interiorCode], catalog.interiors) &&
    known(configuration.packCodes, catalog.packs) &&
    known(configuration.accessoryCodes, catalog.accessories)
  return valid ? configuration : null
}

/**
 * The picture as a standalone SVG document; with a size, of that many pixels. A canvas of another shape than the
 * drawing's 2:1 (the 1200 × 630 of a link preview) is filled by scaling the studio up and trimming its sides.
 */
export function carSvgDocument(look: CarLook, view: CarView, size?: { width: number; height: number }): string {
  const box = size ? ` width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid slice"` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600"${box}>${drawCar(look, view, 'c')}</svg>`
}

/**
 * The car as an image: `/car/{model}/{view}.svg?version&paint&wheels&interior&packs&accessories` (built by
 * carImagePath), or the same drawing as a PNG, `/car/{model}/{view}.png?…&size=1200x630` (carPngPath), for the
 * places that cannot show SVG: e-mails and link previews. The PNG is rasterised in the Worker (car-png.ts) at one of
 * CAR_PNG_SIZES (1200x600 when `size` is absent; any other size is not found), kept in the edge cache under the
 * checked look, size and build, and may be kept a month by browsers and mail proxies: the address carries the look.
 * A client may have 60 PNGs drawn a minute (CAR_PNG_LIMITER); what the edge cache has is not counted.
 * Every code must be the model's; anything else is not found. Only the picture is checked, not whether the car can
 * be built: the picture never prices anything.
 */
export const carImage = new Hono<AppEnv>().get('/car/:model/:file', async (c) => {
  const [, name, format] = /^([a-z]+)\.(svg|png)$/.exec(c.req.param('file')) ?? []
  const view = CAR_VIEWS.find((each) => each === name)
  const catalog = view ? await c.get('store').catalog(c.req.param('model')) : null
  const configuration = catalog ? requestedConfiguration(catalog, c.req.query()) : null
  if (!view || !catalog || !configuration) throw new HTTPException(404)
  const look = carLook(catalog, configuration)
  if (format === 'png') {
    const size = (c.req.query('size') ?? '1200x600') as CarPngSize
    if (!CAR_PNG_SIZES.includes(size)) throw new HTTPException(404)
    const [width = 0, height = 0] = size.split('x').map(Number)
    const query = carImageQuery(configuration, { size, build: BUILD_ID })
    // The PNG answer and its rasteriser load on demand: neither is part of the Worker's main module.
    const { answerPng } = await import('./car-png')
    return answerPng(c, {
      svg: () => carSvgDocument(look, view, { width, height }),
      // Our own origin and the checked look only: nothing of the request's Host or query reaches the key.
      key: `${c.get('config').OFFICIAL_URL}/car/${encodeURIComponent(catalog.model.code)}/${view}.png?${query}`,
      headers: { 'content-type': 'image/png', 'cache-control': CachePolicy.publicMonth },
      mayDraw: async () => {
        // Per client (Cloudflare's CF-Connecting-IP); a request without it did not come through Cloudflare.
        const client = c.req.header('cf-connecting-ip')
        const limiter = c.env.CAR_PNG_LIMITER as RateLimit | undefined
        return !client || !limiter || (await limiter.limit({ key: client })).success
      },
    })
  }
  return c.body(carSvgDocument(look, view), 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': CachePolicy.publicDay,
  })
})
