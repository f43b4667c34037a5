/**
 * Schemas of the store data (data/stores/<country>.json) and of a booking request's shape. The logic modules
 * of this folder import only types from here, so the browser bundle never pulls in zod.
 */
import { z } from 'zod'
import { IsoDate } from '../catalog/markets-schema'
import type { StoreCountry } from './phone'
import { isLocalTime, isTimeZone, minutesOfDay, WEEKDAYS, type Weekday } from './time'

/** The countries with test-drive stores: every country site, not the global one. */
const StoreCountrySchema = z.enum([
  'NO',
  'SE',
  'DK',
  'NL',
  'DE',
  'FR',
  'BE',
  'TH',
  'IS',
  'LU',
  'AT',
] as const satisfies readonly StoreCountry[])

const ModelCode = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)

const LocalTimeSchema = z.string().refine(isLocalTime, { message: 'a time as HH:mm' })
/** Minutes of a time, or NaN when the time itself is bad (that field already has its issue). */
const minutesOrNaN = (time: string) => (isLocalTime(time) ? minutesOfDay(time) : Number.NaN)

/**
 * One opening interval of a day in the store's local time; `close` is when the last test drive must end.
 *
 * @example
 * OpeningInterval.parse({ open: '10:00', close: '18:00' })
 */
export const OpeningInterval = z
  .strictObject({ open: LocalTimeSchema, close: LocalTimeSchema })
  .refine((interval) => !(minutesOrNaN(interval.open) >= minutesOrNaN(interval.close)), {
    message: 'a store opens before it closes',
    path: ['close'],
  })
export type OpeningInterval = z.infer<typeof OpeningInterval>

const DayHours = z
  .array(OpeningInterval)
  .max(4)
  .refine(
    (intervals) =>
      intervals.every(
        (interval, i) =>
          i === 0 || minutesOfDay((intervals[i - 1] as OpeningInterval).close) <= minutesOfDay(interval.open),
      ),
    { message: 'intervals of a day are in order and do not overlap' },
  )

/**
 * Opening hours per weekday in local time; an empty list is a closed day (a lunch break is two intervals).
 *
 * @example
 * OpeningHours.parse({ mon: [{ open: '10:00', close: '18:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] })
 */
export const OpeningHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayHours])) as Record<Weekday, typeof DayHours>,
)
export type OpeningHours = z.infer<typeof OpeningHours>

/**
 * How a store books test drives.
 *
 * @example
 * TestDriveSettings.parse({ slotMinutes: 60, capacity: 2, leadHours: 24, horizonDays: 30 })
 */
export const TestDriveSettings = z.strictObject({
  /** Length of one test drive and the step between slot starts. */
  slotMinutes: z.int().min(15).max(240),
  /** Cars (and staff) available per slot: how many bookings one slot takes. */
  capacity: z.int().min(1).max(20),
  /** The earliest slot starts this many hours after now. */
  leadHours: z.int().min(0).max(168),
  /** The last bookable day is today (store time) plus this many days. */
  horizonDays: z.int().min(1).max(365),
})
export type TestDriveSettings = z.infer<typeof TestDriveSettings>

/**
 * A point on earth in decimal degrees (WGS 84).
 *
 * @example
 * GeoPointSchema.parse({ lat: 59.9139, lon: 10.7522 })
 */
export const GeoPointSchema = z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })

const StoreFields = z.strictObject({
  /** `<country>-<slug>`, lower case, unique over all countries. */
  id: z
    .string()
    .max(60)
    .regex(/^[a-z]{2}(-[a-z0-9]+)+$/),
  /** A proper noun, shown as is in every locale. */
  name: z.string().trim().min(1).max(80),
  address: z.strictObject({
    street: z.string().trim().min(1).max(120),
    postalCode: z.string().trim().min(3).max(10),
    /** As used locally (München, Göteborg, Reykjavík); the city filter groups by this text. */
    city: z.string().trim().min(1).max(60),
  }),
  location: GeoPointSchema,
  timeZone: z.string().refine(isTimeZone, { message: 'an IANA time zone the runtime knows' }),
  openingHours: OpeningHours,
  /** Local dates the store is closed although the weekday has hours (holidays). */
  closedDates: z.array(IsoDate).refine((dates) => new Set(dates).size === dates.length, {
    message: 'a closed date is listed once',
  }),
  modelsOnShow: z.array(ModelCode),
  testDrive: TestDriveSettings,
  /**
   * Handing cars over to their buyers: the same kind of slots as test drives (length, places per slot, lead time,
   * horizon), in a pool of their own. A store without it hands over no cars.
   */
  handover: TestDriveSettings.optional(),
  /** Who a buyer talks to about a delivery: the store's phone and e-mail address. */
  contact: z
    .strictObject({
      phone: z
        .string()
        .trim()
        .regex(/^\+[0-9 ]{6,20}$/),
      email: z.email().max(120),
    })
    .optional(),
})

/**
 * One country's store file; parsing gives every store its country.
 *
 * @example
 * StoreFile.parse(no).stores[0]?.country // 'NO'
 */
export const StoreFile = z
  .strictObject({ country: StoreCountrySchema, stores: z.array(StoreFields).min(1) })
  .superRefine((file, ctx) => {
    const ids = new Set<string>()
    file.stores.forEach((store, i) => {
      if (!store.id.startsWith(`${file.country.toLowerCase()}-`)) {
        ctx.addIssue({ code: 'custom', message: 'a store id starts with its country', path: ['stores', i, 'id'] })
      }
      if (ids.has(store.id))
        ctx.addIssue({ code: 'custom', message: 'store ids are unique', path: ['stores', i, 'id'] })
      ids.add(store.id)
    })
  })
  .transform((file) => ({
    country: file.country,
    stores: file.stores.map((store) => ({ country: file.country, ...store })),
  }))

/** A store as the logic uses it: the file's fields plus its country. */
export type Store = z.output<typeof StoreFile>['stores'][number]

/**
 * Parses one data/stores/<country>.json file into its stores; throws a ZodError naming the bad field.
 *
 * @example
 * parseStoreFile(no).map((store) => store.id) // ['no-oslo-skoyen', 'no-bergen-danmarksplass', ...]
 */
export function parseStoreFile(raw: unknown): Store[] {
  return StoreFile.parse(raw).stores
}

/**
 * The shape of a booking request as the form posts it; the rules (required, phone per country, slot free)
 * are checked by `validateBooking`, which names the field of each problem.
 *
 * @example
 * BookingRequestShape.parse({ country: 'NO', storeId: 'no-oslo-skoyen', privacyAccepted: true })
 */
export const BookingRequestShape = z.object({
  country: z.string().max(10).optional(),
  storeId: z.string().max(60).optional(),
  modelCode: z.string().max(40).optional(),
  carCode: z.string().max(40).optional(),
  slotStart: z.string().max(40).optional(),
  name: z.string().max(200).optional(),
  phone: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
  privacyAccepted: z.boolean().optional(),
})
