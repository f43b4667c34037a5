import { addDays, type CountryCode, type IsoDate } from '../domain/catalog/markets'
import type { Order } from '../domain/order/order'
import type { Store as Showroom } from '../domain/testdrive/schema'
import { type Slot, slotsFor } from '../domain/testdrive/slots'
import { utcToZoned } from '../domain/testdrive/time'
import type { Store } from '../store'
import type { HandoverBooking } from '../store/handovers'

/** The statuses in which a buyer books or moves the handover: the car is allocated and not yet handed over. */
const BOOKABLE: readonly string[] = ['allocated', 'shipped', 'vehiclePreparation']

/** Days past the delivery window's last day that handover slots are still offered (a buyer away on holiday). */
export const HANDOVER_DAYS_AFTER_WINDOW = 14

/**
 * Whether the order's handover can be booked (or moved) now.
 *
 * @example
 * mayBookHandover({ status: 'allocated' }) // true
 */
export function mayBookHandover(order: Pick<Order, 'status'>): boolean {
  return BOOKABLE.includes(order.status)
}

/**
 * The store an order's car is handed over at: the one of its appointment, else the one named at ordering, else the
 * country's first store (its flagship; the data lists it first). Null when the country has none that hands over.
 *
 * @example
 * const showroom = await deliveryStore(ctx.store, 'DE', order, booking)
 */
export async function deliveryStore(
  data: Store,
  country: CountryCode,
  order: Pick<Order, 'storeId'>,
  booking: HandoverBooking | null,
): Promise<Showroom | null> {
  const stores = (await data.showrooms(country)).filter((store) => store.handover)
  const wanted = booking?.storeId ?? order.storeId
  return stores.find((store) => store.id === wanted) ?? stores[0] ?? null
}

/**
 * The handover slots a store offers an order: from the first day of its delivery window (never before the store's
 * lead time) to two weeks past its last day, minus the places already booked.
 *
 * @example
 * const slots = await handoverSlots(ctx.store, showroom, order, new Date())
 */
export async function handoverSlots(data: Store, showroom: Showroom, order: Order, now = new Date()): Promise<Slot[]> {
  const settings = showroom.handover
  if (!settings || !order.delivery) return []
  const today: IsoDate = utcToZoned(now, showroom.timeZone).date
  const from = order.delivery.from > today ? order.delivery.from : today
  const last = addDays(order.delivery.to, HANDOVER_DAYS_AFTER_WINDOW)
  const days = Math.max(0, Math.round((Date.parse(last) - Date.parse(from)) / 86_400_000) + 1)
  const booked = await data.handovers.bookedCounts(
    showroom.id,
    new Date(Date.parse(from) - 86_400_000).toISOString(),
    new Date(Date.parse(last) + 2 * 86_400_000).toISOString(),
  )
  // The handover settings in the place of the test-drive ones: the same layout and the same capacity rule.
  const horizon = Math.max(settings.horizonDays, days + Math.round((Date.parse(from) - Date.parse(today)) / 86_400_000))
  return slotsFor(
    { ...showroom, testDrive: { ...settings, horizonDays: horizon } },
    from,
    Math.min(days, 366),
    now,
    booked,
  )
}

/**
 * Books or moves an order's handover at one of the country's stores, in a slot it offers now: 'invalid' for another
 * store, a slot not offered or an order not yet allocated; 'full' when the last place went meanwhile.
 *
 * @example
 * await bookHandover(ctx.store, site, stored, { storeId, slotStart }, { locale, recipient })
 */
export async function bookHandover(
  data: Store,
  country: CountryCode,
  stored: { id: string; order: Order },
  choice: { storeId: string; slotStart: string },
  mail: { locale: string; recipient: string },
  now = new Date(),
) {
  const { order } = stored
  if (!mayBookHandover(order)) return { status: 'invalid' as const }
  const showroom = (await data.showrooms(country)).find((store) => store.id === choice.storeId && store.handover)
  if (!showroom?.handover) return { status: 'invalid' as const }
  const slots = await handoverSlots(data, showroom, order, now)
  if (!slots.some((slot) => slot.start === choice.slotStart)) return { status: 'invalid' as const }
  const wall = utcToZoned(new Date(choice.slotStart), showroom.timeZone)
  return data.handovers.book({
    orderId: stored.id,
    storeId: showroom.id,
    slotStart: choice.slotStart,
    capacity: showroom.handover.capacity,
    now,
    mail: {
      ...mail,
      // The appointment as the e-mail names it: the store and its wall-clock day and time.
      payload: {
        orderId: stored.id,
        name: order.contact.firstName,
        number: order.orderNumber ?? order.reservationNumber ?? '',
        country,
        storeId: showroom.id,
        localDate: wall.date,
        localTime: wall.time,
      },
    },
  })
}
