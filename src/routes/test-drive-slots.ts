import { dateInTimeZone } from '../domain/calendar'
import type { Store } from '../domain/testdrive/schema'
import { type Slot, slotsFor } from '../domain/testdrive/slots'
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
