import { describe, expect, it, vi } from 'vitest'
import { storeById, testStore } from '../domain/testdrive/test-data'
import { siteForPath } from '../i18n/sites'
import { isShared } from '../lib/shared'
import type { Store as DataStore } from '../store'
import type { BookingOutcome } from '../store/testdrive'
import { AVAILABILITY_SECONDS, bookTestDrive, forgetFreeSlots, sharedSlots, storeSlots } from './test-drive'

const oslo = storeById('no-oslo-skoyen')
const { site } = siteForPath('/no')
const SLOT = '2026-12-01T09:00:00.000Z' // Tuesday 10:00 in Oslo
/** Bookings that leave one place, and that fill the slot. */
const ONE_LEFT = oslo.testDrive.capacity - 1
const FULL = oslo.testDrive.capacity

/** A data store with Oslo's bookings as given (per slot), counting the reads of them. */
function data(booked: Map<string, number>, options: { recentWrite?: boolean; outcome?: BookingOutcome } = {}) {
  const bookedCounts = vi.fn(async () => new Map(booked))
  const store = {
    recentWrite: options.recentWrite ?? false,
    showrooms: async () => [oslo],
    testDrives: {
      bookedCounts,
      createBooking: async () => options.outcome ?? { status: 'created', id: 'b1', notificationId: 'n1' },
    },
  }
  return { store: store as unknown as DataStore, bookedCounts }
}

const available = (slots: { start: string; available: number }[]) => slots.find((s) => s.start === SLOT)?.available

describe('the free test-drive slots a page shows', () => {
  // Each test starts from a moment of its own, later than every earlier one: what a test kept is then too old.
  let clock = Date.parse('2026-11-22T00:00:00Z')
  const later = () => {
    clock += 3_600_000
    return new Date(clock)
  }

  it('reads a store’s bookings once per AVAILABILITY_SECONDS in an isolate, then anew', async () => {
    const now = later()
    const { store, bookedCounts } = data(new Map([[SLOT, ONE_LEFT]]))
    expect(available(await storeSlots(oslo, store, now))).toBe(1)
    expect(available(await storeSlots(oslo, store, new Date(now.getTime() + 19_999)))).toBe(1)
    expect(bookedCounts).toHaveBeenCalledTimes(1)
    // The window read covers every date offered (14 days) with two days to spare.
    expect(bookedCounts).toHaveBeenCalledWith(
      oslo.id,
      new Date(now.getTime() - 86_400_000).toISOString(),
      new Date(now.getTime() + 16 * 86_400_000).toISOString(),
    )
    await storeSlots(oslo, store, new Date(now.getTime() + AVAILABILITY_SECONDS * 1000))
    expect(bookedCounts).toHaveBeenCalledTimes(2)
  })

  it('shows a place taken meanwhile only after AVAILABILITY_SECONDS, to visitors who have not written', async () => {
    const now = later()
    await storeSlots(oslo, data(new Map()).store, now)
    const taken = data(new Map([[SLOT, FULL]]))
    expect(available(await storeSlots(oslo, taken.store, new Date(now.getTime() + 5_000)))).toBe(FULL)
    expect(taken.bookedCounts).not.toHaveBeenCalled()
    expect(available(await storeSlots(oslo, taken.store, new Date(now.getTime() + 20_000)))).toBeUndefined()
  })

  it('reads anew for a visitor who has just written (their D1 bookmark), and when asked to', async () => {
    const now = later()
    await storeSlots(oslo, data(new Map()).store, now)
    const own = data(new Map([[SLOT, FULL]]), { recentWrite: true })
    expect(available(await storeSlots(oslo, own.store, new Date(now.getTime() + 1_000)))).toBeUndefined()
    expect(own.bookedCounts).toHaveBeenCalledTimes(1)
    const asked = data(new Map([[SLOT, ONE_LEFT]]))
    expect(available(await storeSlots(oslo, asked.store, new Date(now.getTime() + 2_000), { fresh: true }))).toBe(1)
  })

  it('reads anew after a booking in this isolate, and a slot found full comes with the slots as they are now', async () => {
    const now = later()
    await storeSlots(oslo, data(new Map()).store, now)
    const request = {
      storeId: oslo.id,
      modelCode: 'p5',
      slotStart: SLOT,
      name: 'Kari Nordmann',
      phone: '412 34 567',
      email: 'kari@example.no',
      privacyAccepted: true,
    }
    const booking = data(new Map([[SLOT, ONE_LEFT]]))
    const outcome = await bookTestDrive(booking.store, site, request, { idempotencyKey: 'k1', ownerId: null, now })
    expect(outcome.status).toBe('booked')
    const after = data(new Map([[SLOT, FULL]]))
    expect(available(await storeSlots(oslo, after.store, new Date(now.getTime() + 1_000)))).toBeUndefined()

    const full = data(new Map([[SLOT, ONE_LEFT]]), { outcome: { status: 'full' } })
    const refused = await bookTestDrive(full.store, site, request, { idempotencyKey: 'k2', ownerId: null, now })
    expect(refused.status).toBe('full')
    // One read to check the request, one for the slots shown with the refusal, none from memory.
    expect(full.bookedCounts).toHaveBeenCalledTimes(2)
  })

  it('reads anew after a booking was cancelled or declined in this isolate (forgetFreeSlots)', async () => {
    const now = later()
    await storeSlots(oslo, data(new Map([[SLOT, FULL]])).store, now)
    forgetFreeSlots()
    const freed = data(new Map([[SLOT, ONE_LEFT]]))
    expect(available(await storeSlots(oslo, freed.store, new Date(now.getTime() + 1_000)))).toBe(1)
    expect(freed.bookedCounts).toHaveBeenCalledTimes(1)
  })
})

