/**
 * Checks a test-drive booking request with zod (server only) and answers with field-level problems (pure: the
 * caller passes the stores, the clock and the bookings of the requested store).
 */

import { z } from 'zod'
import {
  formContext,
  formIssues,
  INVALID,
  optionalField,
  postedText,
  requiredField,
  rule,
} from '../validation/form-schema'
import { personName } from '../validation/person-name'
import type { FieldProblem } from '../validation/problem'
import {
  type BookingProblemCode,
  FIELD_LABEL_KEYS,
  type FieldLabelKey,
  PROBLEM_MESSAGE_KEYS,
  type ProblemMessageKey,
} from './messages'
import { isStoreCountry, isValidEmail, normalizePhone, PHONE_RULES, type StoreCountry } from './phone'
import type { Store } from './schema'
import { normalizeSlotStart, type SlotStartIso, slotsFor } from './slots'
import { utcToZoned } from './time'

/**
 * A booking request as the form sends it; anything may be missing or empty.
 *
 * @example
 * const request: BookingRequest = { country: 'NO', storeId: 'no-oslo-skoyen', modelCode: 'p5',
 *   slotStart: '2026-12-01T09:00:00.000Z', name: 'Kari Nordmann', phone: '412 34 567', email: 'kari@example.no',
 *   privacyAccepted: true }
 */
export interface BookingRequest {
  country?: string | null
  storeId?: string | null
  modelCode?: string | null
  slotStart?: string | null
  name?: string | null
  phone?: string | null
  email?: string | null
  privacyAccepted?: boolean | null
  /** The model code of the route `/test-drive/{carCode}`, when the visitor came with one. */
  carCode?: string | null
}

/**
 * The fields a problem can name.
 *
 * @example
 * BOOKING_FIELDS.includes('phone') // true
 */
export const BOOKING_FIELDS = [
  'country',
  'storeId',
  'modelCode',
  'carCode',
  'slotStart',
  'name',
  'phone',
  'email',
  'privacyAccepted',
] as const
export type BookingField = (typeof BOOKING_FIELDS)[number]

const LABELS: Record<BookingField, FieldLabelKey> = {
  country: FIELD_LABEL_KEYS.country,
  storeId: FIELD_LABEL_KEYS.store,
  modelCode: FIELD_LABEL_KEYS.model,
  carCode: FIELD_LABEL_KEYS.model,
  slotStart: FIELD_LABEL_KEYS.slot,
  name: FIELD_LABEL_KEYS.name,
  phone: FIELD_LABEL_KEYS.phone,
  email: FIELD_LABEL_KEYS.email,
  privacyAccepted: FIELD_LABEL_KEYS.privacy,
}

/** Fields filled by a choice: their `required` message says "select", not "enter". */
const CHOICES: ReadonlySet<BookingField> = new Set(['country', 'storeId', 'modelCode', 'slotStart'])

/**
 * One problem with one field. The screen formats `messageKey` with `params` plus `label`, the translation of
 * `labelKey`.
 *
 * @example
 * const p: BookingProblem = { field: 'phone', code: 'invalid', messageKey: 'testDrive.problem.invalidPhone',
 *   labelKey: 'testDrive.field.phone', params: { example: '+47 412 34 567' } }
 */
export type BookingProblem = FieldProblem<BookingField, ProblemMessageKey> & {
  code: BookingProblemCode
  labelKey: FieldLabelKey
  params: Record<string, string>
}

/**
 * A request without problems, normalised for storage: trimmed texts, the phone in E.164, the slot start as its
 * canonical key with the store's local date and time.
 *
 * @example
 * const b: ValidBooking = { country: 'NO', storeId: 'no-oslo-skoyen', modelCode: 'p5', carCode: null,
 *   slotStart: '2026-12-01T09:00:00.000Z', localDate: '2026-12-01', localTime: '10:00', timeZone: 'Europe/Oslo',
 *   name: 'Kari Nordmann', phone: '+4741234567', email: 'kari@example.no' }
 */
export interface ValidBooking {
  country: StoreCountry
  storeId: string
  modelCode: string
  carCode: string | null
  slotStart: SlotStartIso
  localDate: string
  localTime: string
  timeZone: string
  name: string
  phone: string
  email: string
}

/**
 * What the validation needs besides the request.
 *
 * @example
 * const context: BookingContext = { stores, now: new Date(), booked: new Map([['2026-12-01T09:00:00.000Z', 1]]) }
 */
export interface BookingContext {
  stores: readonly Store[]
  now: Date
  /** Bookings per slot start of the requested store. */
  booked: ReadonlyMap<SlotStartIso, number>
}

const CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/
const NAME_MAX = 100

function problem(field: BookingField, code: BookingProblemCode, params: Record<string, string> = {}): BookingProblem {
  const messageKey =
    code === 'required' && CHOICES.has(field)
      ? PROBLEM_MESSAGE_KEYS.requiredSelect
      : code === 'invalid' && field === 'phone'
        ? PROBLEM_MESSAGE_KEYS.invalidPhone
        : PROBLEM_MESSAGE_KEYS[code]
  return { field, code, messageKey, labelKey: LABELS[field], params }
}

