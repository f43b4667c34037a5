import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { type CalendarAppointment, calendarFile } from '../domain/order/calendar-file'
import type { Order } from '../domain/order/order'
import { catalogFor } from '../i18n/catalog-store'
import { intlFor, type MessageKey } from '../i18n/intl'
import type { Site } from '../i18n/sites'
import { mayOpenOrder } from '../routes/order/owned-order'
import type { Store } from '../store'
import type { HandoverBooking } from '../store/handovers'
import { orderAccessService } from './auth/order-access'
import { resolveUser } from './auth/session'
import { CachePolicy } from './ssr/cache-policy'
import type { AppEnv } from './types'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * The handover appointment of an order as an .ics file in the customer's language: the store's address as the
 * location, the order's page as its link, the store as organizer. Null when the order has no appointment or its
 * store is gone from the data.
 *
 * @example
 * const ics = await handoverCalendar(store, site, { id, order }, booking, t, origin)
 */
export async function handoverCalendar(
  store: Store,
  site: Site,
  stored: { id: string; order: Order },
  booking: HandoverBooking | null,
  t: Translate,
  origin: string,
): Promise<string | null> {
  if (!booking) return null
  const showroom = (await store.showrooms(site.countryCode)).find((each) => each.id === booking.storeId)
  if (!showroom?.handover) return null
  const number = stored.order.orderNumber ?? stored.order.reservationNumber ?? stored.id
  const { street, postalCode, city } = showroom.address
  const appointment: CalendarAppointment = {
    uid: `handover-${stored.id}@${new URL(origin).hostname}`,
    sequence: booking.sequence,
    start: booking.slotStart,
    minutes: showroom.handover.slotMinutes,
    summary: t('orderMail.calendar.summary', { model: 'P5', number }),
    location: `${showroom.name}, ${street}, ${postalCode} ${city}`,
    description: t('orderMail.calendar.description', {
      number,
      phone: showroom.contact?.phone ?? '',
      email: showroom.contact?.email ?? '',
    }),
    url: `${origin}${site.prefix}/order/${stored.id}`,
    stamp: booking.updatedAt,
    organizer: { name: showroom.name, email: showroom.contact?.email ?? `handover@${new URL(origin).hostname}` },
    cancelled: booking.status === 'cancelled',
  }
  return calendarFile(appointment)
}

/** The file name of an order's handover calendar file. */
export const handoverFileName = (stored: { id: string; order: Order }) =>
  `handover-${stored.order.orderNumber ?? stored.id}.ics`.replace(/[^\w.-]/g, '_')

/** The path of an order's handover calendar file below a site's prefix (the order page links to it). */
export const HANDOVER_CALENDAR_PATH = '/order/:id/handover.ics'

/**
 * `GET {prefix}/order/{id}/handover.ics`: the order's handover appointment as a calendar file, for its owner signed
 * in or a browser an order link let into this order (the order page's own check); anyone else gets a 404.
 */
export async function handleHandoverCalendar(c: Context<AppEnv>, site: Site): Promise<Response> {
  const id = c.req.param('id') ?? ''
  const store = c.get('store')
  const stored = /^[\w-]{1,64}$/.test(id) ? await store.orders.find(id) : null
  const visitor = { session: { user: await resolveUser(c) }, orderAccess: orderAccessService(c, site) }
  // The order page's own check: its owner signed in, or a browser an order link let into this order.
  if (!stored || !(await mayOpenOrder(visitor, stored))) throw new HTTPException(404)
  const booking = await store.handovers.ofOrder(stored.id)
  const intl = intlFor(site.locale, await catalogFor(c.env, site.locale))
  const t: Translate = (key, values) => intl.formatMessage({ id: key as MessageKey }, values)
  const ics = await handoverCalendar(store, site, stored, booking, t, c.get('config').OFFICIAL_URL)
  if (!ics) throw new HTTPException(404)
  return c.body(ics, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${handoverFileName(stored)}"`,
    'Cache-Control': CachePolicy.none,
  })
}