describe('the free slots every visitor alike sees', () => {
  const monday = Date.parse('2026-03-30T06:00:00Z')

  it('hands out the same free slots until one falls out of the window or the bookings are read anew', () => {
    const store = testStore()
    const booked = new Map<string, number>()
    const first = sharedSlots(store, '2026-03-30', 7, new Date(monday), booked)
    expect(isShared(first)).toBe(true)
    // A minute later nothing has changed: the same slots, written once into every page's payload.
    expect(sharedSlots(store, '2026-03-30', 7, new Date(monday + 60_000), booked)).toBe(first)
    // Once the first slot is closer than the lead time, it is gone.
    const leadMs = store.testDrive.leadHours * 3_600_000
    const past = Date.parse(first[0]?.start ?? '') - leadMs + 1
    const later = sharedSlots(store, '2026-03-30', 7, new Date(past), booked)
    expect(later).not.toBe(first)
    expect(later).toEqual(first.slice(1))
    // Bookings read anew (a new map): slots of their own, with what they say.
    const reread = new Map([[first[3]?.start ?? '', store.testDrive.capacity]])
    const afterBooking = sharedSlots(store, '2026-03-30', 7, new Date(monday), reread)
    expect(afterBooking.map((slot) => slot.start)).toEqual(first.filter((_, i) => i !== 3).map((slot) => slot.start))
  })
})

describe('the free slots of the same store again', () => {
  it('lays out the store’s hours once, and still follows the moment and the bookings', () => {
    const store = testStore()
    const fresh = () => testStore()
    const monday = new Date('2026-03-28T12:00:00Z')
    const first = sharedSlots(store, '2026-03-30', 7, monday, new Map())
    const iso = vi.spyOn(Date.prototype, 'toISOString')
    try {
      const later = new Date('2026-03-30T09:30:00Z')
      const booked = new Map([[first[30]?.start ?? '', 2]])
      const again = sharedSlots(store, '2026-03-30', 7, later, booked)
      // A few readings of the moment, none per slot.
      expect(iso.mock.calls.length).toBeLessThan(first.length / 4)
      iso.mockRestore()
      expect(again).toEqual(sharedSlots(fresh(), '2026-03-30', 7, later, booked))
      expect(again.length).toBeLessThan(first.length)
      expect(again.some((slot) => slot.start === first[30]?.start)).toBe(false)
      expect(sharedSlots(store, '2026-03-30', 7, monday, new Map())).toEqual(first)
    } finally {
      iso.mockRestore()
    }
  })
})