/** The messages of a booking's own problems, as issue messages (the problem code is the key's last part). */
const KEYS = {
  storeNotFound: PROBLEM_MESSAGE_KEYS.storeNotFound,
  modelNotOnShow: PROBLEM_MESSAGE_KEYS.modelNotOnShow,
  slotUnavailable: PROBLEM_MESSAGE_KEYS.slotUnavailable,
  privacyRequired: PROBLEM_MESSAGE_KEYS.privacyRequired,
}

/** What a booking is judged against: the country (when it is one with stores), its store, the clock and the
 * bookings of the store's slots. */
const booking = formContext<{
  market: StoreCountry | null
  store: Store | null
  now: Date
  booked: ReadonlyMap<SlotStartIso, number>
}>()

const CODE_FIELD = z.string().max(40, INVALID).regex(CODE, INVALID)

const BOOKING_SCHEMA = z.object({
  country: requiredField(rule((): StoreCountry | null => booking.get().market)),
  // Without a country there is no store to find: only a missing store is a problem then.
  storeId: requiredField(
    rule((): Store | string | null => (booking.get().market === null ? '' : booking.get().store), KEYS.storeNotFound),
  ),
  modelCode: requiredField(
    CODE_FIELD.refine((model) => {
      const { store } = booking.get()
      return store === null || store.modelsOnShow.includes(model)
    }, KEYS.modelNotOnShow),
  ),
  carCode: optionalField(CODE_FIELD),
  slotStart: requiredField(
    rule(normalizeSlotStart).transform((slotStart, ctx) => {
      const { store, now, booked } = booking.get()
      if (store === null) return { slotStart, local: null }
      const local = utcToZoned(new Date(slotStart), store.timeZone)
      const offered = slotsFor(store, local.date, 1, now, booked).some((s) => s.start === slotStart)
      if (!offered) ctx.addIssue({ code: 'custom', message: KEYS.slotUnavailable, input: slotStart })
      return { slotStart, local }
    }),
  ),
  // Letters (any script, with their marks), spaces, apostrophes, hyphens and dots; starts with a letter.
  name: requiredField(personName(NAME_MAX, { dots: true })),
  phone: requiredField(
    rule((text) => {
      const { market } = booking.get()
      return market === null ? text : normalizePhone(market, text)
    }),
  ),
  email: requiredField(z.string().refine(isValidEmail, INVALID)),
  privacyAccepted: z.literal(true, { error: KEYS.privacyRequired }),
})

/**
 * Checks a booking request: every field is present and well formed (the phone in the country's format, see
 * phone.ts), the store is one of the country's, it shows the model, and the slot is one `slotsFor` offers now
 * (open, after the lead time, within the horizon, not full). Problems come in field order, one per field;
 * `booking` is set only when there are none.
 *
 * @example
 * validateBooking({ country: 'NO', storeId: 'no-oslo-skoyen', privacyAccepted: false }, context).problems[0]
 * // { field: 'modelCode', code: 'required', messageKey: 'testDrive.problem.requiredSelect', … }
 */
export function validateBooking(
  request: BookingRequest,
  context: BookingContext,
): { problems: BookingProblem[]; booking: ValidBooking | null } {
  // What the other fields are judged against: the country's format, the store's models and slots.
  const country = postedText.parse(request.country)
  const market = isStoreCountry(country) ? country : null
  const storeId = postedText.parse(request.storeId)
  const store = market
    ? (context.stores.find((candidate) => candidate.id === storeId && candidate.country === market) ?? null)
    : null
  const { values, issues } = booking.run({ market, store, now: context.now, booked: context.booked }, () =>
    formIssues(BOOKING_SCHEMA, { ...request, privacyAccepted: request.privacyAccepted === true }, BOOKING_FIELDS),
  )
  if (!values || market === null || store === null || values.slotStart.local === null) {
    const problems = issues.map(({ field, message, params }) => {
      const problemCode = (
        message === 'requiredSelect' ? 'required' : message.slice(message.lastIndexOf('.') + 1)
      ) as BookingProblemCode
      if (field === 'phone' && problemCode === 'invalid' && market !== null)
        return problem(field, problemCode, { example: PHONE_RULES[market].example })
      return problem(
        field,
        problemCode,
        params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : {},
      )
    })
    return { problems, booking: null }
  }
  const { slotStart, local } = values.slotStart
  return {
    problems: [],
    booking: {
      country: market,
      storeId: store.id,
      modelCode: values.modelCode,
      carCode: values.carCode,
      slotStart,
      localDate: local.date,
      localTime: local.time,
      timeZone: store.timeZone,
      name: values.name,
      phone: values.phone,
      email: values.email,
    },
  }
}
