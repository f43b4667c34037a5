import type { IsoDate } from '../domain/catalog/markets'
import type { Store } from '../domain/testdrive/schema'
import { freeSlots, layOutSlots, type OpenSlot, type Slot, type SlotStore, slotWindow } from '../domain/testdrive/slots'
import { type BookingProblem, type BookingRequest, validateBooking } from '../domain/testdrive/validate'
import { dateInTimeZone } from '../i18n/calendar'
import type { Site } from '../i18n/sites'
import { memo } from '../lib/memo'
import type { Store as DataStore } from '../store'

/** How far ahead the booking form offers slots. */
export const SLOT_DAYS = 14

/**
 * How long an isolate shows a store's free slots from the bookings it last read, for every visitor but one who has
 * just written (their D1 bookmark): 20 s, within the 5 minutes an anonymous visitor's page may come from the edge
 * cache anyway. It keeps a launch's test-drive pages from reading D1 on every view (docs/scale.md,
 * docs/decisions/0029-isolate-kept-lists.md). A booking, cancellation or decline in the isolate drops what it kept.
 * A place taken meanwhile elsewhere is still refused by the booking itself, which counts the slot's bookings in its
 * own statement; the form then shows the slots read anew.
 */
export const AVAILABILITY_SECONDS = 20

const DAY = 86_400_000

/** Each store's bookings per slot as last read by this isolate, and when (epoch ms); by store id. */
const availability = new Map<string, { counts: ReadonlyMap<string, number>; readAt: number }>()

/**
 * The slots a store offers from today, minus the places already taken: as read within the last
 * AVAILABILITY_SECONDS, or read now when `fresh` or when the visitor has just written (`data.recentWrite`).
 */
export async function storeSlots(
  store: Store,
  data: DataStore,
  now = new Date(),
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Slot[]> {
  // The store's own calendar day, which is not UTC's around midnight (Bangkok, Reykjavík).
  const from = dateInTimeZone(now, store.timeZone)
  const booked = await bookedCounts(store, data, now.getTime(), fresh || data.recentWrite)
  return sharedSlots(store, from, SLOT_DAYS, now, booked)
}

/** A store's slots laid out per store object and dates: its hours do not change while its object lives. */
const layouts = memo<[SlotStore], readonly OpenSlot[]>(8)
/** The free slots of the same layout, bookings read and window: the same list for every visitor alike. */
const windows = memo<[readonly OpenSlot[], ReadonlyMap<string, number>], Slot[]>(8)

/**
 * `slotsFor`, made once per isolate until a slot falls out of the window or the bookings are read anew (a new map),
 * and shared: a page's payload writes the list once.
 *
 * @example
 * sharedSlots(store, '2026-03-30', 14, new Date(), booked) === sharedSlots(store, '2026-03-30', 14, new Date(), booked)
 */
export function sharedSlots(
  store: SlotStore,
  from: IsoDate,
  days: number,
  now: Date,
  booked: ReadonlyMap<string, number>,
): Slot[] {
  const open = layouts([store], `${from}|${days}`, () => layOutSlots(store, from, days))
  const { first, end } = slotWindow(open, store, now)
  const capacity = store.testDrive.capacity
  return windows([open, booked], `${first}|${end}|${capacity}`, () => freeSlots(open, first, end, booked, capacity))
}

/**
 * Forgets the bookings this isolate kept: after a test drive moved to a status that may free its place (a customer
 * cancelled it, staff declined it), the next form reads them anew.
 */
export function forgetFreeSlots(): void {
  availability.clear()
}

async function bookedCounts(store: Store, data: DataStore, at: number, fresh: boolean) {
  const kept = availability.get(store.id)
  if (!fresh && kept && at >= kept.readAt && at - kept.readAt < AVAILABILITY_SECONDS * 1000) return kept.counts
  // From a day back to two days past the last date offered: reused for AVAILABILITY_SECONDS, it still covers them all.
  const counts = await data.testDrives.bookedCounts(
    store.id,
    new Date(at - DAY).toISOString(),
    new Date(at + (SLOT_DAYS + 2) * DAY).toISOString(),
  )
  availability.set(store.id, { counts, readAt: at })
  return counts
}

/**
 * What booking a test drive gave: field problems, a slot that filled up meanwhile (with the slots left), or a
 * booking (the first one's id again on a retry of the same form, with no new e-mail).
 */
export type TestDriveBookingOutcome =
  | { status: 'invalid'; problems: BookingProblem[] }
  | { status: 'full'; slots: Slot[] }
  | { status: 'booked'; id: string; notificationId: string | null }

/**
 * Books a test drive on a country site: checks the request against the country's stores and the slots they
 * offer now, then stores it once per form (idempotency key) within the store's capacity.
 *
 * @example
 * const outcome = await bookTestDrive(ctx.store, ctx.site, request, { idempotencyKey, ownerId: null })
 */
export async function bookTestDrive(
  data: DataStore,
  site: Site,
  request: Omit<BookingRequest, 'country'>,
  options: { idempotencyKey: string; ownerId: string | null; now?: Date },
): Promise<TestDriveBookingOutcome> {
  const now = options.now ?? new Date()
  const stores = await data.showrooms(site.countryCode)
  const store = stores.find((s) => s.id === request.storeId)
  const booked = store ? await data.testDrives.bookedCounts(store.id, '0000', '9999') : new Map<string, number>()
  const { problems, booking } = validateBooking({ ...request, country: site.countryCode }, { stores, now, booked })
  if (!booking || !store) return { status: 'invalid', problems }
  const outcome = await data.testDrives.createBooking({
    idempotencyKey: options.idempotencyKey,
    booking,
    capacity: store.testDrive.capacity,
    locale: site.locale,
    ownerId: options.ownerId,
    now,
  })
  // The slots shown next are read anew: the place this booking took, or the one it found taken.
  availability.delete(store.id)
  if (outcome.status === 'full') return { status: 'full', slots: await storeSlots(store, data, now, { fresh: true }) }
  return {
    status: 'booked',
    id: outcome.id,
    notificationId: outcome.status === 'created' ? outcome.notificationId : null,
  }
}
