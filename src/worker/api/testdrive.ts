import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { storeSlots } from '../../app/test-drive'
import { nearestStores } from '../../domain/testdrive/geo'
import { SITES, siteByPrefix } from '../../i18n/sites'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiMessage, invalidFields } from './errors'

const SitePrefix = z.enum(SITES.map((s) => s.prefix) as [string, ...string[]])
const NearestRequest = z.strictObject({
  site: SitePrefix,
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
})

const StoreView = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  distanceKm: z.number().optional(),
})

export const TEST_DRIVE_ENDPOINTS = {
  nearestStores: {
    method: 'post',
    path: '/api/v1/stores/nearest',
    operationId: 'nearestStores',
    summary: 'The stores of a site nearest to a location (the browser’s geolocation), distance computed here',
    tags: ['test drive'],
    body: NearestRequest,
    example: { site: '/se', lat: 59.33, lon: 18.06 },
    responses: {
      200: { description: 'Nearest stores first', schema: z.object({ stores: z.array(StoreView) }) },
      403: { description: 'Missing or wrong anti-forgery token' },
      422: { description: 'Invalid location or site' },
    },
  },
  storeSlots: {
    method: 'get',
    path: '/api/v1/stores/{id}/slots',
    operationId: 'storeSlots',
    summary: 'Free test-drive slots of a store for the next two weeks, in its time zone (query: site=/se)',
    tags: ['test drive'],
    responses: {
      200: { description: 'Slots', schema: z.object({ slots: z.array(z.record(z.string(), z.unknown())) }) },
      404: { description: 'No such store on that site' },
    },
  },
} satisfies Record<string, EndpointSpec>

export const testDriveApi = new Hono<AppEnv>()
  .post(routePath(TEST_DRIVE_ENDPOINTS.nearestStores), jsonBody(TEST_DRIVE_ENDPOINTS.nearestStores), async (c) => {
    const request = c.req.valid('json')
    const site = siteByPrefix(request.site)
    if (!site) throw invalidFields()
    const stores = await c.get('store').showrooms(site.countryCode)
    const nearest = nearestStores(stores, { lat: request.lat, lon: request.lon }, stores.length)
    if (!nearest.ok)
      throw invalidFields([{ path: 'lat', message: apiMessage(c, 'testDrive.error.nearestStore') }], 'invalid_location')
    return c.json({
      stores: nearest.stores.map(({ store, distanceKm }) => ({
        id: store.id,
        name: store.name,
        city: store.address.city,
        distanceKm: Math.round(distanceKm * 10) / 10,
      })),
    })
  })
  .get(routePath(TEST_DRIVE_ENDPOINTS.storeSlots), async (c) => {
    const site = siteByPrefix(c.req.query('site') ?? '')
    const stores = site ? await c.get('store').showrooms(site.countryCode) : []
    const store = stores.find((s) => s.id === c.req.param('id'))
    if (!store) throw new HTTPException(404)
    return c.json({ slots: await storeSlots(store, c.get('store')) }, 200, { 'cache-control': CachePolicy.none })
  })
