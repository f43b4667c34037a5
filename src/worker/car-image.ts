import { Hono } from 'hono'
import type { Configuration } from '../domain/catalog/configuration'
import { drawCar } from '../ui/car/draw'
import { CAR_VIEWS } from '../ui/car/look'
import { carLook } from '../ui/configurator/car-look'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : [])

/**
 * The car as an SVG image: `/car/{model}/{view}.svg?version&paint&wheels&interior&packs&accessories`
 * (built by carImagePath). Every code must be the model's; anything else is not found. Only the
 * picture is checked, not whether the car can be built: the picture never prices anything.
 */
export const carImage = new Hono<AppEnv>().get('/car/:model/:file', async (c) => {
  const view = CAR_VIEWS.find((each) => c.req.param('file') === `${each}.svg`)
  const catalog = view ? await c.get('store').catalog(c.req.param('model')) : null
  if (!view || !catalog) return c.notFound()
  const query = c.req.query()
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
  if (!valid) return c.notFound()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600">${drawCar(carLook(catalog, configuration), view, 'c')}</svg>`
  return c.body(svg, 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': CachePolicy.publicDay,
  })
})
