import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { logLine } from '../domain/log'
import { catalogFor } from '../i18n/catalog-store'
import { intlFor, type MessageKey } from '../i18n/intl'
import type { Site } from '../i18n/sites'
import { confirmationDocument, type StoredOrder } from '../routes/order/confirmation-document'
import { mayOpenOrder } from '../routes/order/owned-order'
import type { Store } from '../store'
import { carLook } from '../ui/configurator/car-look'
import { orderAccessService } from './auth/order-access'
import { resolveUser } from './auth/session'
import { carSvgDocument } from './car-image'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

/** The car's picture at the top of the confirmation, in pixels (drawn at half that in points: sharp when zoomed). */
const PICTURE = { width: 720, height: 360 }

/**
 * The car of an order as configured, front ¾, as PNG bytes; null when its configuration or model is gone or it could
 * not be drawn (the confirmation then goes without it: its text is what binds).
 */
async function orderedCarPng(store: Store, configurationId: string): Promise<Uint8Array | null> {
  const record = await store.findConfiguration(configurationId)
  const catalog = record?.choices ? await store.catalog(record.modelCode) : null
  if (!record?.choices || !catalog) return null
  try {
    const { rasterise } = await import('./car-png-raster')
    return await rasterise(carSvgDocument(carLook(catalog, record.choices), 'front', PICTURE))
  } catch (error) {
    console.warn(logLine('warn', 'order confirmation: the car could not be drawn', { configurationId, error }))
    return null
  }
}

/**
 * The order confirmation as a PDF in the site's language, the car as ordered at its top: what the order page links to
 * and the order e-mail carries. The PDF library, its fonts and the rasteriser load on demand.
 *
 * @example
 * const { fileName, bytes } = await confirmationPdf(store, site, stored, t)
 */
export async function confirmationPdf(
  store: Store,
  site: Site,
  stored: StoredOrder,
  t: (key: MessageKey, values?: Record<string, string | number>) => string,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const [doc, picture] = await Promise.all([
    confirmationDocument(store, site, stored, t),
    orderedCarPng(store, stored.configurationId),
  ])
  const { renderConfirmation } = await import('./pdf/render')
  return { fileName: doc.fileName.replace(/[^\w.-]/g, '_'), bytes: await renderConfirmation(doc, picture) }
}

/** The path of an order's confirmation PDF below a site's prefix (the order page links to it). */
export const ORDER_CONFIRMATION_PDF_PATH = '/order/:id/confirmation.pdf'

/**
 * `GET {prefix}/order/{id}/confirmation.pdf`: the order confirmation (Directive 2011/83/EU, Art. 8(7)) as a PDF in
 * the site's language, for whoever the order page lets in (`mayOpenOrder`); anyone else gets the 404 page (thrown).
 * The PDF library and its font load on demand, outside the Worker's main bundle.
 */
export async function handleOrderConfirmationPdf(c: Context<AppEnv>, site: Site): Promise<Response> {
  const id = c.req.param('id') ?? ''
  const store = c.get('store')
  const stored = /^[\w-]{1,64}$/.test(id) ? await store.orders.find(id) : null
  const visitor = { session: { user: await resolveUser(c) }, orderAccess: orderAccessService(c, site) }
  if (!stored || !(await mayOpenOrder(visitor, stored))) throw new HTTPException(404)
  const intl = intlFor(site.locale, await catalogFor(c.env, site.locale))
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
  const { fileName, bytes } = await confirmationPdf(store, site, stored, t)
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': CachePolicy.none,
  })
}
