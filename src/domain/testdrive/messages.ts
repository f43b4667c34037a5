/**
 * Message keys of the test-drive feature, so screens and the catalogs (locales/*.json) agree on one list.
 * Problem messages with `{label}` get the translated field label (`labelKey` of the problem).
 */
import { WEEKDAYS, type Weekday } from './time'

/**
 * The problem codes of a booking request; each problem also names its message key.
 *
 * @example
 * BOOKING_PROBLEM_CODES.includes('slotUnavailable') // true
 */
export const BOOKING_PROBLEM_CODES = [
  'required',
  'invalid',
  'slotUnavailable',
  'storeNotFound',
  'modelNotOnShow',
  'privacyRequired',
  'tooLong',
  'nameCharacters',
] as const
export type BookingProblemCode = (typeof BOOKING_PROBLEM_CODES)[number]

/**
 * Message keys of booking problems: `required` has a variant for choices ("Please select a {label}."), `invalid`
 * one for the phone with a well-formed `{example}`.
 *
 * @example
 * PROBLEM_MESSAGE_KEYS.slotUnavailable // 'testDrive.problem.slotUnavailable'
 */
export const PROBLEM_MESSAGE_KEYS = {
  required: 'testDrive.problem.required',
  requiredSelect: 'testDrive.problem.requiredSelect',
  invalid: 'testDrive.problem.invalid',
  invalidPhone: 'testDrive.problem.invalidPhone',
  slotUnavailable: 'testDrive.problem.slotUnavailable',
  storeNotFound: 'testDrive.problem.storeNotFound',
  modelNotOnShow: 'testDrive.problem.modelNotOnShow',
  privacyRequired: 'testDrive.problem.privacyRequired',
  tooLong: 'validation.tooLong',
  nameCharacters: 'validation.nameCharacters',
} as const
export type ProblemMessageKey = (typeof PROBLEM_MESSAGE_KEYS)[keyof typeof PROBLEM_MESSAGE_KEYS]

/**
 * Labels of the form fields, written to fit into the `{label}` of the problem messages.
 *
 * @example
 * FIELD_LABEL_KEYS.phone // 'testDrive.field.phone'
 */
export const FIELD_LABEL_KEYS = {
  country: 'testDrive.field.country',
  store: 'testDrive.field.store',
  model: 'testDrive.field.model',
  slot: 'testDrive.field.slot',
  name: 'testDrive.field.name',
  phone: 'testDrive.field.phone',
  email: 'testDrive.field.email',
  privacy: 'testDrive.field.privacy',
} as const
export type FieldLabelKey = (typeof FIELD_LABEL_KEYS)[keyof typeof FIELD_LABEL_KEYS]

/**
 * The message key of a weekday's name, for opening hours.
 *
 * @example
 * weekdayKey('mon') // 'testDrive.weekday.mon'
 */
export function weekdayKey(day: Weekday): `testDrive.weekday.${Weekday}` {
  return `testDrive.weekday.${day}`
}

/**
 * Other texts of the booking screen: the closed-day label, free cars of a slot (`{count}`), a store's distance
 * (`{distance}`, already formatted), the "not guaranteed" note (SPEC §2) and the nearest-store error (SPEC §8).
 *
 * @example
 * SCREEN_MESSAGE_KEYS.notGuaranteed // 'testDrive.note.notGuaranteed'
 */
export const SCREEN_MESSAGE_KEYS = {
  closed: 'testDrive.hours.closed',
  slotAvailable: 'testDrive.slot.available',
  distance: 'testDrive.store.distance',
  notGuaranteed: 'testDrive.note.notGuaranteed',
  nearestStoreError: 'testDrive.error.nearestStore',
} as const

/**
 * Every message key the test-drive feature uses; each must exist in all 13 catalogs.
 *
 * @example
 * TEST_DRIVE_MESSAGE_KEYS.includes('testDrive.error.nearestStore') // true
 */
export const TEST_DRIVE_MESSAGE_KEYS: readonly string[] = [
  ...Object.values(PROBLEM_MESSAGE_KEYS),
  ...Object.values(FIELD_LABEL_KEYS),
  ...WEEKDAYS.map(weekdayKey),
  ...Object.values(SCREEN_MESSAGE_KEYS),
]
