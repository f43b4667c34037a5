import { dateInTimeZone } from '../domain/calendar'
import type { Store } from '../domain/testdrive/schema'
import { type Slot, slotsFor } from '../domain/testdrive/slots'
import { type BookingProblem, type BookingRequest, validateBooking } from '../domain/testdrive/validate'
import type { Site } from '../i18n/sites'
import type { Store as DataStore } from '../store'

/** How far ahead the booking form offers slots. */
export const SLOT_DAYS = 14

/** The slots a store offers from today, minus the places already taken. */
export async function storeSlots(store: Store, data: DataStore, now = new Date()): Promise<Slot[]> {
  // The store's own calendar day, which is not UTC's around midnight (Bangkok, Reykjavík).
  const from = dateInTimeZone(now, store.timeZone)
  const until = new Date(now.getTime() + (SLOT_DAYS + 2) * 86_400_000).toISOString()
  const booked = await data.testDrives.bookedCounts(store.id, new Date(now.getTime() - 86_400_000).toISOString(), until)
  return slotsFor(store, from, SLOT_DAYS, now, booked)
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
  const stores = await data.stores(site.countryCode)
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
  if (outcome.status === 'full') return { status: 'full', slots: await storeSlots(store, data) }
  return {
    status: 'booked',
    id: outcome.id,
    notificationId: outcome.status === 'created' ? outcome.notificationId : null,
  }
}
