import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { catalogFor } from '../i18n/catalog-store'
import { intlFor, type MessageKey } from '../i18n/intl'
import type { Site } from '../i18n/sites'
import { confirmationDocument } from '../routes/order/confirmation-document'
import { mayOpenOrder } from '../routes/order/owned-order'
import { orderAccessService } from './auth/order-access'
import { resolveUser } from './auth/session'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

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
  const doc = await confirmationDocument(store, site, stored, t)
  const { renderConfirmation } = await import('./pdf/render')
  const bytes = await renderConfirmation(doc)
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${doc.fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': CachePolicy.none,
  })
}
