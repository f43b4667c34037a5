import { deliveryStore, handoverSlots, mayBookHandover } from '../../app/handover'
import type { OrderDeliveryWindow } from '../../domain/order/delivery-window'
import type { Order } from '../../domain/order/order'
import type { Slot } from '../../domain/testdrive/slots'
import { utcToZoned } from '../../domain/testdrive/time'
import { linkTo } from '../../i18n/links'
import type { LoadContext } from '../route'

/** The delivery store as the order page names it: who to talk to about the car and its handover. */
export interface DeliveryContact {
  name: string
  street: string
  postalCode: string
  city: string
  phone: string | null
  email: string | null
}

/** The handover as the order page shows it: the appointment, and the slots to book or move it. */
export interface HandoverView {
  /** The appointment, on the store's wall clock; null until booked. */
  booking: { storeName: string; start: string; localDate: string; localTime: string } | null
  /** Whether the appointment can be booked or moved now (the car is allocated, not yet handed over). */
  bookable: boolean
  /** The slot picker is open (`?handover=pick`): the store chosen and its free slots. */
  picking: boolean
  stores: { id: string; name: string }[]
  storeId: string
  slots: Slot[]
}

/** What the wait for the car looks like on the order page. */
export interface WaitView {
  delivery: OrderDeliveryWindow | null
  contact: DeliveryContact | null
  handover: HandoverView
  /** The handover's calendar file, as an address; null without an appointment. */
  documents: { calendar: string | null }
}

/**
 * The delivery window, the delivery store's contact, the handover appointment (and, while the picker is open, the
 * slots of the chosen store) and its calendar file, of an order the visitor may open.
 *
 * @example
 * const wait = await waitFor(ctx, { id, order })
 */
export async function waitFor(ctx: LoadContext, stored: { id: string; order: Order }): Promise<WaitView> {
  const { order } = stored
  const booking = await ctx.store.handovers.ofOrder(stored.id)
  const active = booking?.status === 'booked' ? booking : null
  const stores = (await ctx.store.showrooms(ctx.site.countryCode)).filter((store) => store.handover)
  const home = await deliveryStore(ctx.store, ctx.site.countryCode, order, active)
  const query = ctx.url.searchParams
  const bookable = mayBookHandover(order)
  const picking = bookable && (query.get('handover') === 'pick' || (!active && order.delivery !== undefined))
  const chosen = stores.find((store) => store.id === query.get('store')) ?? home
  const bookedAt = active ? stores.find((store) => store.id === active.storeId) : null
  const wall = active && bookedAt ? utcToZoned(new Date(active.slotStart), bookedAt.timeZone) : null
  return {
    delivery: order.delivery ?? null,
    contact: home
      ? {
          name: home.name,
          ...home.address,
          phone: home.contact?.phone ?? null,
          email: home.contact?.email ?? null,
        }
      : null,
    handover: {
      booking:
        active && bookedAt && wall
          ? { storeName: bookedAt.name, start: active.slotStart, localDate: wall.date, localTime: wall.time }
          : null,
      bookable,
      picking,
      stores: stores.map((store) => ({ id: store.id, name: store.name })),
      storeId: chosen?.id ?? '',
      slots: picking && chosen ? await handoverSlots(ctx.store, chosen, order) : [],
    },
    documents: {
      calendar: active ? linkTo(ctx.site, `/order/${stored.id}/handover.ics`) : null,
    },
  }
}
